@testable import Forecast
import Foundation
import Testing
import TestSupport

/// GUIDE.md's JSON schema is every command's JSON: each key a command prints is a row of the table, with that type,
/// naming that command; and each row that names a command is printed by it. The commands' JSON is their formatter's
/// over the fixtures the format tests use, in both languages and both units, with a failed city, a stale copy, the agency's file in
/// the API's place and `--warnings`' member, so that every key a command can print is printed.
@Suite("GUIDE's JSON schema")
struct GuideJSONSchemaTests {
    /// One row of the table: a key's path, its type and the commands that print it.
    struct Row: CustomStringConvertible {
        /// A jq path without its dot: `public_time`, `days[].min_c`, `station.code`, `incomplete[]`.
        let key: String
        /// `string`, `integer`, `number`, `boolean`, `time`, `date`, `array`, `object`, each maybe `or null`.
        let type: String
        let commands: Set<String>
        var description: String { key }
    }

    /// The commands, as the table names them.
    static let commands = ["forecast", "week", "now", "hours", "warnings", "sun", "cities"]

    /// The rows of the table under GUIDE.md's "### The JSON schema".
    static func rows() throws -> [Row] {
        let guide = try String(contentsOf: fixturesDirectory.deletingLastPathComponent().appendingPathComponent("GUIDE.md"), encoding: .utf8)
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        let section = try #require(lines.firstIndex(of: "### The JSON schema"), "GUIDE.md has no section \"### The JSON schema\"")
        let header = try #require(lines[section...].firstIndex(of: "| key | type | commands | meaning |"), "no table of keys")
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let code = { (cell: String) in cell.replacing("`", with: "") }
            return Row(key: code(cells[0]), type: cells[1], commands: Set(code(cells[2]).split(separator: " ").map(String.init)))
        }
    }

    /// Each command's JSON, as its formatter prints it for the fixtures, in Japanese and in English, and in imperial
    /// units (whose keys say `_f` and `_mph`).
    static func outputs() throws -> [(command: String, json: String)] {
        func both<Report: CityReport>(_ results: [CityResult<Report>], decoration: (any CityDecoration)? = nil) -> [String] {
            [(Language.ja, Units.metric), (.en, .metric), (.ja, .imperial)].map { language, units in
                var formatter = JSONFormatter(language: language)
                formatter.units = units
                formatter.decoration = decoration
                return formatter.format(results)
            }
        }
        let stale = Staleness(error: .http(status: 503, attempts: 3), fetched: japanTime(2026, 3, 12, 5, 10), age: 3000)
        /// The first result again, as a stale copy shown for its failed fetch.
        func withStale<Report>(_ results: [CityResult<Report>]) -> [CityResult<Report>] {
            let first = results[0]
            return results + [
                CityResult(city: first.city, outcome: first.outcome, stale: stale, provider: first.provider),
            ]
        }
        let evening = WarningFormatTests.evening
        let marks = WarningMarks([
            try WarningFormatTests.success("130010", CityWarnings(office: "130000", reported: evening, warnings: [
                Warning(code: "33", status: "発表", reported: evening, additions: ["竜巻"]), Warning(code: "05", status: "継続", reported: evening),
            ])),
            try WarningFormatTests.success("330010", WarningFormatTests.warnings([], office: "330000")),
            CityResult(city: try CityCatalog.resolve("140010"), outcome: .failure(.http(status: 404, attempts: 1)), provider: .jma),
        ])
        let threeDay = try GoldenCase.Run.oneFailed.results()
        let standIn = FetchResult(city: threeDay[0].city, outcome: threeDay[0].outcome, provider: .jma)
        let hours = try HoursTests.result(try HoursTests.hours(try HoursTests.body(), at: "2026-10-04T05:30", rain: { _ in 10 }))
        let hoursFailed = CityResult<CityHours>(city: try CityCatalog.resolve("140010"), outcome: .failure(.http(status: 404, attempts: 1)), provider: .jma)
        var outputs: [(String, [String])] = [
            ("forecast", both(withStale(threeDay) + [standIn], decoration: marks) + both(threeDay)),
            ("week", both(withStale(try WeeklyRun.fourCities.results()), decoration: marks) + both(try WeeklyRun.unknownCode.results())),
            ("now", both(withStale(try ObservationFormatTests.results()))),
            ("hours", both(withStale([hours, hoursFailed]))),
            ("warnings", both(withStale(try WarningFormatTests.results()))),
            ("sun", both(try SunFormatTests.results(count: 2) + [try SunFormatTests.failedResult()])),
        ]
        outputs.append(("cities", Language.allCases.map { CatalogFormatter(language: $0).json(Array(CityCatalog.all.prefix(3))) }))
        return outputs.flatMap { command, texts in texts.map { (command, $0) } }
    }

    /// A JSON value as decoded, with its kind kept (a number is not a boolean, nor 12.5 a whole number).
    enum Value: Decodable {
        case null, boolean(Bool), integer(Int), number(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let boolean = try? value.decode(Bool.self) {
                self = .boolean(boolean)
            } else if let integer = try? value.decode(Int.self) {
                self = .integer(integer)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else if let string = try? value.decode(String.self) {
                self = .string(string)
            } else if let array = try? value.decode([Value].self) {
                self = .array(array)
            } else {
                self = .object(try value.decode([String: Value].self))
            }
        }

        /// Whether it is of a type of the table's.
        func isOf(_ type: String) -> Bool {
            let nullable = type.hasSuffix(" or null")
            let base = nullable ? String(type.dropLast(" or null".count)) : type
            switch (self, base) {
            case (.null, _): return nullable
            case (.boolean, "boolean"), (.integer, "integer"), (.integer, "number"), (.number, "number"),
                 (.array, "array"), (.object, "object"), (.string, "string"):
                return true
            case (.string(let text), "time"):
                return text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00/) != nil
            case (.string(let text), "date"):
                return text.wholeMatch(of: /\d{4}-\d\d-\d\d/) != nil
            default: return false
            }
        }

        /// Every key below it, as a path from it, with its value: an object's members (`a`, `a.b`), an array's
        /// elements' members (`a[].b`) and its elements that are not objects (`a[]`).
        func keys(under path: String) -> [(key: String, value: Value)] {
            switch self {
            case .object(let members):
                return members.flatMap { key, value in
                    let inner = path.isEmpty ? key : path + "." + key
                    return [(inner, value)] + value.keys(under: inner)
                }
            case .array(let elements):
                return elements.flatMap { element in
                    if case .object = element { return element.keys(under: path + "[]") }
                    return [(path + "[]", element)] + element.keys(under: path + "[]")
                }
            default: return []
            }
        }
    }

    @Test("Every key of every command's JSON is in the table, of its type, naming the command; every row is printed by the commands it names")
    func schema() throws {
        let rows = try Self.rows()
        #expect(rows.count > 40, "the table was read: \(rows.count) rows")
        var byKey: [String: Row] = [:]
        for row in rows {
            #expect(byKey.updateValue(row, forKey: row.key) == nil, "\(row.key) is in the table twice")
            #expect(row.commands.isSubset(of: Self.commands) && !row.commands.isEmpty, "\(row.key) names commands \(row.commands.sorted())")
        }
        var seen: [String: Set<String>] = [:]
        for (command, json) in try Self.outputs() {
            let cities = try JSONDecoder().decode([Value].self, from: Data(json.utf8))
            #expect(!cities.isEmpty)
            for city in cities {
                for (key, value) in city.keys(under: "") {
                    seen[command, default: []].insert(key)
                    guard let row = byKey[key] else {
                        Issue.record("\(command)'s JSON has \(key), which GUIDE's JSON schema does not list")
                        continue
                    }
                    #expect(row.commands.contains(command), "\(command)'s JSON has \(key), whose row names \(row.commands.sorted())")
                    #expect(value.isOf(row.type), "\(command)'s \(key) is \(value), not \(row.type)")
                }
            }
        }
        for row in rows {
            for command in row.commands.sorted() {
                #expect(seen[command]?.contains(row.key) == true, "\(row.key)'s row names \(command), whose JSON does not have it")
            }
        }
    }

    @Test("A time is one form in JSON, whatever its source wrote: seconds and Japan's offset; TSV keeps the source's")
    func oneFormOfTime() throws {
        #expect(JSONText.time("2026-11-29T05:10+09:00").text == #""2026-11-29T05:10:00+09:00""#)
        #expect(JSONText.time("2026-11-28T20:19:51Z").text == #""2026-11-29T05:19:51+09:00""#)
        #expect(JSONText.time("2026-11-29T05:00:00+09:00").text == #""2026-11-29T05:00:00+09:00""#)
        #expect(JSONText.time(nil).text == "null" && JSONText.time("soon").text == #""soon""#)
        #expect(FieldValue.time("2026-11-29T05:10+09:00").tsv == "2026-11-29T05:10+09:00")
    }
}
