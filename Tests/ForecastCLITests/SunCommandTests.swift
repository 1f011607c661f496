import Forecast
@testable import ForecastCLI
import Foundation
import Testing

/// Today's date in Japan ("YYYY-MM-DD"), from the clock, as the test reads it (not through
/// the code under test).
func todayInJapan() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: Date())
}

/// `forecast sun`'s command line and settings, read in process: `--date` and `--days`, what it
/// refuses, the config file's options of other commands, and no network variable read.
@Suite("forecast sun: options, usage errors and settings")
struct SunOptionTests {
    @Test("--date and --days: the sun's days are 1 to 366 and the fetch's still 1 to 3; --date is the sun's alone")
    func dateAndDays() throws {
        let given = try fetchOptions(["sun", "--date", "2028-02-29", "--days", "366", "東京", "大阪"])
        #expect(given.options.date == "2028-02-29" && given.options.days == 366 && given.cities == ["東京", "大阪"])
        #expect(try fetchOptions(["sun", "-d1", "--date=2026-06-21", "東京"]).options.days == 1)
        let plain = try fetchOptions(["sun", "東京"]).options
        #expect(plain.date == nil && plain.days == nil)
        #expect(usageError(["--days", "5", "東京"]) == "--days must be 1, 2 or 3 (got 5)")
        #expect(usageError(["--days", "366", "東京"]) == "--days must be 1, 2 or 3 (got 366)")
        #expect(usageError(["--date", "2026-06-21", "東京"]) == "--date does not apply to `forecast`")
        #expect(usageError(["week", "--date", "2026-06-21", "東京"]) == "--date does not apply to `forecast week`")
        #expect(try options(["--days", "3"]).days == 3, "the fetch's --days reads as before")
    }

    @Test("What the sun refuses is a usage error that names the value or the option", arguments: [
        (["--date", "2026-13-01"], "--date must be a date of the calendar as YYYY-MM-DD, and 2026-13-01 is none (got 2026-13-01)"),
        (["--date", "2026-02-30"], "--date must be a date of the calendar as YYYY-MM-DD, and 2026-02-30 is none (got 2026-02-30)"),
        (["--date", "2027-02-29"], "--date must be a date of the calendar as YYYY-MM-DD, and 2027-02-29 is none (got 2027-02-29)"),
        (["--date", "yesterday"], "--date must be a date of the calendar as YYYY-MM-DD (got yesterday)"),
        (["--date", "2026-6-21"], "--date must be a date of the calendar as YYYY-MM-DD (got 2026-6-21)"),
        (["--days", "0"], "--days must be from 1 to 366 (got 0)"),
        (["--days", "367"], "--days must be from 1 to 366 (got 367)"),
        (["--days", "two"], "--days must be from 1 to 366 (got two)"),
        (["--watch"], "--watch does not apply to `forecast sun`"),
        (["--warnings"], "--warnings does not apply to `forecast sun`"),
        (["-f", "waybar"], "`forecast sun` prints table, tsv, json, line or a template (got --format waybar)"),
        (["-f", "detail"], "`forecast sun` prints table, tsv, json, line or a template (got --format detail)"),
        (["--no-header", "-f", "json"], "--no-header applies to the tsv format only; --format json has no header line to leave out"),
    ])
    func refused(arguments: [String], message: String) {
        #expect(usageError(["sun"] + arguments + ["東京"]) == message)
    }

    @Test("Options that shape a fetch or stderr (-v, -p, -j, the cache's and the network's) are accepted and ignored by the sun, which fetches nothing: an alias forecast='forecast -v' keeps working (before: exit 64)")
    func harmlessOptions() throws {
        let given = try fetchOptions([
            "-v", "sun", "-p", "-j", "4", "--timeout", "5", "--retries", "0", "--no-cache", "--interval", "1", "--max-time", "9",
            "--stale-if-error", "1h", "--base-url", "http://127.0.0.1:9", "--jma-url", "http://127.0.0.1:9", "東京",
        ])
        #expect(given.cities == ["東京"] && !given.options.verbose && !given.options.isParallel && !given.options.noCache)
        #expect(try fetchOptions(["sun", "--refresh", "東京"]).cities == ["東京"])
        #expect(usageError(["sun", "--cacert", "/nonexistent", "東京"])?.contains("/nonexistent") == true, "a harmless option's value is still checked")
        #expect(usageError(["sun", "--warnings", "東京"]) == "--warnings does not apply to `forecast sun`", "an option whose meaning sun would drop stays an error")
    }

    @Test("The config file: the network's options and the formats the sun does not print are left to the other commands; its --date, --days and cities are the sun's")
    func configFile() throws {
        let file = "--parallel\n--timeout 3\n--no-cache\n--watch\n-v\n-f detail\n大阪\n"
        let given = try fetchOptions(["sun"], file: file)
        #expect(given.cities == ["大阪"])
        let options = given.options
        #expect(!options.isParallel && options.timeout == Key.timeout.defaultValue && !options.noCache && !options.watch && !options.verbose)
        #expect(options.format == .auto)
        #expect(try fetchOptions(["sun", "東京"], file: file).cities == ["東京"], "the command line's cities win")
        let dated = try fetchOptions(["sun"], file: "--date 2026-06-21\n-d 7\n-f line\n東京\n").options
        #expect(dated.date == "2026-06-21" && dated.days == 7 && dated.format == .line)
        #expect(usageError(["sun", "東京"], file: "--date 2026-02-30\n")
            == "\(configPath), line 1: --date must be a date of the calendar as YYYY-MM-DD, and 2026-02-30 is none (got 2026-02-30)")
    }

    @Test("The sun's settings read no network variable: a hostile environment that stops a fetch leaves the sun's run alone, with no cache")
    func settingsWithoutNetwork() throws {
        let hostile = Environment(variables: [
            "FORECAST_BASE_URL": "garbage", "FORECAST_JMA_URL": "ftp://x", "SSL_CERT_FILE": "/nonexistent",
            "SSL_CERT_DIR": "/nonexistent", "CURL_CA_BUNDLE": "/nonexistent", "FORECAST_CACHE_DIR": "/dev/null/forecast",
        ])
        let options = try fetchOptions(["sun", "東京"]).options
        let settings = try Settings(options, for: .sun, environment: hostile, streams: .init())
        #expect(settings.client.cache == nil && settings.client.caFile == nil && settings.client.caDirectory == nil)
        #expect(settings.client.baseURL == ClientConfiguration.publicBaseURL && settings.client.agencyURL == ClientConfiguration.agencyBaseURL)
        // One day, from today in Japan: the date is read when the sun is computed (the end-to-end
        // test checks which day that is).
        #expect(settings.values.days == nil && settings.values.date == nil)
        #expect(throws: UsageError.self, "the same environment stops a run that makes requests") {
            try Settings(options, for: .fetch, environment: hostile, streams: .init())
        }
        let dated = try fetchOptions(["sun", "--date", "2027-12-31", "--days", "366", "東京"]).options
        let year = try Settings(dated, for: .sun, environment: hostile, streams: .init())
        #expect(year.values.date == "2027-12-31" && year.values.days == 366)
    }
}
