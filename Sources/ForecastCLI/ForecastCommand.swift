import ArgumentParser
import Forecast

/// `forecast`: the root command. Fetching is its default subcommand, so
/// `forecast 130010 140010` and `forecast cities 東` both parse.
@main
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Japanese weather forecasts from weather.tsukumijima.net.",
        usage: Fetch.usage,
        version: ForecastVersion.current,
        subcommands: [Fetch.self, Cities.self],
        defaultSubcommand: Fetch.self)

    static func main() async {
        // `forecast --help` leads with how to fetch (usage, examples, every option) rather
        // than a bare list of subcommands.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            print(Fetch.helpMessage(for: ForecastCommand.self))
            return
        }
        do {
            var command = try parseAsRoot(arguments)
            if var fetch = command as? any AsyncParsableCommand {
                try await fetch.run()
            } else {
                try command.run()
            }
        } catch {
            // `--help`, `--version` and their kind go to stdout as ArgumentParser prints them.
            // A usage error goes to stderr through the untrusted-text gate: it may quote an
            // argument ("no city is called …", an unknown option) and must not carry its
            // escape sequences to the terminal.
            let status = exitCode(for: error)
            guard status != .success else { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                Terminal.report(message, multiline: true)
            }
            exit(withError: status)
        }
    }
}
