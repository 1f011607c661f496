import Forecast

/// One run of `forecast <city>...`, `forecast week`, `forecast now` or `forecast warnings
/// <city>...`: fetch, write each city's block the moment it is due, report failures on
/// stderr, and say whether any city failed.
struct Runner: Sendable {
    let settings: Settings
    let cities: [City]
    /// The 3-day forecast, the week, the observations, or the warnings.
    let command: Invocation.Command

    /// How many cities make a progress line worth showing on a terminal.
    static let progressThreshold = 4

    /// Fetches and prints every city, in input order, through the client's one sequence of
    /// results: `--jobs` at a time with `--parallel`, else one after the other, each city
    /// printed before the next is asked for (so output that cannot be written ends the run
    /// before another request goes out). A city the cache answers needs no HTTP session.
    func run() async -> ExitStatus {
        if settings.watch {
            let formatter = formatter()
            return switch command {
            case .now:
                await Watch<Observation>(
                    settings: settings, cities: cities, results: { $0.observations(for: $1, jobs: $2) },
                    schedule: { results, now in
                        WatchSchedule.nextLook(after: now, observed: results.map { $0.value.flatMap { AmedasTime(observed: $0.observed)?.epoch } })
                    },
                    render: { formatter.format($0) }
                ).run()
            case .warnings:
                // Every 5 minutes, as the cache keeps a file: warnings change at any hour.
                await Watch<CityWarnings>(
                    settings: settings, cities: cities, results: { $0.warnings(for: $1, jobs: $2) },
                    schedule: { _, now in now + ForecastClient.warningsFreshness }, render: { formatter.format($0) }
                ).run()
            case .fetch, .week, .cities, .sun:
                await Watch<CityForecast>(
                    settings: settings, cities: cities, results: { $0.results(for: $1, jobs: $2) },
                    schedule: Self.releaseSchedule, render: { formatter.format($0) }
                ).run()
            }
        }
        // The sun is computed: no client, no cache, no libcurl, whatever the settings say.
        if command == .sun {
            let date = settings.date ?? CitySun.today(epoch: ForecastCache.systemNow())
            return await run(ReadyResults(CitySun.results(for: cities, from: date, count: settings.days)), formatter: formatter())
        }
        return await Self.withClient(settings) { client in
            let (marks, warningsFailed) = settings.warnings ? await warningMarks(client) : (nil, false)
            let status = await run(command, client: client, formatter: formatter(marks: marks))
            return warningsFailed ? .failure : status
        }
    }

    /// `--warnings` (which only the 3-day forecast and the week take): the offices' warning
    /// files, one request each, before the forecasts, so that each city's block is written with
    /// its marks as soon as its forecast is in; a file that fails is said on stderr, and fails
    /// the run.
    private func warningMarks(_ client: ForecastClient) async -> (WarningMarks, failed: Bool) {
        var results: [CityResult<CityWarnings>] = []
        var failed = false
        for await result in client.warnings(for: cities, jobs: settings.jobs) {
            if settings.verbose {
                Self.verboseLines(for: result).forEach { Terminal.report($0) }
            }
            if let line = FailureMessage.line(for: result) {
                Terminal.report(line)
                failed = true
            }
            results.append(result)
        }
        return (WarningMarks(results), failed)
    }

    /// Fetches and prints every city for `command`, through `client`.
    private func run(_ command: Invocation.Command, client: ForecastClient, formatter: any ResultFormatter) async -> ExitStatus {
        switch command {
            case .week: await run(client.weeks(for: cities, jobs: settings.jobs), formatter: formatter)
            case .now: await run(client.observations(for: cities, jobs: settings.jobs), formatter: formatter)
            case .warnings: await run(client.warnings(for: cities, jobs: settings.jobs), formatter: formatter)
            case .fetch, .cities, .sun: await run(client.results(for: cities, jobs: settings.jobs), formatter: formatter)
        }
    }

    /// When a watch of the 3-day forecast looks again: at the next release or midnight, or
    /// sooner while the API still serves the previous release.
    static let releaseSchedule: @Sendable ([FetchResult], Int) -> Int = { results, now in
        WatchSchedule.nextLook(after: now, publicTimes: results.map { $0.forecast?.publicTime })
    }

    /// Makes a client for one run (or one look of a watch), gives it to `body`, then ends it.
    /// The session's thread tears down on its own; the caller waits for it, so that the
    /// process ends with every connection closed and every TLS handle freed rather than in
    /// the middle of freeing them.
    static func withClient<T>(_ settings: Settings, _ body: (ForecastClient) async -> T) async -> T {
        let client = ForecastClient(configuration: settings.client)
        let value = await body(client)
        await client.shutdown()
        return value
    }

    /// With `-v`, how a result was had: its verbose line and note. Never held back.
    static func verboseLines(for result: CityResult<some Sendable>) -> [String] {
        [VerboseLine.text(for: result)] + [result.verboseNote].compactMap { $0 }
    }

    /// Prints the results as they come.
    private func run<Value: CityReport, Results: AsyncSequence<CityResult<Value>, Never>>(
        _ results: Results, formatter: any ResultFormatter
    ) async -> ExitStatus {
        let progress = ProgressLine(enabled: settings.progress && cities.count >= Self.progressThreshold, total: cities.count)
        let interrupt = ProcessWide.onInterrupt {
            progress.clear()
            ProcessWide.leave(.interrupted)
        }
        // Kept for the epilogue only if it reads them: a decoded forecast is about 10 KB.
        let keepsResults = formatter.epilogueReadsResults
        var delivered: [CityResult<Value>] = []
        var heldLines: [String] = []
        var anyFailed = false

        Terminal.output(formatter.prologue(for: Value.self))
        progress.show(done: 0)
        var index = 0
        for await result in results {
            progress.clear()
            if settings.verbose {
                Self.verboseLines(for: result).forEach { Terminal.report($0) }
            }
            let failure = FailureMessage.line(for: result)
            anyFailed = anyFailed || failure != nil
            for line in [failure, FailureMessage.note(for: result)].compactMap({ $0 }) {
                if settings.holdFailureLines {
                    heldLines.append(line)
                } else {
                    Terminal.report(line)
                }
            }
            Terminal.output(formatter.block(for: result, index: index))
            if keepsResults { delivered.append(result) }
            index += 1
            progress.show(done: index)
        }
        progress.clear()
        Terminal.output(formatter.epilogue(for: delivered))
        heldLines.forEach { Terminal.report($0) }
        withExtendedLifetime(interrupt) {}
        return anyFailed ? .failure : .success
    }

    /// The formatter of the run's format, for any command: the week has every day of its
    /// file unless `--days` says fewer (the option is the 3-day forecast's alone today).
    /// `marks` are `--warnings`' (the table, TSV and JSON show them).
    func formatter(marks: WarningMarks? = nil) -> any ResultFormatter {
        let days = command == .fetch ? settings.days : Int.max
        switch settings.format {
        case .tsv, .auto:
            var tsv = TSVFormatter(days: days, header: settings.header, language: settings.language)
            tsv.warnings = marks
            return tsv
        case .json:
            var json = JSONFormatter(days: days, language: settings.language)
            json.warnings = marks
            return json
        case .table:
            var table = TableFormatter(days: days, color: settings.color, language: settings.language, width: settings.width)
            table.warnings = marks
            return table
        case .line: return LineFormatter(days: days, language: settings.language)
        case .detail: return DetailFormatter(days: days, language: settings.language, width: settings.width)
        case .template(let template): return TemplateFormatter(template: template, days: days, language: settings.language)
        case .waybar: return WaybarFormatter(template: settings.textFormat, language: settings.language)
        }
    }
}

/// Results known before the run prints anything (the sun's, computed), as the sequence that
/// ``Runner`` prints.
struct ReadyResults<Value: Sendable>: AsyncSequence {
    let results: [CityResult<Value>]

    init(_ results: [CityResult<Value>]) {
        self.results = results
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: IndexingIterator<[CityResult<Value>]>

        mutating func next() async -> CityResult<Value>? {
            rest.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(rest: results.makeIterator())
    }
}

/// "forecast: 12/142" on stderr while fetching, redrawn in place and erased when done.
/// Only on a terminal; stdout writes erase it first so that nothing is interleaved.
struct ProgressLine: Sendable {
    let enabled: Bool
    let total: Int

    func show(done: Int) {
        guard enabled, done < total else { return }
        Terminal.write("\r\u{1B}[Kforecast: \(done)/\(total) cities", to: .standardError)
    }

    func clear() {
        guard enabled else { return }
        Terminal.write("\r\u{1B}[K", to: .standardError)
    }
}
