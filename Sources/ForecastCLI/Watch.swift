import Forecast
#if canImport(Glibc)
import Glibc
#endif

/// `forecast --watch`: prints at once, then sleeps until the forecast can have changed (the next
/// release, or midnight, plus a random 0–60 s so that watchers do not all arrive in the same
/// second), looks again through the cache, and prints only when the text changed.
///
/// A look that fails keeps the last text, printed again marked as stale, and is tried again
/// after a backoff capped at 10 minutes; a watch never exits for a failed fetch. `--max-time`
/// bounds each look. SIGTERM (a bar stopping it) ends it with 0, SIGINT with 130; an output that
/// has closed ends it with 0 at its next print, a full disk with 74.
struct Watch: Sendable {
    let settings: Settings
    let cities: [City]
    /// The text of one look's results.
    let render: @Sendable ([FetchResult]) -> String

    func run() async -> ExitStatus {
        let stop = ProcessWide.onTerminate { ProcessWide.leave(.success) }
        let interrupt = ProcessWide.onInterrupt { ProcessWide.leave(.interrupted) }
        var printed: String?
        // Each city's last forecast and when this watch had it.
        var lastGood: [(result: FetchResult, at: Int)?] = Array(repeating: nil, count: cities.count)
        var failures = 0
        while true {
            var results = await look()
            let now = ForecastCache.systemNow()
            let failed = results.contains { $0.failed }
            for index in results.indices {
                if results[index].failed, results[index].stale == nil, let good = lastGood[index] {
                    results[index] = Self.stale(good.result, had: good.at, failedWith: results[index].error ?? .cancelled, now: now)
                } else if !results[index].failed {
                    lastGood[index] = (results[index], now)
                }
            }
            let text = render(results)
            if text != printed {
                Terminal.output(text)
                printed = text
            }
            failures = failed ? failures + 1 : 0
            let due = failed
                ? WatchSchedule.retry(after: now, failures: failures)
                : WatchSchedule.nextLook(after: now, publicTimes: results.map { $0.forecast?.publicTime }) + Int.random(in: 0...60)
            await sleep(until: due)
            withExtendedLifetime((stop, interrupt)) {}
        }
    }

    /// One look at every city, through the cache, with a client of its own so that
    /// `--max-time` counts from the look's start.
    private func look() async -> [FetchResult] {
        let client = ForecastClient(configuration: settings.client)
        var results: [FetchResult] = []
        for await result in client.results(for: cities, jobs: settings.jobs) {
            if settings.verbose {
                Terminal.report(VerboseLine.text(for: result))
            }
            // Each failed look says why on stderr, as often as the backoff lets it look.
            if let line = FailureMessage.line(for: result) ?? FailureMessage.note(for: result) {
                Terminal.report(line)
            }
            results.append(result)
        }
        client.invalidateAndCancel()
        await client.waitUntilInvalidated()
        return results
    }

    /// Sleeps until `due` (seconds since 1970) by the wall clock, a minute at most at a time, so
    /// that a clock that jumps (a laptop's sleep, a change of time) is noticed within a minute.
    private func sleep(until due: Int) async {
        while case let left = due - ForecastCache.systemNow(), left > 0 {
            try? await Task.sleep(for: .seconds(min(left, 60)))
        }
    }

    /// The last good result of a city whose look failed, had at `had`, marked as the stale
    /// copy it now is.
    static func stale(_ good: FetchResult, had: Int, failedWith error: ForecastError, now: Int) -> FetchResult {
        FetchResult(
            city: good.city, outcome: good.outcome, info: good.info,
            stale: StaleCopy(error: error, fetched: had, age: now - had), provider: good.provider)
    }
}
