import Forecast

/// Everything a run needs, decided from the options, the environment and the terminal: the one place of the command's
/// terminal decisions. The options' values themselves stay in ``values``; these are what is derived from them.
struct Settings: Sendable {
    let values: OptionValues
    /// Never `.auto`: already decided.
    var format: OutputFormat
    var days: Int
    var language: Language
    var units: Units
    /// The terminal's width in cells, for the table and the detail format.
    var width: Int
    var header: Bool
    var color: Bool
    /// Draw a progress line on stderr while many cities are fetched.
    var progress: Bool
    /// Print each failed city's stderr line after the output rather than as it happens: stdout and stderr are one
    /// terminal, where a line in the middle of a table breaks it up (the table's row already says the city failed).
    var holdFailureLines: Bool
    /// Requests in flight at most: `--jobs` (8 by default) with `--parallel`, else one.
    var jobs: Int
    var verbose: Bool
    var client: ClientConfiguration

    /// What the run's streams are, as the terminal tells.
    struct Streams: Sendable {
        var stdoutIsTerminal = false
        var stderrIsTerminal = false
        /// Stdout is read by another program (a pipe or a socket).
        var stdoutIsPipe = false
        var sameTerminal = false
        /// The terminal's width, if either stream is one.
        var width: Int?

        static func current() -> Streams {
            Streams(
                stdoutIsTerminal: Terminal.isTerminal(.standardOutput),
                stderrIsTerminal: Terminal.isTerminal(.standardError),
                stdoutIsPipe: Terminal.isPipe(.standardOutput),
                sameTerminal: Terminal.isSameTerminal(.standardOutput, .standardError),
                width: Terminal.width())
        }
    }

    /// The settings of a run. The format and colour follow stdout; the progress line needs
    /// stderr to be a terminal that can erase a line, and stdout not to be a pipe, whose
    /// reader (`| head`, `| cut`) prints to the same terminal at moments nobody knows.
    ///
    /// A run of a command that makes no request (the sun) reads none of the network's
    /// variables (the roots, the CA store, the cache folder): no value of theirs can stop it.
    init(_ values: OptionValues, for command: Command, environment: Environment, streams: Streams) throws(UsageError) {
        self.values = values
        let network = command.fetches
        let format: OutputFormat = values[Key.format] == .auto ? (streams.stdoutIsTerminal ? .table : .tsv) : values[Key.format]
        let canEscape = environment["TERM"] != "dumb"
        let colorOn = switch values[Key.color] {
        case .always: true
        case .never: false
        // `CLICOLOR_FORCE` set, not empty and not "0": colour even when stdout is not a terminal.
        case .auto: environment["NO_COLOR"] == nil && ((environment["CLICOLOR_FORCE"] ?? "0") != "0" || (streams.stdoutIsTerminal && canEscape))
        }
        let networkVariables = network ? environment : Environment(variables: [:])
        let base = try Self.root(values[Key.baseURL], variable: "FORECAST_BASE_URL", networkVariables, else: ClientConfiguration.publicBaseURL)
        let agency = try Self.root(values[Key.jmaURL], variable: "FORECAST_JMA_URL", networkVariables, else: ClientConfiguration.agencyBaseURL)
        let (caFile, caDirectory) = try Self.trustedCAs(cacert: values[Key.cacert], environment: networkVariables)
        let cache: ForecastCache? = values[Key.noCache] || !network ? nil : ForecastCache(
            directory: ForecastCache.defaultDirectory(variable: environment.value),
            mode: values[Key.refresh] ? .refresh : .normal)
        self.format = format
        days = if case .cities(let run) = command.run { run.days(values, format: format) } else { .max }
        language = values[Key.lang]
        units = values[Key.units]
        // `COLUMNS` if it is a positive number, else the terminal's, else 80.
        width = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? streams.width ?? 80
        header = !values[Key.noHeader]
        color = format == .table && colorOn
        progress = streams.stderrIsTerminal && canEscape && !streams.stdoutIsPipe
        holdFailureLines = streams.sameTerminal
        let parallel = (values[Key.parallel] || values[Key.jobs] != nil) && !values[Key.noParallel]
        jobs = parallel ? values[Key.jobs] ?? OptionSpec.defaultJobs : 1
        verbose = values[Key.verbose]
        client = ClientConfiguration(
            baseURL: base,
            timeout: Self.duration(seconds: values[Key.timeout]),
            retries: values[Key.retries],
            interval: values[Key.interval].map(Self.duration(seconds:)),
            cache: cache,
            caFile: caFile,
            caDirectory: caDirectory,
            staleIfError: values[Key.staleIfError].map { .seconds($0.seconds) },
            maxTime: values[Key.maxTime].map(Self.duration(seconds:)),
            agencyURL: agency,
            source: values[Key.source])
        // The forecaster's overview, a request of its own, only for the format that prints it.
        client.agencyOverview = format == .detail
    }

    /// Seconds as a duration, to the millisecond.
    static func duration(seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// A root URL: the option's (checked when it was read), else the variable's, checked here, else the public default.
    static func root(_ option: String?, variable: String, _ environment: Environment, else fallback: String) throws(UsageError) -> String {
        if let option { return option }
        guard let fromEnvironment = environment[variable] else { return fallback }
        try OptionSpec.checkBaseURL(fromEnvironment, source: variable)
        return fromEnvironment
    }

    /// The CAs to trust: `--cacert`, else what curl's variables name (`CURL_CA_BUNDLE`, else
    /// `SSL_CERT_FILE` and `SSL_CERT_DIR`), else none (the system's store). A file or directory
    /// named by a variable must be readable too: a usage error now beats a TLS error per city.
    static func trustedCAs(cacert: String?, environment: Environment) throws(UsageError) -> (file: String?, directory: String?) {
        if let cacert {
            return (cacert, nil)
        }
        let named = ClientConfiguration.caLocations(curlVariable: environment.value)
        if let file = named.file {
            try OptionSpec.checkReadableFile(file, source: environment["CURL_CA_BUNDLE"] != nil ? "CURL_CA_BUNDLE" : "SSL_CERT_FILE")
        }
        if let directory = named.directory {
            // OpenSSL takes a colon-separated list of directories here.
            for part in directory.split(separator: ":") {
                try OptionSpec.checkReadableDirectory(String(part), source: "SSL_CERT_DIR")
            }
        }
        return named
    }
}
