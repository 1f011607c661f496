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
        abstract: "Serve imitations of the weather.tsukumijima.net API and of JMA's forecast files on 127.0.0.1.",
        discussion: """
            The first line on standard output is the base URL (e.g. http://127.0.0.1:40123). \
            With --tls it is an https URL, served with HTTP/2 and HTTP/1.1 offered by ALPN, \
            and the second line is the path of the test CA's PEM file, to trust it with \
            (forecast --cacert FILE, curl --cacert FILE). The server runs until SIGINT or \
            SIGTERM, then exits 0.

            Routes: /api/forecast/city/ID and /api/forecast?city=ID (the API: a city's real \
            sample, ID.json, else a body with its own location and weather derived from its ID); \
            /bosai/forecast/data/forecast/OFFICE.json and \
            /bosai/forecast/data/overview_forecast/OFFICE.json (the agency's files, for every \
            office of jma/areas.tsv: its newest real sample, else one with its own areas and \
            weather derived from its cities' IDs); /bosai/amedas/data/latest_time.txt and \
            /bosai/amedas/data/map/YYYYMMDDHHmm00.json (the AMeDAS observations: the real map \
            file of jma/amedas/, under its own time, or with --stamp-release under every \
            ten-minute time up to 7 minutes before the clock); /bosai/warning/data/r8/OFFICE.json \
            (the warnings in force: the real copies of jma/warnings/ for 130000, 014030 and \
            460040, a file with nothing in force for every other office); /stats (the counters).

            Fault kinds: status:CODE, status:CODE:retry-after=VALUE, api-error, api-error:MESSAGE, \
            html, malformed, truncated, reset, stall, oversize:BYTES, endless, redirect-loop, \
            redirect-file, and for an office's forecast file jma-one-report (the 3-day report \
            alone) and jma-short-series (value arrays one shorter than their timeDefines), for \
            the AMeDAS map amedas-without:STATION (the file without that station). Append @K to \
            fault only the first K attempts. A city ID addresses the API's route, office:CODE an \
            office's two forecast files (270000 is both a city and an office), warning:CODE an \
            office's warning file, amedas:latest_time and amedas:map the AMeDAS files.

            --stamp-release reads the system clock, so running under libfaketime moves it.

            Examples:
              forecast-mock --latency 50
              forecast-mock --fault 130010=status:503@2 --fault 140010=reset
              forecast-mock --fault office:270000=status:503 --fault 270000=html
              forecast-mock --fault amedas:map=amedas-without:44132 --fault amedas:latest_time=status:404
              forecast-mock --fault warning:130000=malformed
              forecast-mock --fault-rate 0.1:status:503
              forecast-mock --stamp-release
              forecast-mock --tls --latency 100
            """
    )

    @Option(help: "The TCP port to listen on (0 picks a free one).")
    var port: Int = 0

    @Option(help: ArgumentHelp(
        "Latency added to every request of the API and of the agency's files.", valueName: "milliseconds"))
    var latency: Int = 0

    @Option(help: ArgumentHelp(
        "A fault for one city ID of the API, with office: for one office's files, with warning: for an office's warning file, with amedas: for latest_time or map (repeatable).",
        valueName: "[office:|amedas:]code=kind[@K]"))
    var fault: [String] = []

    @Option(help: ArgumentHelp("A fault for a random fraction of requests.", valueName: "fraction:kind[@K]"))
    var faultRate: String?

    @Flag(help: """
        Stamp each body with the last release before the clock (05:00, 11:00, 17:00 JST; the \
        weekly report 11:00, 17:00) and move its dates to the clock's day (a week's to the day \
        after its release).
        """)
    var stampRelease = false

    @Option(help: ArgumentHelp(
        """
        The folder with cities.tsv, template.json, the {id}.json bodies and jma/; if not given, \
        the package's Fixtures/.
        """,
        valueName: "dir"))
    var fixtures: String?

    @Flag(help: "Serve HTTPS (HTTP/2 and HTTP/1.1 by ALPN) with a certificate of the built-in test CA.")
    var tls = false

    @Option(help: ArgumentHelp(
        "With --tls: the certificate; other-host is for other.example, expired has expired.",
        valueName: "name"))
    var certificate: MockCertificates.Server = .localhost

    @Option(help: ArgumentHelp(
        "With --tls: only offer these ALPN protocols, comma-separated.", valueName: "list"))
    var alpn: String = "h2,http/1.1"

    @Option(help: ArgumentHelp(
        "With --tls: write the test CA here; if not given, to a temporary file removed on exit.", valueName: "file"))
    var caFile: String?

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
        var configuration = MockConfiguration(latency: .milliseconds(self.latency), stampsRelease: self.stampRelease)
        do {
            for spec in self.fault {
                let (target, rule) = try FaultSpec.targetedRule(spec)
                configuration.faultsBySource[target.source, default: [:]][target.key] = rule
            }
            configuration.randomFault = try self.faultRate.map(FaultSpec.randomRule)
        } catch {
            throw ValidationError(error.description)
        }
        if let fixtures = self.fixtures {
            configuration.fixturesDirectory = fixtures
        }
        if !self.tls, self.certificate != .localhost || self.caFile != nil || self.alpn != "h2,http/1.1" {
            throw ValidationError("--certificate, --alpn and --ca-file only apply with --tls.")
        }
        let known: Set<Substring> = ["h2", "http/1.1"]
        let protocols = self.alpn.split(separator: ",")
        guard !protocols.isEmpty, protocols.allSatisfy(known.contains) else {
            throw ValidationError("--alpn takes h2 and http/1.1, comma-separated, not \(self.alpn).")
        }
        return configuration
    }

    func run() async throws {
        let signals = TerminationSignals()
        let protocols = self.alpn.split(separator: ",").map(String.init)
        let tls = self.tls ? MockTLS(certificate: self.certificate, protocols: protocols) : nil
        let server = try await MockServer.start(configuration: self.makeConfiguration(), port: self.port, tls: tls)
        print(server.baseURL)
        var temporaryCAFile: String?
        if self.tls {
            // getenv's string belongs to the environment and is copied at once.
            let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            let path = self.caFile ?? "\(temporary)/forecast-mock-ca-\(getpid()).pem"
            try MockCertificates.writeCertificateAuthority(to: path)
            if self.caFile == nil { temporaryCAFile = path }
            print(path)
        }
        fflush(nil)
        await signals.wait()
        try await server.shutdown()
        if let temporaryCAFile {
            unlink(temporaryCAFile)
        }
    }
}

extension MockCertificates.Server: ExpressibleByArgument {}
