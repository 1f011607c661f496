import CurlHTTP
import Forecast
@testable import ForecastCLI
import Foundation
import MockAPI
import Testing
import TestSupport

/// `--watch`: its schedule and what it prints, on a simulated clock, and the process itself.
@Suite("--watch")
struct WatchTests {
    /// 2026-08-12 05:00:30 JST, just after a release.
    static let start = 1_786_478_430

    @Test("A cancelled watch's sleep returns at once instead of spinning until the next look")
    func cancelledSleepReturns() async {
        let sleeper = Task {
            // A day ahead, by a clock that never moves: only the cancellation can end it.
            await Watch<ThreeDayRun>.sleep(until: Self.start + 86_400, now: { Self.start })
            return true
        }
        sleeper.cancel()
        let ended = LockedValue(false)
        Task {
            let value = await sleeper.value
            ended.withLock { $0 = value }
        }
        #expect(await eventually { ended.withLock { $0 } }, "the sleep did not end")
    }

    /// Tokyo's fixture as the API would serve it at `now`: published at the last release.
    static func tokyo(at now: Int, behind: Bool = false) throws -> FetchResult {
        var published = lastRelease(atOrBefore: now)
        if behind { published = lastRelease(atOrBefore: published - 1) }
        let text = try String(contentsOf: fixturesDirectory.appendingPathComponent("130010.json"), encoding: .utf8)
            .replacingOccurrences(of: "2022-05-19T05:00:00+09:00", with: iso(published))
        let forecast = try ResponseDecoder.decode(Data(text.utf8))
        return FetchResult(city: CityCatalog.city(id: "130010")!, outcome: .success(forecast), info: FetchInfo(source: .network))
    }

    static func failed(_ error: ForecastError = .http(status: 503, attempts: 3)) -> FetchResult {
        FetchResult(city: CityCatalog.city(id: "130010")!, outcome: .failure(error), info: FetchInfo(source: .network))
    }

    /// The last of 05:00, 11:00, 17:00 JST at or before `time`.
    static func lastRelease(atOrBefore time: Int) -> Int {
        let local = time + 9 * 3600
        let midnight = local - local % 86_400
        let hour = [17, 11, 5].first { midnight + $0 * 3600 <= local }
        return (hour.map { midnight + $0 * 3600 } ?? midnight - 86_400 + 17 * 3600) - 9 * 3600
    }

    static func iso(_ time: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
    }

    static let line = LineFormatter(days: 1)

    @Test("A simulated week: at most 28 looks for a city, each just after a release or midnight, one print")
    func week() throws {
        var state = WatchState(cities: 1, render: { Self.line.format($0) }, schedule: { ThreeDayRun().nextLook(after: $0, now: $1) })
        var now = Self.start
        var looks: [Int] = []
        var prints = 0
        while now < Self.start + 7 * 86_400 {
            looks.append(now)
            let step = state.update([try Self.tokyo(at: now)], now: now, jitter: 45)
            if step.text != nil { prints += 1 }
            #expect(step.due > now)
            now = step.due
        }
        #expect(looks.count <= 28, "\(looks.count) looks")
        #expect(prints == 1, "the text never changed")
        // Every look after the first comes 45 s after a release or a midnight (JST).
        for look in looks.dropFirst() {
            let local = (look - 45 + 9 * 3600) % 86_400
            #expect([0, 5 * 3600, 11 * 3600, 17 * 3600].contains(local), "\(Self.iso(look))")
        }
    }

    @Test("While the API serves the previous release, it looks again in 10 minutes")
    func behind() throws {
        var state = WatchState(cities: 1, render: { Self.line.format($0) }, schedule: { ThreeDayRun().nextLook(after: $0, now: $1) })
        let step = state.update([try Self.tokyo(at: Self.start, behind: true)], now: Self.start, jitter: 0)
        #expect(step.due == Self.start + 600)
        let caughtUp = state.update([try Self.tokyo(at: Self.start + 600)], now: Self.start + 600, jitter: 0)
        #expect(caughtUp.due == Self.start - 30 + 6 * 3600, "the 11:00 release")
    }

    @Test("A failed look keeps the last text, marked stale, and backs off from 30 s to 10 minutes")
    func failures() throws {
        var state = WatchState(cities: 1, render: { Self.line.format($0) }, schedule: { ThreeDayRun().nextLook(after: $0, now: $1) })
        let first = state.update([try Self.tokyo(at: Self.start)], now: Self.start, jitter: 0)
        #expect(first.text == "東京 晴のち曇 -/27°C 10%\n")
        var now = Self.start + 6 * 3600
        var waits: [Int] = []
        var texts: [String] = []
        for _ in 0..<8 {
            let step = state.update([Self.failed()], now: now, jitter: 0)
            step.text.map { texts.append($0) }
            waits.append(step.due - now)
            now = step.due
        }
        #expect(waits == [30, 60, 120, 240, 480, 600, 600, 600])
        #expect(texts.first == "東京 晴のち曇 -/27°C 10% (stale, 6 h old)\n")
        #expect(texts.allSatisfy { $0.hasPrefix("東京 晴のち曇 -/27°C 10% (stale, ") }, "the last text, never '東京 -'")
        let recovered = state.update([try Self.tokyo(at: now)], now: now, jitter: 0)
        #expect(recovered.text == "東京 晴のち曇 -/27°C 10%\n")
        #expect(state.failures == 0)
    }

    @Test("A city that never had a forecast prints its failed form")
    func neverHad() {
        var state = WatchState(cities: 1, render: { Self.line.format($0) }, schedule: { ThreeDayRun().nextLook(after: $0, now: $1) })
        let step = state.update([Self.failed()], now: Self.start, jitter: 0)
        #expect(step.text == "東京 (failed)\n")
        #expect(step.due == Self.start + 30)
    }

    @Test("The process prints at once, flushed, keeps running, and ends with 0 on SIGTERM")
    func process() async throws {
        try await withMock(MockConfiguration(stampsRelease: true)) { _, env in
            let watch = try CommandProcess(["--watch", "-f", "waybar", "130010", "140010"], environment: env)
            #expect(await eventually { (try? watch.stdoutSoFar())?.hasSuffix("}\n") == true })
            let printed = try watch.stdoutSoFar()
            #expect(printed.split(separator: "\n").count == 1)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
            #expect((object["text"] as? String)?.hasPrefix("東京 晴のち曇") == true)
            #expect(watch.isRunning)
            watch.terminate()
            let result = try await watch.finish()
            #expect(result.status == 0 && !result.signalled)
        }
    }

    @Test("`forecast --watch -f line 東京 | head -1` ends with 0 as soon as head has gone, not at its next print")
    func endsWhenTheReaderGoes() async throws {
        try await withMock(MockConfiguration(stampsRelease: true)) { _, env in
            var environment = env
            environment["PATH"] = forecastBinary.deletingLastPathComponent().path + ":/usr/bin:/bin"
            environment["XDG_CONFIG_HOME"] = "/nonexistent/forecast-tests"
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("watch-head-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            // bash's PIPESTATUS: forecast's own status, after head's line
            let shell = try ChildProcess(
                "/bin/bash", ["-c", "forecast --watch -f line 130010 | head -1; echo \"status ${PIPESTATUS[0]}\""],
                environment: environment, stdout: .file(out))
            // The next look is hours away: only noticing head's end lets the pipeline finish.
            let ended = await shell.ended(within: .seconds(Sanitizer.isActive ? 120 : 30))
            let exit = try shell.wait(timeout: .seconds(1))
            #expect(ended)
            #expect(exit.status == 0)
            let printed = try String(contentsOfFile: out, encoding: .utf8)
            #expect(printed.hasPrefix("東京 晴のち曇"), "\(printed)")
            #expect(printed.hasSuffix("status 0\n"), "\(printed)")
        }
    }

    @Test("--watch without a format prints lines (before: a usage error about a format nobody typed, auto); --no-watch undoes it")
    func watchWithoutFormat() throws {
        let watched = try fetchOptions(["--watch", "東京"]).options
        #expect(watched.watch && watched.format == .line)
        #expect(try fetchOptions(["hours", "--watch", "東京"]).options.format == .line)
        #expect(try fetchOptions(["--watch", "-f", "waybar", "東京"]).options.format == .waybar)
        let undone = try fetchOptions(["--no-watch", "東京"], file: "--watch\n").options
        #expect(!undone.watch && undone.format == .auto)
    }

    @Test("--watch takes line, templates and waybar; --text-format takes waybar", arguments: [
        (["--watch", "-f", "table", "東京"], "--watch prints line, a template or waybar"),
        (["--text-format", "%l", "-f", "line", "東京"], "--text-format applies to -f waybar only"),
        (["week", "--watch", "-f", "line", "東京"], "--watch does not apply to `forecast week`"),
    ] as [([String], String)])
    func usage(arguments: [String], expected: String) {
        #expect(usageError(arguments)?.contains(expected) == true, "\(usageError(arguments) ?? "parsed")")
    }
}
