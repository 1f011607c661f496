import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Forecast
#if canImport(Glibc)
import Glibc
#endif

/// Everything a run needs, decided from the options, the environment and the terminal.
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
    var parallel: Bool
    var jobs: Int
    var verbose: Bool
    /// `--max-time`: the whole run's deadline in seconds, if any.
    var maxTime: Double?
    var client: ClientConfiguration
}

/// The process environment, as a value tests can make.
struct Environment: Sendable {
    /// The variables of a made environment; nil for the process's own, which is read with
    /// getenv(3) name by name.
    private let table: [String: String]?

    init(variables: [String: String]) {
        table = variables
    }

    private init(process: Void) {
        table = nil
    }

    /// The process's variables. A run looks up a dozen names, each with getenv(3), which
    /// libcurl and the C library read too: a name given twice has its first value. A table of
    /// every variable (ProcessInfo's `environment`, or one built from `environ`) costs 0.5 M
    /// instructions a start (Benchmarks/startup.sh). Nothing in forecast changes the
    /// environment after main's first lines (one setenv, while single-threaded: see
    /// ForecastCommand.skipGnuTLSInitialization), so reading it from any thread is safe.
    static var current: Environment {
        Environment(process: ())
    }

    /// Every variable, by name: the made table, or the process's from `environ`.
    var variables: [String: String] {
        if let table { return table }
        var entries: [String] = []
        // environ is the C library's NULL-terminated array of "NAME=value" strings, unchanged
        // after main's first lines (above); each string is copied into a Swift String before
        // the next is read.
        var entry = environ
        while let pointer = entry.pointee {
            entries.append(String(cString: pointer))
            entry += 1
        }
        return Environment(entries: entries).variables
    }

    /// The variables of "NAME=value" entries, as `environ` holds them. A name given twice keeps
    /// its first value, as getenv(3) does; an entry without "=" is not a variable.
    init(entries: [String]) {
        var variables: [String: String] = [:]
        for text in entries {
            guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(text[..<equals])
            if variables[name] == nil {
                variables[name] = String(text[text.utf8.index(after: equals)...])
            }
        }
        self.init(variables: variables)
    }

    /// A variable's value as set, empty or not; nil if unset.
    func value(_ name: String) -> String? {
        if let table { return table[name] }
        // getenv returns a pointer into the environment, unchanged while forecast runs (see
        // `current`); String(cString:) copies it at once.
        return getenv(name).map { String(cString: $0) }
    }

    /// A variable's value; nil if unset or empty.
    subscript(name: String) -> String? {
        guard let value = value(name), !value.isEmpty else { return nil }
        return value
    }
}

extension Fetch {
    /// The cities the arguments name, in order; "-" stands for the cities on standard input,
    /// a prefecture for its catalog cities. Every argument that names no city is reported at
    /// once, and nothing is fetched.
    func resolveCities(readingStandardInput: () -> String) throws -> [City] {
        guard !cities.isEmpty else { throw ValidationError(Self.noCityMessage) }
        var arguments: [String] = []
        var readStandardInput = false
        for argument in cities {
            if argument == "-" {
                guard !readStandardInput else { continue }
                readStandardInput = true
                arguments += CityList.arguments(in: readingStandardInput())
            } else {
                arguments.append(argument)
            }
        }
        var resolved: [City] = []
        var problems: [String] = []
        for argument in arguments {
            do {
                resolved += try CityCatalog.resolveAll(argument)
            } catch {
                problems.append(error.description)
            }
        }
        if !problems.isEmpty {
            throw ValidationError(problems.joined(separator: "\n"))
        }
        if resolved.isEmpty {
            throw ValidationError("standard input named no city")
        }
        return resolved
    }

    /// The usage error of a run that names no city, on the command line or in the config file.
    static let noCityMessage = """
        name at least one city (an ID such as 130010, or a name such as 東京 or tokyo); \
        `forecast cities` lists them. For a default city, put it on a line of \
        ~/.config/forecast/config (or of the file $FORECAST_CONFIG names)
        """

    /// Options that contradict each other or would do nothing are usage errors, never
    /// silently ignored.
    func checkContradictions() throws {
        if refresh && noCache {
            throw ValidationError("--refresh and --no-cache contradict each other: --refresh stores what it fetches, --no-cache leaves the cache alone; choose one")
        }
        if noHeader, format != .auto, format != .tsv {
            throw ValidationError("--no-header applies to the tsv format only; --format \(format.name) has no header line to leave out")
        }
    }

    /// The settings of a run. What depends on the terminal is decided here, in one place:
    /// the format and colour from stdout; the progress line from stderr, which must be a
    /// terminal that can erase a line, and from stdout, which must not be a pipe: what a
    /// pipe's reader prints (`| head`, `| cut`) lands on the same terminal at moments we
    /// cannot know, and would run into the progress text.
    func settings(
        environment: Environment, stdoutIsTerminal: Bool, stderrIsTerminal: Bool = false, stdoutIsPipe: Bool = false,
        terminalWidth: Int? = nil
    ) throws -> Settings {
        let format: OutputFormat = format == .auto ? (stdoutIsTerminal ? .table : .tsv) : format
        let canEscape = environment["TERM"] != "dumb"
        let colorOn = switch color {
        case .always: true
        case .never: false
        case .auto: environment["NO_COLOR"] == nil && (Self.colorForced(environment) || (stdoutIsTerminal && canEscape))
        }
        var base = ClientConfiguration.publicBaseURL
        if let baseURL {
            base = baseURL
        } else if let fromEnvironment = environment["FORECAST_BASE_URL"] {
            try Self.checkBaseURL(fromEnvironment, source: "FORECAST_BASE_URL")
            base = fromEnvironment
        }
        let (caFile, caDirectory) = try trustedCAs(environment: environment)
        let cache: ForecastCache? = noCache ? nil : ForecastCache(
            directory: ForecastCache.defaultDirectory(variable: environment.value),
            mode: refresh ? .refresh : .normal)
        return Settings(
            format: format,
            days: days ?? (format.isOneLine ? 1 : 3),
            language: lang.language,
            width: Self.width(environment: environment, terminal: terminalWidth),
            header: !noHeader,
            color: format == .table && colorOn,
            progress: stderrIsTerminal && canEscape && !stdoutIsPipe,
            parallel: parallel || jobs != nil,
            jobs: jobs ?? 8,
            verbose: verbose,
            maxTime: maxTime,
            client: ClientConfiguration(
                baseURL: base,
                timeout: .milliseconds(Int64((timeout * 1000).rounded())),
                retries: retries,
                interval: interval.map { .milliseconds(Int64(($0 * 1000).rounded())) },
                cache: cache,
                caFile: caFile,
                caDirectory: caDirectory,
                staleIfError: staleIfError.map { .seconds($0.seconds) }))
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
    func trustedCAs(environment: Environment) throws -> (file: String?, directory: String?) {
        if let cacert {
            return (cacert, nil)
        }
        let named = ClientConfiguration.caLocations(curlVariable: environment.value)
        if let file = named.file {
            try Self.checkReadableFile(file, source: environment["CURL_CA_BUNDLE"] != nil ? "CURL_CA_BUNDLE" : "SSL_CERT_FILE")
        }
        if let directory = named.directory {
            // OpenSSL takes a colon-separated list of directories here.
            for part in directory.split(separator: ":") {
                try Self.checkReadableDirectory(String(part), source: "SSL_CERT_DIR")
            }
        }
        return named
    }
}
