import Forecast

/// One run of a command of cities: fetch (or compute), write each city's block the moment it is due, report failures on
/// stderr, and say whether any city failed. What the command is comes from its ``Command``: this names none.
struct Runner: Sendable {
    let settings: Settings
    let cities: [City]
    let command: Command

    /// How many cities make a progress line worth showing on a terminal.
    static let progressThreshold = 4

    /// Fetches and prints every city, in input order, through the command's one sequence of results: `--jobs` at a time
    /// with `--parallel`, else one after the other, each city printed before the next is asked for (so output that
    /// cannot be written ends the run before another request goes out). A city the cache answers needs no HTTP session;
    /// a command that fetches nothing, no client at all.
    func run() async -> ExitStatus {
        guard case .cities(let run) = command.run else { return .failure }
        return await print(run)
    }

    private func print<Run: CityRun>(_ run: Run) async -> ExitStatus {
        if settings.values[Key.watch] {
            let formatter = formatter()
            return await Watch(runner: self, run: run, render: { formatter.format($0) }).run()
        }
        guard command.fetches else {
            return await show(run.results(context(nil)), formatter: formatter())
        }
        return await Self.withClient(settings) { client in
            var decoration: (any CityDecoration)?
            var failed = false
            for asked in command.decorations where asked.isAsked(settings.values) {
                (decoration, failed) = await decorate(asked, context(client))
            }
            let status = await show(run.results(context(client)), formatter: formatter(decoration: decoration))
            return failed ? .failure : status
        }
    }

    /// What a run of the command has to work with, through `client`.
    func context(_ client: ForecastClient?) -> RunContext {
        RunContext(client: client, cities: cities, jobs: settings.jobs, values: settings.values)
    }

    /// A decoration's results (`--warnings`' files, one request per office), before the
    /// command's, so that each city's block is written with its marks as soon as its own result
    /// is in; one that fails is said on stderr, and fails the run.
    private func decorate<Asked: Decoration>(_ asked: Asked, _ context: RunContext) async -> ((any CityDecoration)?, failed: Bool) {
        var results: [CityResult<Asked.Value>] = []
        var failed = false
        for await result in asked.results(context) {
            reportVerbose(result)
            if let line = FailureMessage.line(for: result) {
                Terminal.report(line)
                failed = true
            }
            results.append(result)
        }
        return (asked.decoration(of: results), failed)
    }

    /// Makes a client for one run (or one look of a watch), gives it to `body`, then ends it. The session's thread
    /// tears down on its own; the caller waits for it, so that the process ends with every connection closed and every
    /// TLS handle freed rather than in the middle of freeing them.
    static func withClient<T>(_ settings: Settings, _ body: (ForecastClient) async -> T) async -> T {
        let client = ForecastClient(configuration: settings.client)
        let value = await body(client)
        await client.shutdown()
        return value
    }

    /// With `-v`, how a result was had: its verbose line and note. Never held back.
    static func verboseLines(for result: CityResult<some CityReport>) -> [String] {
        [VerboseLine.text(for: result)] + [result.value?.verboseNote(for: result.city)].compactMap { $0 }
    }

    /// Those lines on stderr, with `-v`.
    func reportVerbose(_ result: CityResult<some CityReport>) {
        if settings.verbose { Self.verboseLines(for: result).forEach { Terminal.report($0) } }
    }

    /// Prints the results as they come.
    private func show<Value: CityReport, Results: AsyncSequence<CityResult<Value>, Never>>(
        _ results: Results, formatter: any ResultFormatter
    ) async -> ExitStatus {
        let progress = ProgressLine(enabled: settings.progress && cities.count >= Self.progressThreshold, total: cities.count)
        let interrupt = ProcessWide.onInterrupt {
            progress.clear()
            ProcessWide.leave(.interrupted)
        }
        // Kept for the epilogue only if it reads them: a run of many cities would otherwise
        // hold every decoded value to its end.
        let keepsResults = formatter.epilogueReadsResults
        var delivered: [CityResult<Value>] = []
        var heldLines: [String] = []
        var anyFailed = false

        Terminal.output(formatter.prologue(for: Value.self))
        progress.show(done: 0)
        var index = 0
        for await result in results {
            progress.clear()
            reportVerbose(result)
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

    /// The formatter of the run's format, for any command, with what another source adds
    /// (`--warnings`' marks, which the table, TSV and JSON show, and a template's `%A`).
    func formatter(decoration: (any CityDecoration)? = nil) -> any ResultFormatter {
        let days = settings.days
        switch settings.format {
        case .tsv, .auto:
            var tsv = TSVFormatter(days: days, header: settings.header, language: settings.language)
            tsv.units = settings.units
            tsv.decoration = decoration
            return tsv
        case .json:
            var json = JSONFormatter(days: days, language: settings.language)
            json.units = settings.units
            json.decoration = decoration
            return json
        case .table:
            var table = TableFormatter(days: days, color: settings.color, units: settings.units, language: settings.language, width: settings.width)
            table.decoration = decoration
            return table
        case .line:
            var line = LineFormatter(days: days, language: settings.language)
            line.units = settings.units
            return line
        case .detail:
            var detail = DetailFormatter(days: days, language: settings.language, width: settings.width)
            detail.units = settings.units
            return detail
        case .template(let template):
            var lines = TemplateFormatter(template: template, days: days, language: settings.language)
            lines.units = settings.units
            lines.decoration = decoration
            return lines
        case .waybar:
            var waybar = WaybarFormatter(template: settings.values[Key.textFormat], language: settings.language)
            waybar.units = settings.units
            waybar.days = days
            waybar.decoration = decoration
            return waybar
        }
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
