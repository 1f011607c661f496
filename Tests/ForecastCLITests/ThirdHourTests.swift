import Forecast
import Foundation
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
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## [") })
        #expect(newest.hasPrefix("## [\(ForecastVersion.current)] - 20"), "\(newest)")
    }
}
