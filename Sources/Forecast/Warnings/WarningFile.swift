internal import JapanTime
import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An office's warning file in the `r8` format (`bosai/warning/data/r8/{office}.json`, since
/// 2026-05-28): an array of telegrams (大雨, 土砂災害, 風, 波, 雷・濃霧 …), each with its own
/// `reportDatetime` and, for each class10 area, the kinds it holds.
///
/// What is in force for an area: every telegram's `kinds` for the area's code, but those whose
/// status is 解除 (lifted) or 発表警報・注意報はなし (none). Only the keys read here are required;
/// `class20Items`, `properties` and the rest are skipped unread.
struct WarningFile: Sendable, Decodable {
    struct Telegram: Sendable, Decodable {
        let reportDatetime: String
        let warning: Body
    }

    struct Body: Sendable, Decodable {
        let class10Items: [Item]
    }

    struct Item: Sendable, Decodable {
        let areaCode: String
        let kinds: [Kind]
    }

    struct Kind: Sendable, Decodable {
        let code: String?
        let status: String
        let additions: [String]?
    }

    let telegrams: [Telegram]

    init(from decoder: any Decoder) throws {
        telegrams = try [Telegram](from: decoder)
    }

    /// Decodes a file of `office`.
    ///
    /// - Throws: ``ForecastError/notJSON(what:)`` for a body that is not JSON, and
    ///   ``ForecastError/other(_:)`` naming the office for JSON that is not an `r8` file.
    static func decode(_ body: Data, office: String) throws(ForecastError) -> WarningFile {
        do {
            return try ForecastError.decoding(WarningFile.self, from: body)
        } catch .invalidResponse(let path, let problem) {
            throw .other("the agency's warning file of office \(office) is not of the r8 shape: \(path.isEmpty ? "" : path + ": ")\(problem)")
        }
    }

    /// What is in force for the class10 area `code`.
    ///
    /// - Throws: ``ForecastError/other(_:)`` when no telegram lists the area.
    func warnings(for code: String, office: String) throws(ForecastError) -> CityWarnings {
        var listed = false
        var warnings: [Warning] = []
        for telegram in telegrams {
            for item in telegram.warning.class10Items where item.areaCode == code {
                listed = true
                for kind in item.kinds where !Self.notInForce.contains(kind.status) {
                    guard let kindCode = kind.code else { continue }
                    warnings.append(Warning(code: kindCode, status: kind.status, reported: telegram.reportDatetime, additions: kind.additions ?? []))
                }
            }
        }
        guard listed else { throw .other("the agency's warning file of office \(office) does not list area \(code)") }
        let newest = telegrams.map(\.reportDatetime).max { (JST.parseInstant($0) ?? 0) < (JST.parseInstant($1) ?? 0) } ?? ""
        return CityWarnings(office: office, reported: newest, warnings: warnings.sorted(by: Warning.inOrder), readOn: "")
    }

    /// The statuses of a kind that is not in force.
    static let notInForce: Set<String> = ["解除", "発表警報・注意報はなし"]
}

/// `<agencyURL>/bosai/warning/data/r8/{office}.json`: the warnings of an office's areas, one file for its cities. The
/// file is the city's page's (``AgencyArea/page``): the forecast office, but for 十勝 (014030) and 奄美 (460040), which
/// have files of their own (the forecast is in 014100's and 460100's, and those warning files do not hold them). Fresh
/// for 5 minutes: warnings change at any hour. Kept in the cache's `warnings/` folder. The old
/// `bosai/warning/data/warning/` files are never read: they stopped changing on 2026-05-28.
struct WarningSource: FileSource {
    let agencyURL: String
    let endpoint: Endpoint

    var shelf: ForecastCache.Shelf { ForecastCache.Shelf(folder: "warnings", freshness: .seconds(ForecastClient.warningsFreshness)) }

    func key(for city: City) throws(ForecastError) -> String {
        guard let area = AgencyArea.of(city) else {
            throw .other("the agency names no warning file for \(city.id)")
        }
        return area.page
    }

    func url(for key: String) -> String { "\(agencyURL)/bosai/warning/data/r8/\(key).json" }

    func decode(_ body: Data, key: String) throws(ForecastError) -> WarningFile {
        try WarningFile.decode(body, office: key)
    }
}
