import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// Issue "A user's third hour": what a third trial hit, each with the test that failed before it was mended (the
/// points of options and smaller things; the others have their own suites).
@Suite("A user's third hour")
struct ThirdHourTests {
    @Test("A refused connection is tried once, and a city whose two sources refuse alike says so once (before: 3 attempts each, libcurl's text twice)")
    func refusedConnection() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-refused-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try await forecast(
            ["-v", "-f", "line", "東京"],
            environment: ["FORECAST_BASE_URL": "http://127.0.0.1:9", "FORECAST_JMA_URL": "http://127.0.0.1:9", "FORECAST_CACHE_DIR": cache])
        #expect(result.status == 1)
        let message = "forecast: 130010 東京: the connection was refused: nothing listens at 127.0.0.1:9 (the API and the weather agency's file alike)"
        #expect(result.stderr.contains(message + "\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("attempts"), "\(result.stderr)")
    }
}

extension ThirdHourTests {
    @Test("A config file with three bad lines names all three, a line each (before: only the first)")
    func configFileProblems() {
        let file = "--colour always\n東京\n--timeout soon\n--days 9\n-f line\n--nope\n"
        let message = usageError(["東京"], file: file)
        let lines = message?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 2 && lines[0].hasPrefix("\(configPath), line 1: ") && lines[1].hasPrefix("\(configPath), line 6: "), "\(message ?? "parsed")")
        let values = usageError(["東京"], file: "--timeout soon\n--days 9\n--retries 99\n")?.split(separator: "\n") ?? []
        #expect(values.count == 3 && values.allSatisfy { $0.hasPrefix(configPath) }, "\(values)")
    }
}

extension ThirdHourTests {
    @Test("forecast --help lists every option the tool has: the sun's --date among the other commands' (before: missing)")
    func helpHasEveryOption() async throws {
        let help = try await forecast(["--help"])
        let others = try #require(help.stdout.components(separatedBy: "Options of the other commands").dropFirst().first)
        #expect(others.contains("--date YYYY-MM-DD") && others.contains("(sun)"), "\(others)")
        for option in Registry.options where option.long != "help" {
            #expect(help.stdout.contains("--\(option.long)"), "--\(option.long)")
        }
    }
}

extension ThirdHourTests {
    @Test("--version names the newest release of CHANGELOG, which has a date (before: 0.2.0, \"Unreleased\" though five commands had come since)")
    func versionIsARelease() throws {
        let changelog = try String(
            contentsOf: fixturesDirectory.deletingLastPathComponent().appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // What is not released yet is under "Unreleased", as Keep a Changelog has it; the version is the release before.
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## [") && $0 != "## [Unreleased]" })
        #expect(newest.hasPrefix("## [\(ForecastVersion.current)] - 20"), "\(newest)")
    }
}

extension ThirdHourTests {
    @Test("--units imperial: °F and mph end to end, from the command line and the config file; the commands without units accept it; a wrong unit is 64 (before: --units unknown)")
    func units() async throws {
        try await withTemporaryFolder(prefix: "forecast-units") { folder in
            try await withMock(MockConfiguration(stampsRelease: true)) { _, env in
                let line = try await forecast(["--units", "imperial", "-f", "line", "130010"], environment: env)
                #expect(line.status == 0 && line.stdout.hasPrefix("東京 ") && line.stdout.contains("°F ") && !line.stdout.contains("°C"), "\(line)")
                let now = try await forecast(["now", "--units=imperial", "-f", "tsv", "130010"], environment: env)
                #expect(now.status == 0 && now.stdout.contains("\ttemp_f\t") && now.stdout.contains("\twind_mph\t"), "\(now)")
                var configured = env
                configured["FORECAST_CONFIG"] = folder.path("config")
                try "--units=imperial\n".write(toFile: folder.path("config"), atomically: true, encoding: .utf8)
                let hours = try await forecast(["hours", "-f", "json", "130010"], environment: configured)
                #expect(hours.status == 0 && hours.stdout.contains("\"temp_f\": ") && hours.stdout.contains("\"wind_max_mph\": "), "\(hours)")
                let metric = try await forecast(["--units", "metric", "week", "-f", "tsv", "130010"], environment: configured)
                #expect(metric.status == 0 && metric.stdout.contains("\tmin_c\tmax_c\t"), "the command line's wins: \(metric)")
                for command in [["sun"], ["warnings"], ["cities"]] {
                    let ignored = try await forecast(command + ["--units", "imperial", "130010"], environment: env)
                    #expect(ignored.status == 0 && ignored.stderr.isEmpty, "\(command): \(ignored)")
                }
            }
        }
        let wrong = try await forecast(["--units", "kelvin", "130010"])
        #expect(wrong.status == 64 && wrong.stderr.hasPrefix("forecast: --units must be metric or imperial (got kelvin)"), "\(wrong)")
    }
}
