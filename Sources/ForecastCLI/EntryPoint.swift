import Forecast
#if canImport(Glibc)
import Glibc
#endif

/// `forecast`: reads what the command line asks for, answers it, and exits.
///
/// `main` is synchronous: help, the version, completions, the catalog and usage errors are answered on the main thread;
/// a fetch runs as a task, which ends the process when it is done. An `async` main would end the main thread with
/// `dispatch_main()` (pthread_exit), whose forced unwind reads the binary's unwind tables at every start, for a thread
/// nothing needs.
@main
enum EntryPoint {
    static func main() {
        ProcessWide.prepare()
        switch start(Array(CommandLine.arguments.dropFirst()), environment: .current) {
        case .finished(let status):
            ProcessWide.exit(status)
        case .fetch(let runner):
            Task.detached {
                ProcessWide.exit(await runner.run())
            }
            // The task ends the process; this thread has nothing left to do. Every signal the
            // process handles is ignored at this level (SIGPIPE) or handled by a dispatch
            // source (SIGINT, and SIGTERM under --watch), so pause() does not return.
            while true { pause() }
        }
    }

    /// What a command line comes to: answered already, or a fetch to run.
    enum Start {
        case finished(ExitStatus)
        case fetch(Runner)
    }

    /// Answers what needs no network, and makes the runner of a fetch; what it prints goes to the process's streams.
    static func start(_ arguments: [String], environment: Environment) -> Start {
        do throws(UsageError) {
            switch try Invocation.read(arguments, environment: environment) {
            case .request(let request, let command):
                answer(request, for: command)
                return .finished(.success)
            case .complete(let words):
                Terminal.output(Completion.text(Completion.answer(words)))
                return .finished(.success)
            case .dumpHelp:
                Terminal.output(HelpDump.json)
                return .finished(.success)
            case .query(let command, let values, let query):
                guard case .catalog(let list) = command.run else { return .finished(.failure) }
                let (text, problem) = list(values, query)
                if let problem { Terminal.report("forecast: \(problem)") }
                text.map(Terminal.output)
                // A query that matches no city is the catalog's "unknown city": a usage error, as a city argument's is.
                return .finished(problem == nil ? .success : .usage)
            case .cities(let command, let values, let cities, let config):
                do throws(UsageError) {
                    return .fetch(try runner(command, values, cities: cities, config: config, environment: environment))
                } catch {
                    throw error.during(command)
                }
            }
        } catch {
            Terminal.report(error.lines.joined(separator: "\n"), multiline: true)
            return .finished(.usage)
        }
    }

    /// The runner of a fetch, its cities resolved and its settings decided; first, with `-v`, the config file read, and
    /// a line for each of the file's cities that names no city while the command line names others.
    static func runner(
        _ command: Command, _ values: OptionValues, cities: [Invocation.CityArgument], config: ConfigFile?,
        environment: Environment
    ) throws(UsageError) -> Runner {
        if let config {
            if values[Key.verbose] {
                Terminal.report("forecast: defaults read from \(config.path)")
            }
            if !cities.contains(where: \.origin.isConfigFile) {
                CityResolution.unusedProblems(config.cities).forEach { Terminal.report("forecast: \($0)") }
            }
        }
        let verbose = values[Key.verbose]
        let resolved = try CityResolution.resolve(cities, readingStandardInput: Terminal.readStandardInput) { note in
            if verbose { Terminal.report("forecast: \(note)") }
        }
        let settings = try Settings(values, for: command, environment: environment, streams: .current())
        return Runner(settings: settings, cities: resolved, command: command)
    }

    /// Prints help, the version or a completion script.
    static func answer(_ request: ParserRequest, for command: Command) {
        switch request {
        case .help:
            Terminal.output(HelpText.help(for: command))
        case .version:
            Terminal.output(ForecastVersion.versionLine + "\n")
        case .runtimeVersion:
            Terminal.output(ForecastVersion.runtimeVersionLine + "\n")
        case .completionScript(let shell):
            Terminal.output(CompletionScript.text(for: shell))
        }
    }
}
