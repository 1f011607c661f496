#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The forecaster's written overview of an office's weather, decoded from the agency's
/// `https://www.jma.go.jp/bosai/forecast/data/overview_forecast/{office}.json`: what the API gives as `description`.
public struct AgencyOverview: Sendable, Equatable {
    /// The office that wrote it, e.g. "気象庁".
    public var publishingOffice: String
    /// When it was written, ISO 8601 with offset ("2023-07-28T10:37:00+09:00").
    public var reportTime: String
    /// The area it is about, e.g. "東京都".
    public var targetArea: String
    /// A headline, often "".
    public var headlineText: String
    /// The overview itself: paragraphs separated by "\n\n", each starting with U+3000.
    public var text: String

    /// An overview from its parts.
    public init(publishingOffice: String, reportTime: String, targetArea: String, headlineText: String, text: String) {
        self.publishingOffice = publishingOffice
        self.reportTime = reportTime
        self.targetArea = targetArea
        self.headlineText = headlineText
        self.text = text
    }

    /// Decodes an overview file: a single object whose `reportDatetime` and `text` are required.
    public static func decode(_ body: Data) throws(ForecastError) -> AgencyOverview {
        try ForecastError.decoding(AgencyOverview.self, from: body)
    }

    /// The overview as the API's `description`: `text` is the headline, a blank line and the
    /// body, or the body alone when there is no headline.
    public var description: ForecastDescription {
        ForecastDescription(
            publicTime: reportTime, publicTimeFormatted: AgencyTime.formatted(reportTime), headlineText: headlineText,
            bodyText: text, text: headlineText.isEmpty ? text : headlineText + "\n\n" + text)
    }
}

extension AgencyOverview: Decodable {
    /// Decodes the file's object; `publishingOffice`, `targetArea` and `headlineText` may be missing ("").
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        publishingOffice = try container.decodeIfPresent(String.self, forKey: "publishingOffice") ?? ""
        reportTime = try container.decode(String.self, forKey: "reportDatetime")
        targetArea = try container.decodeIfPresent(String.self, forKey: "targetArea") ?? ""
        headlineText = try container.decodeIfPresent(String.self, forKey: "headlineText") ?? ""
        text = try container.decode(String.self, forKey: "text")
    }
}
