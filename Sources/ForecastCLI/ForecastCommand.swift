import ArgumentParser
import Dispatch
import Forecast
#if canImport(Glibc)
import Glibc
#endif

/// `forecast`: the entry point. `forecast cities [<query>]` lists the catalog; anything else is
/// the fetch, parsed by `Fetch` as the root command, so that its options, values and city
/// arguments complete at the top level in bash, zsh and fish (swift-argument-parser completes
/// a default subcommand's options only after its name, issue #488) and no message names a
/// subcommand the user never typed.
@main
struct ForecastCommand: AsyncParsableCommand {
    /// The tree as swift-argument-parser documents it: for `forecast cities` (whose messages then
    /// say `forecast cities --help`) and for `--experimental-dump-help`, which
    /// Scripts/make-manpage.py reads (the fetch is the default subcommand, named `forecast`).
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Japanese weather forecasts from weather.tsukumijima.net.",
        usage: Fetch.usage,
        version: parserVersion,
        subcommands: [Fetch.self, Cities.self],
        defaultSubcommand: Fetch.self)

    /// The version swift-argument-parser is given, which it needs to accept `--version`: the
    /// tool's alone. ``ForecastVersion/versionLine`` names the libcurl in use, and reading it
    /// loads libcurl; ArgumentParser reads its configurations for every parse, help text and
    /// usage error. A parse that ends in this message prints the full line instead (`run`).
    static let parserVersion = "forecast \(ForecastVersion.current)"

    /// Arguments that ask the parser itself for something (help, version, completions): the
    /// config file's defaults are not put before them.
    static let parserRequests: Set<String> = [
        "-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help",
    ]

    /// The entry point, synchronous: help and the version are printed at once; anything else
    /// runs as a task, and the main thread waits for it and returns. An `async` main would
    /// instead end the main thread with `dispatch_main()` (pthread_exit), whose forced unwind
    /// reads the binary's unwind tables (about 0.5 MB of them brought into memory) at every
    /// start, for a thread nothing else needs. Nothing here runs on the main actor, which this
    /// thread then no longer serves.
    static func main() {
        MallocArenas.useOne()
        skipGnuTLSInitialization()
        ForecastClient.skipTLSCleanupAtExit()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if answeredAtOnce(arguments) { return }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await run(arguments)
            done.signal()
        }
        done.wait()
    }

    /// Asks GnuTLS not to initialise itself when it is loaded (`GNUTLS_NO_EXPLICIT_INIT=1`,
    /// unless the user set the variable). Debian's libcurl brings GnuTLS in through librtmp,
    /// for RTMPS, and its constructor builds its ASN.1 trees and the rest of its global state at
    /// load: 0.8 M instructions and about 0.6 MB of every run that loads libcurl
    /// (Benchmarks/startup.sh). forecast never uses it: CurlHTTP allows http and https only,
    /// over OpenSSL. Done first, while this is the only thread, since setenv is not safe
    /// while another thread reads the environment.
    static func skipGnuTLSInitialization() {
        setenv("GNUTLS_NO_EXPLICIT_INIT", "1", 0)
    }

    /// Prints what needs no parsing (help, the version, zsh's completion script); false for
    /// anything else.
    static func answeredAtOnce(_ arguments: [String]) -> Bool {
        // `forecast --help` leads with how to fetch (usage, examples, every option).
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            print(Fetch.helpMessage())
            return true
        }
        // `forecast --version` alone, the same line ArgumentParser prints, without building the
        // command tree: that costs about 10 M instructions of reflection and protocol
        // conformance lookups (Benchmarks/startup.sh), more than the rest of the run.
        if arguments == ["--version"] {
            Terminal.output(ForecastVersion.versionLine + "\n")
            return true
        }
        if ZshCompletion.isRequested(by: arguments) {
            Terminal.ignoreBrokenPipeSignal()
            Terminal.output(ZshCompletion.script() + "\n")
            return true
        }
        return false
    }

    /// A run: the parsed command, or the message and exit status of a usage error.
    static func run(_ arguments: [String]) async {
        do {
            if routedThroughTree(arguments) {
                var command = try parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
                return
            }
            let config = try loadConfig(for: arguments, environment: .current)
            var command = try fetchCommand(arguments, config: config)
            if let fetch = command as? Fetch {
                try await fetch.run(defaultsFrom: config?.path)
            } else {
                try command.run()
            }
        } catch {
            // `--help`, `--version` and their kind go to stdout as ArgumentParser prints them.
            // A usage error goes to stderr through the untrusted-text gate: it may quote an
            // argument ("no city is called …", an unknown option) and must not carry its
            // escape sequences to the terminal.
            let status = Fetch.exitCode(for: error)
            let message = Fetch.fullMessage(for: error)
            guard status != .success else {
                // `--version` among other arguments, which the parser answers: with libcurl's
                // version too, as `forecast --version` alone prints it.
                if message == parserVersion {
                    Terminal.output(ForecastVersion.versionLine + "\n")
                    return
                }
                Fetch.exit(withError: error)
            }
            if !message.isEmpty {
                Terminal.report(message, multiline: true)
            }
            Fetch.exit(withError: status)
        }
    }

    /// True for `forecast cities …`, `forecast help <subcommand>` and `--experimental-dump-help`,
    /// which the documented tree parses; anything else is the fetch.
    static func routedThroughTree(_ arguments: [String]) -> Bool {
        arguments.first == "cities" || arguments.first == "help" || arguments.contains("--experimental-dump-help")
    }

    /// The config file for a run with these arguments: none when they ask the parser for help,
    /// the version or completions (`---completion` is how a shell asks for city names).
    static func loadConfig(for arguments: [String], environment: Environment) throws -> ConfigFile? {
        if arguments.contains(where: { parserRequests.contains($0) || $0.hasPrefix("---") }) {
            return nil
        }
        return try ConfigFile.load(environment: environment)
    }

    /// The command of a run: the config file's arguments, then the command line's. The file's
    /// cities are dropped when the command line names any; a bad line of the file is a usage
    /// error that names it.
    static func fetchCommand(_ arguments: [String], config: ConfigFile?) throws -> any ParsableCommand {
        guard let config, !config.arguments.isEmpty else {
            return try parseFetch(arguments)
        }
        let defaults = try config.parsed()
        let command = try parseFetch(config.arguments.map(\.text) + arguments)
        guard var fetch = command as? Fetch else { return command }
        let fromCommandLine = fetch.cities.dropFirst(defaults.cities.count)
        if !fromCommandLine.isEmpty {
            fetch.cities = Array(fromCommandLine)
        }
        return fetch
    }

    /// The fetch's arguments parsed: the common forms without reflection
    /// (`Fetch.quickParse`), anything else by swift-argument-parser.
    static func parseFetch(_ arguments: [String]) throws -> any ParsableCommand {
        if let fetch = Fetch.quickParse(arguments) {
            return fetch
        }
        return try Fetch.parseAsRoot(arguments)
    }
}
