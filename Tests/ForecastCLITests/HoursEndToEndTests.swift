import Forecast
@testable import ForecastCLI
import Foundation
import JapanTime
import MockAPI
import Testing
import TestSupport

/// `forecast hours`, end to end against the mock, which serves the real 3-hourly file of 東京地方 and one made for
/// every other city, all dated by its clock (`--stamp-release`), and the offices' forecast files beside them.
@Suite("The next hours, end to end", .enabled(if: !Sanitizer.isActive, "its forecast processes would starve the sanitized suite, whose timing tests then fail; the plain suite runs it"))
struct HoursEndToEndTests {
    static func stamped(_ faults: [String: [String: FaultRule]] = [:]) -> MockConfiguration {
        MockConfiguration(faultsBySource: faults, stampsRelease: true)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    static let header = "id\tcity\tprefecture\ttime\tweather\ttemp_c\twind_dir\twind_min_ms\twind_max_ms\tpop"

    @Test("TSV of 東京 and 横浜: two files a city, the period under way first and none ended; JSON, the line and waybar from the cache")
    func formats() async throws {
        try await withMock(Self.stamped()) { mock, env in
            let started = Int(Date().timeIntervalSince1970)
            let tsv = try await forecast(["hours", "東京", "横浜"], environment: env)
            #expect(tsv.status == 0 && tsv.stderr == "", "\(tsv.stderr)")
            let lines = Self.lines(tsv.stdout)
            #expect(lines.first == Self.header && lines.count > 2)
            for id in ["130010", "140010"] {
                let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }.filter { $0[0] == id }
                let starts = rows.compactMap { JST.parseInstant(String($0[3].prefix(16)) + ":00+09:00") }
                #expect(!rows.isEmpty && starts.count == rows.count && rows.allSatisfy { $0.count == 10 })
                #expect(starts == starts.sorted() && starts.allSatisfy { $0 + 3 * 3600 > started }, "no period that has ended")
                // The period under way first; from 05:00 to 06:00 JST the file of 05:00 starts at 06:00.
                #expect(starts.first.map { $0 < started + 3600 } == true, "the period under way first")
                #expect(rows.allSatisfy { Int($0[7]) == 3 && Int($0[8]) == 5 && ["N", "NE", "E", "SE", "S", "SW", "W", "NW"].contains(String($0[6])) })
            }
            #expect(mock.stats().requestsBySource["hours"] == ["130010": 1, "140010": 1])
            #expect(mock.stats().requestsBySource["office"] == ["130000": 1, "140000": 1])

            let json = try await forecast(["hours", "-f", "json", "--lang", "en", "東京"], environment: env)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(array[0]["city"] as? String == "Tokyo" && array[0]["office"] as? String == "130000" && array[0]["source"] as? String == "jma")
            #expect((array[0]["temperature_point"] as? [String: Any])?["name"] as? String == "Tokyo" && (array[0]["public_time"] as? String)?.hasSuffix(":00:00+09:00") == true)
            let first = try #require((array[0]["hours"] as? [[String: Any]])?.first)
            #expect(Set(first.keys) == ["time", "telop", "temp_c", "wind_dir", "wind_min_ms", "wind_max_ms", "rain"])
            #expect(["clear", "cloudy", "rain", "rain or snow", "snow"].contains(first["telop"] as? String ?? ""))

            let line = try await forecast(["hours", "-f", "line", "東京"], environment: env)
            let tokyoRows = lines.filter { $0.hasPrefix("130010\t") }.count
            #expect(line.stdout.hasPrefix("東京 ") && line.stdout.components(separatedBy: " | ").count == min(8, tokyoRows), "\(line.stdout)")
            let waybar = try await forecast(["hours", "-f", "waybar", "東京"], environment: env)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
            #expect((object["text"] as? String)?.hasPrefix("東京 ") == true && (object["tooltip"] as? String)?.contains("出典: 気象庁") == true)
            #expect(mock.stats().requestsServed == 4, "every later run is the cache's")
        }
    }

    @Test("142 cities in parallel: 142 3-hourly files and one forecast file per office (56); a second run within the release asks for none")
    func everyCity() async throws {
        try await withMock(Self.stamped()) { mock, env in
            let ids = CityCatalog.all.map(\.id)
            let offices = Set(ids.compactMap { id in AgencyArea.all.first { $0.city == id }?.office })
            #expect(ids.count == 142 && offices.count == 56)
            let first = try await forecast(["hours", "-p", "-f", "line"] + ids, environment: env)
            #expect(first.status == 0 && Self.lines(first.stdout).count == 142, "\(first.stderr)")
            #expect(mock.stats().requestsBySource["hours"]?.count == 142 && mock.stats().requestsBySource["hours"]?.values.allSatisfy { $0 == 1 } == true)
            #expect(mock.stats().requestsBySource["office"]?.count == 56 && mock.stats().requestsServed == 142 + 56)
            let second = try await forecast(["hours", "-p", "-f", "line"] + ids, environment: env)
            #expect(second.stdout == first.stdout && second.status == 0)
            #expect(mock.stats().requestsServed == 142 + 56, "the second run is the cache's")
        }
    }

    @Test("The office's forecast file failing: the rows print without the chance of rain, one stderr line names the file, exit 1")
    func officeFails() async throws {
        try await withMock(Self.stamped(["office": ["130000": FaultRule(.status(404))]])) { _, env in
            let result = try await forecast(["hours", "--retries", "0", "東京", "横浜"], environment: env)
            #expect(result.status == 1)
            #expect(result.stderr == "forecast: 130010 東京: the agency's forecast file 130000.json: HTTP 404\n")
            let rows = Self.lines(result.stdout).dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            #expect(rows.filter { $0[0] == "130010" }.allSatisfy { $0[9].isEmpty } && rows.contains { $0[0] == "130010" })
            #expect(rows.filter { $0[0] == "140010" }.allSatisfy { Int($0[9]) != nil } && rows.contains { $0[0] == "140010" })
            let json = try await forecast(["hours", "--retries", "0", "-f", "json", "東京"], environment: env)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let hours = try #require(array[0]["hours"] as? [[String: Any]])
            #expect(json.status == 1 && !hours.isEmpty && hours.allSatisfy { $0["rain"] is NSNull && $0["temp_c"] is Int })
        }
    }

    @Test(
        "A city's 3-hourly file failing: its city fails naming the file, the others print, exit 1",
        arguments: [
            (FaultRule(.malformedJSON), "the response was not valid JSON"),
            (FaultRule(.status(404)), "HTTP 404"),
            (FaultRule(.html), "the response was an HTML page, not JSON"),
        ])
    func hoursFileFails(rule: FaultRule, reason: String) async throws {
        try await withMock(Self.stamped(["hours": ["140010": rule]])) { _, env in
            let result = try await forecast(["hours", "--retries", "0", "-f", "line", "横浜", "東京"], environment: env)
            #expect(result.status == 1)
            #expect(result.stderr == "forecast: 140010 横浜: the agency's 3-hourly file 140010.json: \(reason)\n")
            #expect(Self.lines(result.stdout).first == "横浜 (failed)" && Self.lines(result.stdout).last?.hasPrefix("東京 ") == true)
        }
    }

    @Test("What `hours` does not take is a usage error, exit 64, before any request", arguments: [
        (["hours", "tokio"], "forecast: no city is called \"tokio\"; did you mean Tokyo / 東京 (130010)?"),
        (["hours", "-f", "detail", "東京"], "forecast: `forecast hours` prints table, tsv, json, line, waybar or a template (got --format detail)"),
        (["hours", "--days", "2", "東京"], "forecast: -d, --days does not apply to `forecast hours`"),
        (["hours", "--warnings", "東京"], "forecast: --warnings does not apply to `forecast hours`"),
        (["hours", "--source", "jma", "東京"], "forecast: --source does not apply to `forecast hours`"),
    ])
    func usage(arguments: [String], message: String) async throws {
        try await withMock(Self.stamped()) { mock, env in
            let result = try await forecast(arguments, environment: env)
            #expect(result.status == 64 && result.stdout == "")
            #expect(Self.lines(result.stderr).first == message, "\(result.stderr)")
            #expect(mock.stats().requestsServed == 0)
        }
    }
}
