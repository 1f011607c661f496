import Forecast
import Foundation
import Testing
import TestSupport

/// Text from the agency's file passes the same gate as the API's: controls and bidi overrides
/// become a visible stand-in in every text format, and JSON escapes them.
@Suite("Week formats and untrusted text")
struct WeeklyUntrustedTextTests {
    static let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m\u{202E}x\tq\ny"

    /// A week whose every text from the file is hostile, and a city failed with a hostile reason.
    static func results() throws -> [WeeklyResult] {
        let day = WeeklyDay(
            date: "2021-07-25", weekday: .sunday, code: hostile, rain: 30, reliability: hostile,
            min: WeeklyTemperature(value: -1.5, lower: nil, upper: 0), max: .unknown)
        let week = WeeklyForecast(
            office: "130000", publishingOffice: hostile, reportTime: "2021-07-24T11:00:00+09:00\u{1B}[31m",
            area: AgencyPlace(code: "130010", name: hostile), temperaturePoint: AgencyPlace(code: "44132", name: hostile),
            pointsLookedFor: ["44132"], days: [day])
        return [
            WeeklyResult(city: try CityCatalog.resolve("130010"), outcome: .success(week)),
            WeeklyResult(city: try CityCatalog.resolve("140010"),
                         outcome: .failure(.notInAgencyFile(office: "140000", problem: hostile))),
        ]
    }

    static let formatters: [any ResultFormatter] = [
        TSVFormatter(), LineFormatter(days: 7), TableFormatter(), TableFormatter(width: 40),
        TableFormatter(language: .en, width: 40), TemplateFormatter(template: (try? FormatTemplate("%c %C %r %l"))!, days: 7),
    ]

    @Test("No control or bidi character reaches a text format; tabs and newlines are the formatter's own")
    func textFormats() throws {
        let results = try Self.results()
        for formatter in Self.formatters {
            let text = formatter.format(results)
            let stray = text.unicodeScalars.filter { UntrustedText.isControl($0) && $0 != "\t" && $0 != "\n" }
            #expect(stray.isEmpty, "\(type(of: formatter)): \(stray.map { String($0.value, radix: 16) })")
            #expect(text.contains(String(UntrustedText.standIn)), "\(type(of: formatter))")
        }
        // TSV keeps ten fields: the hostile tab and newline became spaces.
        let row = TSVFormatter(header: false).format(try Self.results())
        #expect(row.split(separator: "\n").count == 1)
        #expect(row.split(separator: "\t", omittingEmptySubsequences: false).count == 10)
    }

    @Test("JSON keeps the text and escapes every control; it parses back to the same values")
    func json() throws {
        let text = JSONFormatter().format(try Self.results())
        #expect(!text.unicodeScalars.contains { UntrustedText.isControl($0) && $0 != "\n" })
        #expect(text.contains("\\u001b") && text.contains("\\u009b") && text.contains("\\u202e"))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let day = try #require((array[0]["days"] as? [[String: Any]])?.first)
        #expect(day["code"] as? String == Self.hostile && day["reliability"] as? String == Self.hostile)
        #expect(day["telop"] is NSNull && day["max_c"] is NSNull && day["min_c"] as? Double == -1.5 && day["min_c_upper"] as? Int == 0)
        #expect((array[0]["temperature_point"] as? [String: String])?["name"] == Self.hostile)
        #expect(array[1]["error_kind"] as? String == "area")
        #expect((array[1]["error"] as? String)?.hasSuffix(Self.hostile) == true)
    }
}
