import Forecast

/// Everything a fetch needs, decided from the options, the environment and the terminal: the
/// one place of the command's terminal decisions.
struct Settings: Sendable {
    /// Never `.auto`: already decided.
    var format: OutputFormat
    var days: Int
    var language: Language
    /// The terminal's width in cells, for the table and the detail format.
    var width: Int
    var header: Bool
    var color: Bool
    /// Draw a progress line on stderr while many cities are fetched.
    var progress: Bool
    /// Print each failed city's stderr line after the output rather than as it happens: stdout
    /// and stderr are one terminal, where a line in the middle of a table breaks it up (the
    /// table's row already says the city failed).
    var holdFailureLines: Bool
    var parallel: Bool
    var jobs: Int
    var verbose: Bool
    /// Keep running and print again when the text changes (`--watch`).
    var watch: Bool
    /// Fetch the warnings in force too, and mark the cities under one of level 3 or more
    /// (`--warnings`).
    var warnings: Bool
    /// The sun's first day, "YYYY-MM-DD" (`--date`); nil for today in Japan, read when the sun
    /// is computed.
    var date: String?
    /// The template of waybar's text, if given.
    var textFormat: FormatTemplate?
    var client: ClientConfiguration

    /// What the run's streams are, as the terminal tells.
    struct Streams: Sendable {
        var stdoutIsTerminal = false
        var stderrIsTerminal = false
        /// Stdout is read by another program (a pipe or a socket).
        var stdoutIsPipe = false
        /// Stdout and stderr are the same terminal.
        var sameTerminal = false
        /// The terminal's width, if either stream is one.
        var width: Int?

        /// The process's own streams.
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
    /// A run that makes no request (`network` false; by default, a command that does not fetch:
    /// the sun) reads none of the network's variables (the roots, the CA store, the cache
    /// folder): no value of theirs can stop it.
    init(options: Options, environment: Environment, streams: Streams, network: Bool? = nil) throws(UsageError) {
        let network = network ?? OptionSpec.Commands.fetching.contains(options.command.scope)
        let format: OutputFormat = options.format == .auto ? (streams.stdoutIsTerminal ? .table : .tsv) : options.format
        let canEscape = environment["TERM"] != "dumb"
        let colorOn = switch options.color {
        case .always: true
        case .never: false
        case .auto: environment["NO_COLOR"] == nil && (Self.colorForced(environment) || (streams.stdoutIsTerminal && canEscape))
        }
        let networkVariables = network ? environment : Environment(variables: [:])
        let base = try Self.root(options.baseURL, variable: "FORECAST_BASE_URL", networkVariables, else: ClientConfiguration.publicBaseURL)
        let agency = try Self.root(options.jmaURL, variable: "FORECAST_JMA_URL", networkVariables, else: ClientConfiguration.agencyBaseURL)
        let (caFile, caDirectory) = try Self.trustedCAs(cacert: options.cacert, environment: networkVariables)
        let cache: ForecastCache? = options.noCache || !network ? nil : ForecastCache(
            directory: ForecastCache.defaultDirectory(variable: environment.value),
            mode: options.refresh ? .refresh : .normal)
        self.format = format
        days = options.days ?? Options.defaultDays(for: format, in: options.command)
        language = options.lang.language
        width = Self.width(environment: environment, terminal: streams.width)
        header = !options.noHeader
        color = format == .table && colorOn
        progress = streams.stderrIsTerminal && canEscape && !streams.stdoutIsPipe
        holdFailureLines = streams.sameTerminal
        parallel = options.isParallel
        jobs = options.isParallel ? options.jobs ?? Options.defaultJobs : 1
        verbose = options.verbose
        watch = options.watch
        warnings = options.warnings
        date = options.date
        textFormat = options.textFormat
        client = ClientConfiguration(
            baseURL: base,
            timeout: Self.duration(seconds: options.timeout),
            retries: options.retries,
            interval: options.interval.map(Self.duration(seconds:)),
            cache: cache,
            caFile: caFile,
            caDirectory: caDirectory,
            staleIfError: options.staleIfError.map { .seconds($0.seconds) },
            maxTime: options.maxTime.map(Self.duration(seconds:)),
            agencyURL: agency,
            source: options.source)
        // The forecaster's overview, a request of its own, only for the format that prints it.
        client.agencyOverview = format == .detail
    }

    /// Seconds as a duration, to the millisecond.
    static func duration(seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// A root URL: the option's (checked when it was read), else the variable's, checked here,
    /// else the public default.
    static func root(_ option: String?, variable: String, _ environment: Environment, else fallback: String) throws(UsageError) -> String {
        if let option { return option }
        guard let fromEnvironment = environment[variable] else { return fallback }
        try OptionTable.checkBaseURL(fromEnvironment, source: variable)
        return fromEnvironment
    }

    /// `CLICOLOR_FORCE` set, not empty and not "0": colour even when stdout is not a terminal.
    static func colorForced(_ environment: Environment) -> Bool {
        guard let value = environment["CLICOLOR_FORCE"] else { return false }
        return value != "0"
    }

    /// The width the table and the detail format fit: `COLUMNS` if it is a positive number,
    /// else the terminal's, else 80.
    static func width(environment: Environment, terminal: Int?) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return columns
        }
        return terminal ?? 80
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
            try OptionTable.checkReadableFile(file, source: environment["CURL_CA_BUNDLE"] != nil ? "CURL_CA_BUNDLE" : "SSL_CERT_FILE")
        }
        if let directory = named.directory {
            // OpenSSL takes a colon-separated list of directories here.
            for part in directory.split(separator: ":") {
                try OptionTable.checkReadableDirectory(String(part), source: "SSL_CERT_DIR")
            }
        }
        return named
    }
}
