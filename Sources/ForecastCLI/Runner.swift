import Dispatch
import Forecast
#if canImport(Glibc)
import Glibc
#endif

/// One run of `forecast <city>...`: fetch, write each city's block the moment it is due, report
/// failures on stderr, and say whether any city failed.
struct Runner {
    let settings: Settings
    let cities: [City]

    /// How many cities make a progress line worth showing on a terminal.
    static let progressThreshold = 4

    /// Fetches and prints every city; true if any of them failed. A city the cache answers
    /// needs no HTTP session: a run of cache hits never initialises libcurl.
    ///
    /// It drives the fetch core directly: with `--parallel` the client's stream of results in
    /// input order with `--jobs` in flight, else one async fetch after the other.
    func run() async -> Bool {
        Terminal.ignoreBrokenPipeSignal()
        let client = ForecastClient(configuration: settings.client)
        let progress = ProgressLine(enabled: settings.progress && cities.count >= Self.progressThreshold, total: cities.count)
        let interrupt = Interrupt {
            // Ctrl-C: leave at once. Ending the process closes every connection, which ends
            // every transfer in the same instant; cancelling them one by one first would only
            // let "cancelled" results reach the output on the way out.
            progress.clear()
            _exit(130)
        }
        let formatter = makeFormatter()
        var index = 0
        var anyFailed = false
        // Kept for the epilogue only if it reads them: a decoded forecast is about 10 KB, and
        // 142 of them held to the end were most of a parallel run's peak heap.
        let keepsResults = formatter.epilogueReadsResults
        var delivered: [FetchResult] = []

        func deliver(_ result: FetchResult) {
            progress.clear()
            if settings.verbose {
                Terminal.report(VerboseLine.text(for: result))
            }
            if let error = result.error {
                anyFailed = true
                Terminal.report(FailureMessage.line(for: result, error: error))
            } else if let stale = result.stale {
                anyFailed = true
                Terminal.report(FailureMessage.line(for: result, stale: stale))
            }
            Terminal.output(formatter.block(for: result, index: index))
            if keepsResults { delivered.append(result) }
            index += 1
            progress.show(done: index)
        }

        if let maxTime = settings.maxTime {
            // --max-time: the whole run's deadline, from here, retries and pacing included.
            DispatchQueue.global().asyncAfter(deadline: .now() + maxTime) {
                client.expire(with: .deadline(seconds: maxTime))
            }
        }
        Terminal.output(formatter.prologue)
        progress.show(done: 0)
        if settings.parallel {
            for await result in client.results(for: cities, jobs: settings.jobs) {
                deliver(result)
            }
        } else {
            // Each city is printed before the next is asked for: output that cannot be
            // written ends the run before another request goes out.
            for city in cities {
                deliver(await client.fetch(city))
            }
        }
        withExtendedLifetime(interrupt) {}
        progress.clear()
        Terminal.output(formatter.epilogue(for: delivered))
        // The session's thread tears down on its own; the process waits for it, so that it
        // ends with every connection closed and every TLS handle freed rather than in the
        // middle of freeing them (which LeakSanitizer reports as leaks of OpenSSL's objects).
        client.invalidateAndCancel()
        await client.waitUntilInvalidated()
        return anyFailed
    }

    func makeFormatter() -> any ResultFormatter {
        switch settings.format {
        case .tsv, .auto: TSVFormatter(days: settings.days, header: settings.header, language: settings.language)
        case .json: JSONFormatter(days: settings.days, language: settings.language)
        case .table: TableFormatter(days: settings.days, color: settings.color, language: settings.language, width: settings.width)
        case .line: LineFormatter(days: settings.days, language: settings.language)
        case .detail: DetailFormatter(days: settings.days, language: settings.language, width: settings.width)
        case .template(let template): TemplateFormatter(template: template, days: settings.days, language: settings.language)
        }
    }
}

/// Runs a handler on SIGINT instead of the default termination, for as long as it lives.
final class Interrupt {
    private let source: any DispatchSourceSignal

    init(_ handler: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
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
