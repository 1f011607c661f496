import Forecast
@testable import ForecastCLI
import Foundation
import MockAPI
import Testing
import TestSupport

/// `forecast warnings` and `--warnings`, end to end against the mock, which serves the real
/// r8 files of 2026-08-13 for 130000, 014030 and 460040 and a file with nothing in force for
/// every other office.
@Suite("The warnings in force, end to end", .enabled(if: !Sanitizer.isActive, "its dozens of forecast processes would starve the sanitized suite, whose timing tests then fail; the plain suite runs it"))
struct WarningsEndToEndTests {
    static let stamped = MockConfiguration(stampsRelease: true)

    static func stamped(faultsByWarning: [String: FaultRule]) -> MockConfiguration {
        MockConfiguration(faultsBySource: ["warning": faultsByWarning], stampsRelease: true)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("TSV of 東京, 千葉 and 帯広: one request per file (帯広 its own), a row per warning, level 0 for none; JSON, the line, waybar and the table from the cache")
    func formats() async throws {
        try await withMock { mock, env in
            let tsv = try await forecast(["warnings", "-f", "tsv", "東京", "千葉", "帯広"], environment: env)
            #expect(tsv.status == 0 && tsv.stderr == "", "\(tsv.stderr)")
            #expect(Self.lines(tsv.stdout) == [
                "id\tcity\tprefecture\tlevel\tcode\twarning\tstatus\treported",
                "130010\t東京\t東京都\t3\t03\t大雨警報\t危険警報から警報\t2026-08-13T19:48:00+09:00",
                "130010\t東京\t東京都\t2\t14\t雷注意報\t継続\t2026-08-13T16:27:00+09:00",
                "130010\t東京\t東京都\t2\t29\t土砂災害注意報\t危険警報から注意報\t2026-08-13T19:48:00+09:00",
                "120010\t千葉\t千葉県\t0\t\t\t\t2026-08-13T19:48:00+09:00",
                "014030\t帯広\t北海道\t2\t20\t濃霧注意報\t発表\t2026-08-11T15:24:00+09:00",
            ])
            #expect(mock.stats().requestsBySource["warning"] == ["130000": 1, "120000": 1, "014030": 1])
            #expect(mock.stats().requestsBySource["office"] == nil && mock.stats().requestsByCity.isEmpty, "the warnings ask for nothing else")

            let json = try await forecast(["warnings", "-f", "json", "--lang", "en", "東京", "千葉"], environment: env)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(array[0]["office"] as? String == "130000" && array[0]["public_time"] as? String == "2026-08-13T19:48:00+09:00")
            let tokyo = try #require(array[0]["warnings"] as? [[String: Any]])
            #expect(tokyo.map { $0["warning"] as? String } == ["heavy rain warning", "thunderstorm advisory", "landslide advisory"])
            #expect(tokyo[0]["status"] as? String == "danger warning to warning" && tokyo[0]["level"] as? Int == 3)
            #expect(tokyo[1]["additions"] as? [String] == ["tornado", "hail"])
            #expect((array[1]["warnings"] as? [Any])?.isEmpty == true && array[1]["office"] as? String == "120000")

            let line = try await forecast(["warnings", "-f", "line", "東京", "千葉"], environment: env)
            #expect(line.stdout == "東京 大雨警報、雷注意報、土砂災害注意報\n千葉 -\n" && line.status == 0)

            let waybar = try await forecast(["warnings", "-f", "waybar", "千葉", "帯広", "東京"], environment: env)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
            #expect(object["class"] as? [String] == ["warning"] && object["alt"] as? String == "3", "\(waybar.stdout)")

            let table = try await forecast(["warnings", "-f", "table", "--color", "always", "東京", "千葉"], environment: env)
            #expect(table.stdout.contains("\u{1B}[33m3\u{1B}[0m  \u{1B}[33m大雨警報\u{1B}[0m"), "\(table.stdout)")
            #expect(Self.lines(table.stdout).last == "\u{1B}[2m出典: 気象庁\u{1B}[0m", "\(table.stdout)")
            #expect(mock.stats().requestsServed == 3, "every later run is the cache's")
        }
    }

    @Test(
        "An office's warning file failing: its city says so on stderr, naming the file; the other cities printed; exit 1",
        arguments: [
            (FaultRule(.malformedJSON), "the response was not valid JSON"),
            (FaultRule(.status(404)), "HTTP 404"),
            (FaultRule(.html), "the response was an HTML page, not JSON"),
        ])
    func failure(rule: FaultRule, reason: String) async throws {
        try await withMock(MockConfiguration(faultsBySource: ["warning": ["130000": rule]])) { mock, env in
            let result = try await forecast(["warnings", "--retries", "0", "-f", "tsv", "東京", "大阪"], environment: env)
            #expect(result.status == 1)
            #expect(result.stderr == "forecast: 130010 東京: the agency's warning file 130000.json: \(reason)\n")
            #expect(Self.lines(result.stdout) == [
                "id\tcity\tprefecture\tlevel\tcode\twarning\tstatus\treported",
                "270000\t大阪\t大阪府\t0\t\t\t\t2026-08-13T19:48:00+09:00",
            ])
            let json = try await forecast(["warnings", "--retries", "0", "-f", "json", "東京"], environment: env)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(Set(array[0].keys) == ["id", "city", "error", "error_kind"] && json.status == 1)
            #expect(array[0]["error"] as? String == "the agency's warning file 130000.json: \(reason)")
            #expect(mock.stats().requestsBySource["warning"]?["270000"] == 1)
        }
    }

    @Test("What `warnings` and `--warnings` do not take is a usage error, exit 64, before any request", arguments: [
        (["warnings", "tokio"], "forecast: no city is called \"tokio\"; did you mean Tokyo / 東京 (130010)?"),
        (["warnings", "-f", "detail", "東京"], "forecast: `forecast warnings` prints table, tsv, json, line, waybar or a template (got --format detail)"),
        (["warnings", "--watch", "-f", "tsv", "東京"], "forecast: --watch prints line, a template or waybar (got --format tsv)"),
        (["warnings", "--days", "2", "東京"], "forecast: -d, --days does not apply to `forecast warnings`"),
        (["warnings", "--warnings", "東京"], "forecast: --warnings does not apply to `forecast warnings`"),
        (["now", "--warnings", "東京"], "forecast: --warnings does not apply to `forecast now`"),
        (["--warnings", "-f", "line", "東京"], "forecast: --warnings marks the table, tsv and json (got --format line); a template names them with %A"),
        (["week", "--warnings", "-f", "line", "東京"], "forecast: --warnings marks the table, tsv and json (got --format line); a template names them with %A"),
        (["-f", "waybar", "--warnings", "東京"], "forecast: --warnings marks the table, tsv and json (got --format waybar); a template names them with %A"),
    ])
    func usage(arguments: [String], message: String) async throws {
        try await withMock { mock, env in
            let result = try await forecast(arguments, environment: env)
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
            #expect(mock.stats().requestsServed == 0)
        }
    }

    @Test("--watch -f waybar: the warnings at once, the bar's class the highest level; the watch waits; SIGTERM ends it with 0")
    func watchWaybar() async throws {
        try await withMock { mock, env in
            let watch = try CommandProcess(["warnings", "--watch", "-f", "waybar", "千葉", "東京"], environment: env)
            #expect(await eventually { (try? watch.stdoutSoFar())?.hasSuffix("}\n") == true })
            let printed = try watch.stdoutSoFar()
            let object = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
            #expect(object["text"] as? String == "千葉 -  東京 大雨警報、雷注意報、土砂災害注意報")
            #expect(object["class"] as? [String] == ["warning"] && object["alt"] as? String == "3")
            #expect((object["tooltip"] as? String)?.hasSuffix("出典: 気象庁") == true)
            #expect(watch.isRunning && mock.stats().requestsServed == 2)
            watch.terminate()
            let result = try await watch.finish()
            #expect(result.status == 0 && !result.signalled)
        }
    }

    @Test("--warnings with the 3-day forecast: one more request per office; TSV's last column, JSON's member, the table's line; without it, none of them")
    func threeDays() async throws {
        try await withMock(Self.stamped) { mock, env in
            let plain = try await forecast(["-f", "tsv", "東京"], environment: env)
            #expect(!plain.stdout.contains("warnings") && mock.stats().requestsBySource["warning"] == nil, "without the flag nothing more is asked")

            let tsv = try await forecast(["--warnings", "-f", "tsv", "東京", "大阪"], environment: env)
            #expect(tsv.status == 0 && tsv.stderr == "", "\(tsv.stderr)")
            let lines = Self.lines(tsv.stdout)
            #expect(lines.first == "id\tcity\tprefecture\tdate\tday\ttelop\tmin_c\tmax_c\train_00_06\train_06_12\train_12_18\train_18_24\twarnings")
            #expect(lines.count == 7 && lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 13 })
            #expect(lines.filter { $0.hasPrefix("130010\t") }.allSatisfy { $0.hasSuffix("\t大雨警報") } && lines.contains { $0.hasPrefix("130010\t") })
            #expect(lines.filter { $0.hasPrefix("270000\t") }.allSatisfy { $0.hasSuffix("\t") } && lines.contains { $0.hasPrefix("270000\t") })
            #expect(mock.stats().requestsBySource["warning"] == ["130000": 1, "270000": 1])

            let json = try await forecast(["--warnings", "-f", "json", "--lang", "en", "東京", "大阪"], environment: env)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let tokyo = try #require(array[0]["warnings"] as? [[String: Any]])
            #expect(tokyo.count == 1 && tokyo[0]["code"] as? String == "03" && tokyo[0]["warning"] as? String == "heavy rain warning")
            #expect((array[1]["warnings"] as? [Any])?.isEmpty == true && (array[0]["days"] as? [Any])?.count == 3)

            var wide = env
            wide["COLUMNS"] = "80"
            let table = try await forecast(["--warnings", "-f", "table", "--color", "always", "東京", "大阪"], environment: wide)
            let shown = Self.lines(table.stdout)
            let index = try #require(shown.firstIndex(of: "\u{1B}[33m東京の警報: 大雨警報\u{1B}[0m"), "\(table.stdout)")
            #expect(shown[index - 1] == "" && shown[index + 1].contains("発表 "), "\(table.stdout)")
            #expect(!table.stdout.contains("大阪の警報"))
            #expect(mock.stats().requestsBySource["warning"] == ["130000": 1, "270000": 1], "the later runs are the cache's")
        }
    }

    @Test("week --warnings: the last TSV column on each of the seven days, JSON's member, the table's line above the times and credit")
    func week() async throws {
        try await withMock(Self.stamped) { mock, env in
            let tsv = try await forecast(["week", "--warnings", "-f", "tsv", "東京"], environment: env)
            #expect(tsv.status == 0, "\(tsv.stderr)")
            let lines = Self.lines(tsv.stdout)
            #expect(lines.first == "id\tcity\tprefecture\tdate\tweekday\ttelop\tmin_c\tmax_c\train\treliability\twarnings")
            #expect(lines.count == 8 && lines.dropFirst().allSatisfy { $0.hasPrefix("130010\t") && $0.hasSuffix("\t大雨警報") }, "\(tsv.stdout)")
            #expect(mock.stats().requestsBySource["warning"] == ["130000": 1] && mock.stats().requestsBySource["office"] == ["130000": 1])

            let json = try await forecast(["week", "--warnings", "-f", "json", "東京"], environment: env)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect((array[0]["warnings"] as? [[String: Any]])?.map { $0["warning"] as? String } == ["大雨警報"])
            #expect((array[0]["days"] as? [Any])?.count == 7)

            let table = try await forecast(["week", "--warnings", "-f", "table", "東京"], environment: env)
            let shown = Self.lines(table.stdout)
            let index = try #require(shown.firstIndex(of: "東京の警報: 大雨警報"), "\(table.stdout)")
            #expect(shown[index + 1].hasPrefix("発表 ") && shown.last == "出典: 気象庁", "\(table.stdout)")
        }
    }

    @Test("--warnings and a failing warning file: the forecast printed all the same, stderr names the file, JSON's member null, exit 1")
    func failedMarks() async throws {
        try await withMock(Self.stamped(faultsByWarning: ["130000": FaultRule(.malformedJSON)])) { _, env in
            let tsv = try await forecast(["--warnings", "--retries", "0", "-f", "tsv", "東京", "大阪"], environment: env)
            #expect(tsv.status == 1)
            #expect(tsv.stderr == "forecast: 130010 東京: the agency's warning file 130000.json: the response was not valid JSON\n")
            let lines = Self.lines(tsv.stdout)
            #expect(lines.count == 7 && lines.last?.hasPrefix("270000\t") == true, "\(tsv.stdout)")
            #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("\t") && $0.split(separator: "\t", omittingEmptySubsequences: false).count == 13 })

            let week = try await forecast(["week", "--warnings", "--retries", "0", "-f", "json", "東京", "大阪"], environment: env)
            #expect(week.status == 1 && week.stderr.hasPrefix("forecast: 130010 東京: the agency's warning file 130000.json: "))
            let array = try #require(try JSONSerialization.jsonObject(with: Data(week.stdout.utf8)) as? [[String: Any]])
            #expect(array[0]["warnings"] is NSNull && (array[0]["days"] as? [Any])?.count == 7)
            #expect((array[1]["warnings"] as? [Any])?.isEmpty == true)
        }
    }
}

/// `--warnings` as the command line and the config file give it, and `-v`'s note of codes the
/// tool does not know.
@Suite("--warnings: parsing, and -v's note of unknown codes")
struct WarningsOptionTests {
    @Test("--warnings is the fetch's and the week's; the config file's gives way to a command line's format it does not mark")
    func parsing() throws {
        #expect(try options(["--warnings"]).warnings && !(try options([])).warnings)
        #expect(try fetchOptions(["week", "--warnings", "-f", "json", "東京"]).options.warnings)
        for format in ["table", "tsv", "json"] {
            #expect(try options(["--warnings", "-f", format]).warnings, "\(format)")
        }
        for format in ["line", "waybar", "detail", "%l %C"] {
            #expect(usageError(["--warnings", "-f", format, "東京"])?.hasPrefix("--warnings marks the table, tsv and json (got --format ") == true, "\(format)")
        }
        let dropped = try options(["-f", "line"], file: "--warnings\n")
        #expect(!dropped.warnings && dropped.format == .line, "the file's --warnings is dropped, not the command line's format")
        let kept = try options(["-f", "json"], file: "--warnings\n")
        #expect(kept.warnings && kept.format == .json)
        // Commands the flag is not for leave the file's alone.
        #expect(try !fetchOptions(["now", "東京"], file: "--warnings\n").options.warnings)
        #expect(try !fetchOptions(["warnings", "東京"], file: "--warnings\n").options.warnings)
        #expect(usageError(["東京"], file: "--warnings\n-f line\n") != nil, "two of the file's contradict each other")
    }

    @Test("-v: a city with codes the tool does not know gets a note naming them and its file; known codes, none or a failure: no note")
    func verboseNote() throws {
        let tokyo = try CityCatalog.resolve("130010")
        func result(_ codes: [String]) -> CityResult<CityWarnings> {
            let warnings = codes.map { Warning(code: $0, status: "発表", reported: "2026-08-13T19:48:00+09:00") }
            return CityResult(city: tokyo, outcome: .success(CityWarnings(office: "130000", reported: "2026-08-13T19:48:00+09:00", warnings: warnings)), provider: .jma)
        }
        let note = "forecast: 130010 東京: the warning file 130000.json has codes the tool does not know (77, 99): shown as 不明な警報・注意報, with no level"
        #expect(result(["03", "77", "99"]).value?.verboseNote(for: tokyo) == note)
        #expect(Runner.verboseLines(for: result(["03", "77", "99"])).last == note)
        #expect(Runner.verboseLines(for: result(["03", "77", "99"])).count == 2)
        #expect(result(["03", "14"]).value?.verboseNote(for: tokyo) == nil && result([]).value?.verboseNote(for: tokyo) == nil)
        let failed = CityResult<CityWarnings>(city: tokyo, outcome: .failure(.http(status: 404, attempts: 1)), provider: .jma)
        #expect(failed.value?.verboseNote(for: tokyo) == nil && Runner.verboseLines(for: failed).count == 1)
    }
}
