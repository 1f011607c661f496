#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The values the options several commands share set, each with its default: the one place a
/// default is written (a source's own options keep theirs in its folder).
package enum Key {
    package static let parallel = OptionKey("parallel", false)
    /// `--no-parallel`: undoes a `--parallel` or `--jobs` of the config file.
    package static let noParallel = OptionKey("no-parallel", false)
    /// Requests in flight; nil for ``OptionSpec/defaultJobs`` (and, without `--parallel`, one).
    package static let jobs = OptionKey<Int?>("jobs", nil)
    package static let format = OptionKey("format", OutputFormat.auto)
    /// Days per city; nil for the command's default.
    package static let days = OptionKey<Int?>("days", nil)
    package static let noHeader = OptionKey("no-header", false)
    /// Seconds one attempt of one request may take.
    package static let timeout = OptionKey("timeout", ClientConfiguration.defaultTimeout.seconds)
    package static let retries = OptionKey("retries", ClientConfiguration.defaultRetries)
    /// Seconds between request starts; nil for the client's rule (0.5 s for the public API).
    package static let interval = OptionKey<Double?>("interval", nil)
    package static let refresh = OptionKey("refresh", false)
    package static let noCache = OptionKey("no-cache", false)
    package static let cacert = OptionKey<String?>("cacert", nil)
    package static let maxTime = OptionKey<Double?>("max-time", nil)
    package static let staleIfError = OptionKey<StaleDuration?>("stale-if-error", nil)
    package static let color = OptionKey("color", ColorMode.auto)
    package static let lang = OptionKey("lang", Language.ja)
    package static let units = OptionKey("units", Units.metric)
    package static let verbose = OptionKey("verbose", false)
    /// The agency's site; nil for `$FORECAST_JMA_URL`, else the agency's own.
    package static let jmaURL = OptionKey<String?>("jma-url", nil)
    /// Keep running, and print again when what is printed changes.
    package static let watch = OptionKey("watch", false)
    /// The template of waybar's `text`; nil for the line format's.
    package static let textFormat = OptionKey<FormatTemplate?>("text-format", nil)
}

extension OptionValues {
    /// The template a run's lines are written with: the format's, or waybar's text's (`--text-format`); nil for none.
    package var lineTemplate: FormatTemplate? {
        switch self[Key.format] {
        case .template(let template): template
        case .waybar: self[Key.textFormat]
        default: nil
        }
    }
}

/// `--color`.
package enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}

extension OptionSpec {
    /// `--jobs` when not given.
    package static let defaultJobs = 8

    static let parallel = flag(
        "parallel", short: "p", help: "fetch concurrently; the output keeps the order given", section: .first,
        contradicts: ["no-parallel"], sets: Key.parallel).harmless

    static let jobs = whole(
        "jobs", short: "j", help: "at most N requests in flight (default \(defaultJobs)); implies -p", section: .first,
        in: 1...Int.max, "at least 1", contradicts: ["no-parallel"], sets: Key.jobs).harmless

    /// `--format` in a command that prints `formats`, and templates with the placeholders
    /// `templates` names (nil for a command without templates): its help lists them, says what
    /// `auto` is and ends with `after`, and a shell completes them.
    package static func format(
        _ formats: [OutputFormat], templates: String?, auto: String = "a table on a terminal, else tsv", after: String = ""
    ) -> OptionSpec {
        let names: @Sendable () -> [String] = { formats.map(\.name) }
        return OptionSpec(
            "format", short: "f", .value(name: "F"),
            help: {
                let listed = names().map { $0 == OutputFormat.auto.name ? "\($0) (default: \(auto))" : $0 }
                guard let templates else { return Sentence.list(Array(listed.dropLast()), or: listed[listed.count - 1]) + after }
                return Sentence.list(listed, or: "a %-template " + templates) + after
            }(),
            section: .first, completion: .values(names),
            effect: .set { values, value throws(UsageError) in values[Key.format] = try OutputFormat.parse(value) })
    }

    static let lang = choice(
        "lang", "ja|en", help: "ja (default) or en: JMA's English names and weather phrases; LANG does not change it",
        section: .first, sets: Key.lang)

    /// Harmless where nothing has a unit (`forecast --units imperial sun`, under an alias): nothing is dropped.
    static let units = choice(
        "units", "metric|imperial",
        help: "metric (default: °C, m/s) or imperial (°F, mph), and the TSV columns' and JSON keys' names with them",
        sets: Key.units).harmless

    static let noParallel = flag(
        "no-parallel", help: "one city after the other (undoes the config file's -p or -j)", contradicts: ["parallel", "jobs"],
        sets: Key.noParallel).harmless

    static let noHeader = flag(
        "no-header", help: "TSV without its header line",
        formatRule: { format in
            format == .auto || format == .tsv ? nil : "--no-header applies to the tsv format only; --format \(format.name) has no header line to leave out"
        },
        sets: Key.noHeader)

    static let timeout = OptionSpec(
        "timeout", .value(name: "S"), help: "seconds one attempt of one request may take (default \(NumberText.decimal(Key.timeout.defaultValue)))",
        effect: .set { values, value throws(UsageError) in
            values[Key.timeout] = try seconds(value, "--timeout", in: 0.001...longestWait, "from 0.001 to 86400 seconds")
        }).harmless

    static let retries = OptionSpec(
        "retries", .value(name: "N"), help: "extra attempts for transient failures, 0 to 10 (default \(Key.retries.defaultValue))",
        effect: .set { values, value throws(UsageError) in values[Key.retries] = try whole(value, "--retries", in: 0...10, "from 0 to 10") }).harmless

    /// The client paces the API's host and the agency's alike; any other host only when given.
    static let interval = seconds(
        "interval",
        help: "seconds between request starts to a host (default \(NumberText.decimal(ClientConfiguration.publicAPIInterval.seconds)) for \(ClientConfiguration.pacedHosts[0]) and \(ClientConfiguration.pacedHosts[1]), else 0)",
        in: 0...longestWait, "from 0 to 86400 seconds", sets: Key.interval).harmless

    static let refresh = flag(
        "refresh", help: "fetch even if the cache has a fresh copy, and store the new one", contradicts: ["no-cache"], sets: Key.refresh).harmless

    static let noCache = flag("no-cache", help: "neither read nor write the cache", contradicts: ["refresh"], sets: Key.noCache).harmless

    static let cacert = OptionSpec(
        "cacert", .value(name: "FILE"), help: "trust the CA certificates of this PEM file for HTTPS instead of the system's store",
        completion: .files,
        effect: .set { values, value throws(UsageError) in
            try checkReadableFile(value, source: "--cacert")
            values[Key.cacert] = value
        }).harmless

    static let maxTime = OptionSpec(
        "max-time", .value(name: "S"), help: "give up on the cities not done after S seconds in all, retries and waits included",
        effect: .set { values, value throws(UsageError) in
            let seconds = try seconds(value, "--max-time", in: 0...longestWait, "more than 0 and at most 86400 seconds")
            guard seconds > 0 else { throw UsageError("--max-time must be more than 0 and at most 86400 seconds (got \(value))") }
            values[Key.maxTime] = seconds
        }).harmless

    static let staleIfError = OptionSpec(
        "stale-if-error", .value(name: "DURATION"),
        help: "when a city cannot be had, print its cached copy if it is at most DURATION old (90, 45m, 6h, 2d), marked stale",
        effect: .set { values, value throws(UsageError) in
            guard let duration = StaleDuration(argument: value) else {
                throw UsageError("--stale-if-error must be seconds or a number with s, m, h or d, at most a year (got \(value))")
            }
            values[Key.staleIfError] = duration
        }).harmless

    static let color = choice("color", "WHEN", help: "auto (default), always or never", sets: Key.color)

    static let jmaURL = OptionSpec(
        "jma-url", .value(name: "URL"), help: "the weather agency's site (default $FORECAST_JMA_URL, else \(ClientConfiguration.agencyBaseURL))",
        effect: .set { values, value throws(UsageError) in
            try checkBaseURL(value, source: "--jma-url")
            values[Key.jmaURL] = value
        }).harmless

    static let watch = flag(
        "watch", help: "keep running: print at once, then again when the forecast changes (line by default, templates, waybar)",
        contradicts: ["no-watch"],
        // No format given (`auto`) is a line under a watch: ``Invocation`` sets it once the options are merged.
        formatRule: { $0.isForBars || $0 == .auto ? nil : "--watch prints line, a template or waybar (got --format \($0.name))" },
        sets: Key.watch)

    static let noWatch = flag(
        "no-watch", help: "print once and end (undoes the config file's --watch)", contradicts: ["watch"], sets: Key.watch, to: false)

    static let textFormat = OptionSpec(
        "text-format", .value(name: "TEMPLATE"), help: "with -f waybar: the template of the bar's text (by default each city's line)",
        formatRule: { $0 == .waybar ? nil : "--text-format applies to -f waybar only (got --format \($0.name))" },
        effect: .set { values, value throws(UsageError) in
            do {
                values[Key.textFormat] = try FormatTemplate(value)
            } catch {
                throw UsageError("--text-format: \(error)")
            }
        })

    static let verbose = flag(
        "verbose", short: "v", help: "one line per request on stderr: status, bytes, attempts, cache, timings", sets: Key.verbose).harmless

    static let help = OptionSpec("help", short: "h", help: "this help", effect: .request { _ in .help })

    static let version = OptionSpec(
        "version", help: "the version, with the libcurl it was built with; with -v, the libcurl it runs on (which loads it)",
        effect: .request { _ in .version })

    static let completionScript = OptionSpec(
        "generate-completion-script", .value(name: "SHELL"), help: "the completion script for bash, zsh or fish",
        completion: .values { ParserRequest.Shell.allCases.map(\.rawValue) },
        effect: .request { value throws(UsageError) in
            guard let shell = ParserRequest.Shell(rawValue: value) else {
                throw UsageError("--generate-completion-script must be bash, zsh or fish (got \(value))")
            }
            return .completionScript(shell)
        })

    /// What every command takes: its help, the version, a completion script.
    package static let requests = [help, version, completionScript]

    /// The options of a command that fetches cities, around its own (`--format` and what its source adds), in the order
    /// `--help` lists them: `first` after `--jobs`, `--units` after `--lang` for a command whose values have `units`,
    /// `middle` after `--interval`, `bar` (the status bar's, for the commands `--watch` applies to) after `--jma-url`,
    /// `last` before `--verbose`.
    package static func fetching(
        first: [OptionSpec], units hasUnits: Bool = true, middle: [OptionSpec] = [], afterColor: [OptionSpec] = [], bar: Bool,
        last: [OptionSpec] = []
    ) -> [OptionSpec] {
        // One array, appended to: a chain of `+` made a new array at each step, at every start for each command.
        var options: [OptionSpec] = []
        options.reserveCapacity(20 + first.count + middle.count + afterColor.count + last.count + requests.count)
        options.append(contentsOf: [parallel, jobs])
        options.append(contentsOf: first)
        options.append(lang)
        if hasUnits { options.append(units) }
        options.append(contentsOf: [noParallel, noHeader, timeout, retries, interval])
        options.append(contentsOf: middle)
        options.append(contentsOf: [refresh, noCache, cacert, maxTime, staleIfError, color])
        options.append(contentsOf: afterColor)
        options.append(jmaURL)
        if bar { options.append(contentsOf: [watch, noWatch, textFormat]) }
        options.append(contentsOf: last)
        options.append(verbose)
        options.append(contentsOf: requests)
        return options
    }

    /// An API root must be an http or https URL.
    package static func checkBaseURL(_ url: String, source: String) throws(UsageError) {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), url.count > 8, !url.utf8.contains(UInt8(ascii: " ")) else {
            throw UsageError("\(source) must be an http:// or https:// URL (got \"\(url)\")")
        }
    }

    /// A CA file must be a regular file (or a link to one) this user can read; checked before
    /// any request, since libcurl would only say so per city, after connecting.
    package static func checkReadableFile(_ path: String, source: String) throws(UsageError) {
        guard kind(of: path) == S_IFREG, access(path, R_OK) == 0 else {
            throw UsageError("\(source): cannot read the CA file \"\(path)\" (no such file, or not readable)")
        }
    }

    /// A CA directory must be a directory this user can list.
    package static func checkReadableDirectory(_ path: String, source: String) throws(UsageError) {
        guard kind(of: path) == S_IFDIR, access(path, R_OK | X_OK) == 0 else {
            throw UsageError("\(source): cannot read the CA directory \"\(path)\" (no such directory, or not readable)")
        }
    }

    /// The file type bits of what `path` names (following links), or nil if it names nothing.
    private static func kind(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}

/// The value of `--stale-if-error`: seconds, or a number with `s`, `m`, `h` or `d` ("90", "90s", "45m", "6h", "2d").
package struct StaleDuration: Sendable, Equatable {
    /// Whole seconds, at least 1.
    package let seconds: Int64

    /// The longest: a year. Beyond it a number is a typo (and may overflow).
    package static let longest: Int64 = 366 * 86_400

    package init?(argument: String) {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var text = Substring(argument)
        var unit: Int64 = 1
        if let last = text.last, let multiplier = units[last] {
            unit = multiplier
            text = text.dropLast()
        }
        guard !text.isEmpty, text.allSatisfy(\.isASCII), let number = Double(text), number.isFinite, number > 0 else {
            return nil
        }
        let total = (number * Double(unit)).rounded()
        guard total >= 1, total <= Double(Self.longest) else { return nil }
        seconds = Int64(total)
    }
}
