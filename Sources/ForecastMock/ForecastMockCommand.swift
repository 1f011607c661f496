import ArgumentParser
import MockAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `forecast-mock`: serves the imitation of weather.tsukumijima.net until SIGINT or SIGTERM.
@main
struct ForecastMockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast-mock",
        abstract: "Serve an imitation of the weather.tsukumijima.net forecast API on 127.0.0.1.",
        discussion: """
            The first line on standard output is the base URL (e.g. http://127.0.0.1:40123). \
            The server runs until SIGINT or SIGTERM, then exits 0.

            Fault kinds: status:CODE, status:CODE:retry-after=VALUE, api-error, api-error:MESSAGE, \
            html, malformed, truncated, reset, stall, oversize:BYTES, endless, redirect-loop, \
            redirect-file. Append @K to fault only the first K attempts.

            Examples:
              forecast-mock --latency 50
              forecast-mock --fault 130010=status:503@2 --fault 140010=reset
              forecast-mock --fault-rate 0.1:status:503
            """
    )

    @Option(help: "The TCP port to listen on (0 picks a free one).")
    var port: Int = 0

    @Option(help: ArgumentHelp("Latency added to every API request.", valueName: "milliseconds"))
    var latency: Int = 0

    @Option(help: ArgumentHelp("A fault for one city ID (repeatable).", valueName: "city=kind[@K]"))
    var fault: [String] = []

    @Option(help: ArgumentHelp("A fault for a random fraction of requests.", valueName: "fraction:kind[@K]"))
    var faultRate: String?

    @Option(help: ArgumentHelp("The folder with cities.tsv, template.json and the {id}.json bodies.", valueName: "dir"))
    var fixtures: String?

    func validate() throws {
        _ = try self.makeConfiguration()
    }

    /// The server configuration the options describe.
    func makeConfiguration() throws(ValidationError) -> MockConfiguration {
        guard (0...65535).contains(self.port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(self.port).")
        }
        guard self.latency >= 0 else {
            throw ValidationError("--latency must be 0 or more milliseconds, not \(self.latency).")
        }
        var configuration = MockConfiguration(latency: .milliseconds(self.latency))
        do {
            for spec in self.fault {
                let (cityID, rule) = try FaultSpec.cityRule(spec)
                configuration.faultsByCity[cityID] = rule
            }
            configuration.randomFault = try self.faultRate.map(FaultSpec.randomRule)
        } catch {
            throw ValidationError(error.description)
        }
        if let fixtures = self.fixtures {
            configuration.fixturesDirectory = fixtures
        }
        return configuration
    }

    func run() async throws {
        let signals = TerminationSignals()
        let server = try await MockServer.start(configuration: self.makeConfiguration(), port: self.port)
        print(server.baseURL)
        fflush(nil)
        await signals.wait()
        try await server.shutdown()
    }
}
