import Forecast
#if canImport(Glibc)
import Glibc
#endif

/// `forecast --watch`: prints at once, then sleeps until the forecast can have changed (the next
/// release, or midnight, plus a random 0–60 s so that watchers do not all arrive in the same
/// second), looks again through the cache, and prints only when the text changed.
///
/// A look that fails keeps the last text, printed again marked as stale, and is tried again after a backoff capped at
/// 10 minutes; a watch never exits for a failed fetch. `--max-time` bounds each look. SIGTERM (a bar stopping it) ends
/// it with 0, SIGINT with 130; an output that has closed (the reader of its pipe gone, its terminal hung up) ends it
/// with 0 at once, a full disk with 74 at its next print.
struct Watch<Run: CityRun>: Sendable {
    /// The run's settings and cities.
    let runner: Runner
    /// The command's results, one look at a time, and when the next look is due.
    let run: Run
    let render: @Sendable ([CityResult<Run.Value>]) -> String

    func run() async -> ExitStatus {
        let stop = SignalHandler(SIGTERM) { ProcessWide.leave(.success) }  // a status bar stopping it
        let interrupt = ProcessWide.onInterrupt { ProcessWide.leave(.interrupted) }
        // A reader that has gone ends the watch now, not at the next print hours away.
        ProcessWide.onOutputClosed { ProcessWide.leave(.success) }
        let run = run
        var state = WatchState(cities: runner.cities.count, render: render, schedule: { run.nextLook(after: $0, now: $1) })
        // A watch ends by a signal, which ends the process; a cancelled task ends the watch
        // rather than spinning through sleeps that return at once.
        while !Task.isCancelled {
            let results = await look()
            let step = state.update(results, now: ForecastCache.systemNow(), jitter: Int.random(in: 0...60))
            if let text = step.text {
                Terminal.output(text)
            }
            await Self.sleep(until: step.due)
            withExtendedLifetime((stop, interrupt)) {}
        }
        return .success
    }

    /// One look at every city, through the cache, with a client of its own so that
    /// `--max-time` counts from the look's start.
    private func look() async -> [CityResult<Run.Value>] {
        await Runner.withClient(runner.settings) { client in
            var results: [CityResult<Run.Value>] = []
            for await result in run.results(runner.context(client)) {
                runner.reportVerbose(result)
                // Each failed look says why on stderr, as often as the backoff lets it look.
                if let line = FailureMessage.line(for: result) ?? FailureMessage.note(for: result) {
                    Terminal.report(line)
                }
                results.append(result)
            }
            return results
        }
    }

    /// Sleeps until `due` (seconds since 1970) by the wall clock `now`, a minute at most at a
    /// time, so that a clock that jumps (a laptop's sleep, a change of time) is noticed within
    /// a minute. Returns at once when the task is cancelled.
    static func sleep(until due: Int, now: () -> Int = ForecastCache.systemNow) async {
        while case let left = due - now(), left > 0 {
            do {
                try await Task.sleep(for: .seconds(min(left, 60)))
            } catch {
                return
            }
        }
    }
}

/// What a watch keeps between looks, and what it decides after each: the text to print, if it
/// changed, and when to look again. Pure: given the time, for tests on any clock.
struct WatchState<Value: CityReport> {
    let render: @Sendable ([CityResult<Value>]) -> String
    /// When a look that found these results is next due, after a time.
    let schedule: @Sendable ([CityResult<Value>], Int) -> Int
    private(set) var printed: String?
    /// Each city's last value and when the watch had it.
    private var lastGood: [(result: CityResult<Value>, at: Int)?]
    /// Failed looks in a row.
    private(set) var failures = 0

    init(
        cities: Int, render: @escaping @Sendable ([CityResult<Value>]) -> String,
        schedule: @escaping @Sendable ([CityResult<Value>], Int) -> Int
    ) {
        self.render = render
        self.schedule = schedule
        lastGood = Array(repeating: nil, count: cities)
    }

    /// After a look at `now` that gave `results`: the text to print (nil if it did not change)
    /// and when to look again, `jitter` seconds after the forecast can next change (a failed
    /// look backs off instead). A city that failed shows its last forecast, marked stale.
    mutating func update(_ results: [CityResult<Value>], now: Int, jitter: Int) -> (text: String?, due: Int) {
        var shown = results
        let failed = results.contains { $0.failed }
        for index in shown.indices where index < lastGood.count {
            if shown[index].failed, shown[index].stale == nil, let good = lastGood[index] {
                shown[index] = Self.stale(good.result, had: good.at, failedWith: shown[index].error ?? .cancelled, now: now)
            } else if !shown[index].failed {
                lastGood[index] = (shown[index], now)
            }
        }
        let text = render(shown)
        let changed = text != printed
        printed = text
        failures = failed ? failures + 1 : 0
        let due = failed
            ? WatchSchedule.retry(after: now, failures: failures)
            : schedule(results, now) + jitter
        return (changed ? text : nil, due)
    }

    /// The last good result of a city whose look failed, had at `had`, marked as the stale copy it now is.
    static func stale(_ good: CityResult<Value>, had: Int, failedWith error: ForecastError, now: Int) -> CityResult<Value> {
        CityResult(
            city: good.city, outcome: good.outcome, info: good.info,
            stale: Staleness(error: error, fetched: had, age: now - had), age: good.age, provider: good.provider)
    }
}
