import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// Issue "What the weather is now": `forecast now`, end to end against the mock, which serves
/// the real map file of 2021-02-24 15:00 under the newest time of its clock when it stamps.
@Suite("The observations now, end to end")
struct NowEndToEndTests {
    static let stamped = MockConfiguration(stampsRelease: true)

    @Test("All 142 cities: 2 requests, a TSV row each in input order but for the two stations the file lacks; a second run: none")
    func allCities() async throws {
        try await withMock(Self.stamped) { mock, env in
            let ids = CityCatalog.all.map(\.id)
            let result = try await forecast(["now", "-p", "-j", "50"] + ids, environment: env)
            #expect(result.status == 1)
            #expect(mock.stats().requestsBySource["amedas"] == ["latest_time": 1, "map": 1])
            #expect(mock.stats().requestsServed == 2)
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.first == "id\tcity\tprefecture\tstation\tobserved\ttemp_c\thumidity\twind_dir\twind_ms\tprecip_10m_mm\tprecip_1h_mm\tprecip_24h_mm\tsun_1h_h\tsnow_cm\tpressure_hpa\tweather")
            #expect(lines.dropFirst().map { String($0.prefix { $0 != "\t" }) } == ids.filter { $0 != "120020" && $0 != "390010" })
            #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 16 })
            let tokyo = try #require(lines.first { $0.hasPrefix("130010\t") }).split(separator: "\t", omittingEmptySubsequences: false)
            #expect(Array(tokyo[0...3]) == ["130010", "東京", "東京都", "44132"])
            #expect(tokyo[4].wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d0\+09:00/) != nil, "\(tokyo[4])")
            #expect(Array(tokyo[5...]) == ["10.8", "24", "NW", "4.4", "0.0", "0.0", "0.0", "1.0", "0", "", ""])
            let errors = result.stderr.split(separator: "\n")
            #expect(errors.count == 2 && errors[0].hasPrefix("forecast: 120020 銚子: the agency's observations at "))
            #expect(errors[0].hasSuffix(" have no station 45148 (銚子)"), "\(errors)")

            let again = try await forecast(["now", "-f", "line", "東京", "横浜"], environment: env)
            #expect(again.stdout == "東京 10.8°C 24% 北西 4.4m/s\n横浜 10.8°C 29% 東 3.7m/s\n" && again.status == 0)
            #expect(mock.stats().requestsServed == 2, "the second run is the cache's")
        }
    }

    @Test("JSON, the line in English and a template: the values now; `%t` in the 3-day forecast prints -")
    func formats() async throws {
        try await withMock(Self.stamped) { _, env in
            let json = try await forecast(["now", "-f", "json", "--lang", "en", "東京", "銚子"], environment: env)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(array[0]["station"] as? [String: String] == ["code": "44132", "name": "Tokyo"])
            #expect(array[0]["wind_dir"] as? String == "NW" && array[0]["temp_c"] as? Double == 10.8 && array[0]["stale"] == nil)
            #expect(array[1]["error_kind"] as? String == "other" && json.status == 1)
            let line = try await forecast(["now", "-f", "line", "--lang", "en", "tokyo"], environment: env)
            #expect(line.stdout == "Tokyo 10.8°C 24% NW 4.4m/s\n")
            let template = try await forecast(["now", "-f", "%l %t° %h %W %R", "東京"], environment: env)
            #expect(template.stdout == "東京 10.8° 24% 北西 4.4m/s 0.0\n")
            let forecastTemplate = try await forecast(["-f", "%l %t", "東京"], environment: env)
            #expect(forecastTemplate.stdout == "東京 -\n")
        }
    }

    @Test("The table: one row a city, the observation time and the agency's credit below")
    func table() async throws {
        try await withMock(Self.stamped) { _, env in
            for columns in ["40", "80", "120"] {
                var environment = env
                environment["COLUMNS"] = columns
                let result = try await forecast(["now", "-f", "table", "東京", "那覇", "稚内"], environment: environment)
                let lines = result.stdout.split(separator: "\n").map(String.init)
                #expect(lines.allSatisfy { DisplayWidth.of($0) <= Int(columns)! }, "\(result.stdout)")
                #expect(lines.contains { $0.hasPrefix("観測 ") && $0.hasSuffix(" JST") } && lines.last == "出典: 気象庁")
                #expect(["10.8", "22.5", "-6.8"].allSatisfy(result.stdout.contains), "\(result.stdout)")
            }
        }
    }

    @Test("--watch -f waybar: the line now at once in waybar's object, the table in its tooltip, no fallback class; the watch waits for the next file; SIGTERM ends it with 0")
    func watchWaybar() async throws {
        try await withMock(Self.stamped) { mock, env in
            let watch = try CommandProcess(["now", "--watch", "-f", "waybar", "東京", "札幌"], environment: env)
            #expect(await eventually { (try? watch.stdoutSoFar())?.hasSuffix("}\n") == true })
            let printed = try watch.stdoutSoFar()
            let object = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
            #expect(object["text"] as? String == "東京 10.8°C 24% 北西 4.4m/s  札幌 -2.7°C 44% 西 4.4m/s")
            #expect((object["tooltip"] as? String)?.contains("出典: 気象庁") == true)
            #expect(object["class"] as? [String] == [])
            #expect(watch.isRunning && mock.stats().requestsServed == 2)
            watch.terminate()
            let result = try await watch.finish()
            #expect(result.status == 0 && !result.signalled)
        }
    }

    @Test("An observation over 3 hours old is printed, marked stale on stderr and in JSON, exit 1")
    func outdated() async throws {
        try await withMock { _, env in
            let result = try await forecast(["now", "-f", "json", "東京"], environment: env)
            #expect(result.status == 1)
            #expect(result.stderr == "forecast: 130010 東京: the agency's newest observations are from 2021-02-24 15:00, over 3 hours ago; printed, marked stale\n")
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(array[0]["stale"] as? Bool == true && array[0]["observed"] as? String == "2021-02-24T15:00:00+09:00")
        }
    }

    @Test("--stale-if-error: latest_time.txt failing, its cached copy names the map; every city is printed, marked stale, exit 1")
    func staleIfError() async throws {
        try await withMock(Self.stamped) { mock, env in
            #expect(try await forecast(["now", "東京"], environment: env).status == 0)
            var broken = mock.configuration
            broken.faultsBySource["amedas"] = ["latest_time": FaultRule(.status(503))]
            mock.configuration = broken
            let failed = try await forecast(["now", "--refresh", "--retries", "0", "-f", "line", "東京"], environment: env)
            #expect(failed.status == 1 && failed.stdout == "東京 (failed)\n")
            #expect(failed.stderr == "forecast: 130010 東京: the agency's latest_time.txt: HTTP 503\n")
            let stale = try await forecast(["now", "--refresh", "--retries", "0", "--stale-if-error", "1h", "-f", "json", "東京"], environment: env)
            #expect(stale.status == 1)
            #expect(stale.stderr.hasPrefix("forecast: 130010 東京: the agency's latest_time.txt: HTTP 503; showing the cached copy from "), "\(stale.stderr)")
            let array = try #require(try JSONSerialization.jsonObject(with: Data(stale.stdout.utf8)) as? [[String: Any]])
            #expect(array[0]["stale"] as? Bool == true && array[0]["temp_c"] as? Double == 10.8 && array[0]["fetched_at"] != nil)
        }
    }

    @Test("latest_time.txt missing: every city fails in words, exit 1, and no map is asked for")
    func latestMissing() async throws {
        var configuration = Self.stamped
        configuration.faultsBySource["amedas"] = ["latest_time": FaultRule(.status(404))]
        try await withMock(configuration) { mock, env in
            let result = try await forecast(["now", "--retries", "0", "東京", "大阪"], environment: env)
            #expect(result.status == 1 && result.stdout.split(separator: "\n").count == 1)
            #expect(result.stderr == "forecast: 130010 東京: the agency's latest_time.txt: HTTP 404\nforecast: 270000 大阪: the agency's latest_time.txt: HTTP 404\n")
            #expect(mock.stats().requestsBySource["amedas"] == ["latest_time": 1])
        }
    }

    @Test("What `now` does not print or take is a usage error, exit 64, before any request", arguments: [
        (["now", "-f", "detail", "東京"], "forecast: `forecast now` prints table, tsv, json, line, waybar or a template (got --format detail)"),
        (["now", "--watch", "-f", "tsv", "東京"], "forecast: --watch prints line, a template or waybar (got --format tsv)"),
        (["now", "--source", "jma", "東京"], "forecast: --source does not apply to `forecast now`"),
        (["now", "--days", "2", "東京"], "forecast: -d, --days does not apply to `forecast now`"),
        (["now", "tokio"], "forecast: no city is called \"tokio\"; did you mean Tokyo / 東京 (130010)?"),
    ])
    func usage(arguments: [String], message: String) async throws {
        try await withMock(Self.stamped) { mock, env in
            let result = try await forecast(arguments, environment: env)
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
            #expect(mock.stats().requestsServed == 0)
        }
    }
}
