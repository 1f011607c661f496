import Forecast

/// Every option of `forecast`, once: the single definition its parser, its help, its man page,
/// its config file and its shell completions are made from. A default is stated by reading it from
/// ``Options``, never written here.
enum OptionTable {
    static let all: [OptionSpec] = [
        parallel, jobs, format, days, date, lang,
        noParallel, noHeader, timeout, retries, interval, baseURL, refresh, noCache, cacert, maxTime,
        staleIfError, color, source, jmaURL, watch, noWatch, textFormat, warnings, verbose, help, version, completionScript,
    ]

    static let parallel = OptionSpec(
        "parallel", short: "p", help: "fetch concurrently; the output keeps the order given",
        section: .first, contradicts: ["no-parallel"],
        effect: .set { options, _ in options.parallel = true })

    static let jobs = OptionSpec(
        "jobs", short: "j", .value(name: "N"),
        help: "at most N requests in flight (default \(Options.defaultJobs)); implies -p",
        section: .first, contradicts: ["no-parallel"],
        effect: .set { options, value throws(UsageError) in
            options.jobs = try whole(value, "--jobs", in: 1...Int.max, "at least 1")
        })

    static let format = OptionSpec(
        "format", short: "f", .value(name: "F"),
        help: HelpText.formatHelp(for: .fetch),
        commands: .all, section: .first, completion: .values(OutputFormat.names(for:)),
        effect: .set { options, value throws(UsageError) in options.format = try OutputFormat.parse(value) })

    /// 1 to 3 in the 3-day forecast, 1 to 366 for the sun.
    static let days = OptionSpec(
        "days", short: "d", .value(name: "N"),
        help: "days per city, 1 to 3 (default \(Options.defaultDays(for: .table)); \(Options.defaultDays(for: .line)) for line and templates)",
        commands: [.fetch, .sun], section: .first, completion: .values { command in command == .fetch ? ["1", "2", "3"] : [] },
        effect: .set { options, value throws(UsageError) in
            options.days = options.command == .sun
                ? try whole(value, "--days", in: 1...Options.mostSunDays, "from 1 to \(Options.mostSunDays)")
                : try whole(value, "--days", in: 1...Options.mostForecastDays, "1, 2 or 3")
        })

    static let date = OptionSpec(
        "date", .value(name: "YYYY-MM-DD"),
        help: "the first day; without it, today in Japan",
        commands: .sun,
        effect: .set { options, value throws(UsageError) in
            guard SunDay.day(of: value) != nil else {
                let shape = value.utf8.count == 10 && value.split(separator: "-").count == 3
                throw UsageError("--date must be a date of the calendar as YYYY-MM-DD" + (shape ? ", and \(value) is none" : "") + " (got \(value))")
            }
            // A date of the calendar starts with its year.
            guard Options.sunYears.contains(Int(value.prefix(4))!) else {
                throw UsageError("--date must be in the years \(Options.sunYears.lowerBound) to \(Options.sunYears.upperBound), where the formulas hold (got \(value))")
            }
            options.date = value
        })

    static let lang = choiceOption(
        "lang", "ja|en", help: "ja (default) or en: JMA's English names and weather phrases; LANG does not change it",
        commands: .all, section: .first) { (options, lang: LanguageOption) in options.lang = lang }

    static let noParallel = OptionSpec(
        "no-parallel", help: "one city after the other (undoes the config file's -p or -j)",
        contradicts: ["parallel", "jobs"],
        effect: .set { options, _ in options.noParallel = true })

    static let noHeader = OptionSpec(
        "no-header", help: "TSV without its header line", commands: OptionSpec.Commands.fetching.union(.sun),
        effect: .set { options, _ in options.noHeader = true })

    static let timeout = secondsOption(
        "timeout", help: "seconds one attempt of one request may take (default \(NumberText.seconds(Options.defaults.timeout)))",
        in: 0.001...longestWait, "from 0.001 to 86400 seconds") { $0.timeout = $1 }

    static let retries = OptionSpec(
        "retries", .value(name: "N"),
        help: "extra attempts for transient failures, 0 to 10 (default \(Options.defaults.retries))",
        effect: .set { options, value throws(UsageError) in
            options.retries = try whole(value, "--retries", in: 0...10, "from 0 to 10")
        })

    /// The client paces the API's host and the agency's alike; any other host only when given.
    static let interval = secondsOption(
        "interval",
        help: "seconds between request starts to a host (default \(NumberText.seconds(ClientConfiguration.publicAPIInterval)) for \(ClientConfiguration.pacedHosts[0]) and \(ClientConfiguration.pacedHosts[1]), else 0)",
        in: 0...longestWait, "from 0 to 86400 seconds") { $0.interval = $1 }

    static let baseURL = checkedOption(
        "base-url", "URL", help: "the API's root (default $FORECAST_BASE_URL, else \(ClientConfiguration.publicBaseURL))",
        commands: .fetch, check: checkBaseURL) { $0.baseURL = $1 }

    static let refresh = OptionSpec(
        "refresh", help: "fetch even if the cache has a fresh copy, and store the new one",
        contradicts: ["no-cache"],
        effect: .set { options, _ in options.refresh = true })

    static let noCache = OptionSpec(
        "no-cache", help: "neither read nor write the cache", contradicts: ["refresh"],
        effect: .set { options, _ in options.noCache = true })

    static let cacert = checkedOption(
        "cacert", "FILE", help: "trust the CA certificates of this PEM file for HTTPS instead of the system's store",
        completion: .files, check: checkReadableFile) { $0.cacert = $1 }

    static let maxTime = OptionSpec(
        "max-time", .value(name: "S"),
        help: "give up on the cities not done after S seconds in all, retries and waits included",
        effect: .set { options, value throws(UsageError) in
            let seconds = try seconds(value, "--max-time", in: 0...longestWait, "more than 0 and at most 86400 seconds")
            guard seconds > 0 else { throw UsageError("--max-time must be more than 0 and at most 86400 seconds (got \(value))") }
            options.maxTime = seconds
        })

    static let staleIfError = OptionSpec(
        "stale-if-error", .value(name: "DURATION"),
        help: "when a city cannot be had, print its cached copy if it is at most DURATION old (90, 45m, 6h, 2d), marked stale",
        effect: .set { options, value throws(UsageError) in
            guard let duration = StaleDuration(argument: value) else {
                throw UsageError("--stale-if-error must be seconds or a number with s, m, h or d, at most a year (got \(value))")
            }
            options.staleIfError = duration
        })

    static let color = choiceOption(
        "color", "WHEN", help: "auto (default), always or never",
        commands: OptionSpec.Commands.fetching.union(.sun)) { (options, color: ColorMode) in options.color = color }

    static let source = choiceOption(
        "source", "SOURCE",
        help: "auto (default): the API, and for a city it fails the weather agency's own file; tsukumijima: the API alone; jma: the agency's file alone",
        commands: .fetch) { (options, source: ClientConfiguration.Source) in options.source = source }

    static let jmaURL = checkedOption(
        "jma-url", "URL", help: "the weather agency's site (default $FORECAST_JMA_URL, else \(ClientConfiguration.agencyBaseURL))",
        check: checkBaseURL) { $0.jmaURL = $1 }

    static let watch = OptionSpec(
        "watch", help: "keep running: print at once, then again when the forecast changes (line, templates, waybar)",
        commands: [.fetch, .now, .warnings], contradicts: ["no-watch"],
        effect: .set { options, _ in options.watch = true })

    static let noWatch = OptionSpec(
        "no-watch", help: "print once and end (undoes the config file's --watch)",
        commands: [.fetch, .now, .warnings], contradicts: ["watch"],
        effect: .set { options, _ in options.watch = false })

    static let textFormat = OptionSpec(
        "text-format", .value(name: "TEMPLATE"),
        help: "with -f waybar: the template of the bar's text (by default each city's line)",
        commands: [.fetch, .now, .warnings],
        effect: .set { options, value throws(UsageError) in
            do {
                options.textFormat = try FormatTemplate(value)
            } catch {
                throw UsageError("--text-format: \(error)")
            }
        })

    static let warnings = OptionSpec(
        "warnings", help: "name the warnings (警報) in force under the table, in JSON and TSV's last column; one more request per office",
        commands: [.fetch, .week],
        effect: .set { options, _ in options.warnings = true })

    static let verbose = OptionSpec(
        "verbose", short: "v", help: "one line per request on stderr: status, bytes, attempts, cache, timings",
        effect: .set { options, _ in options.verbose = true })

    static let help = OptionSpec(
        "help", short: "h", help: "this help", commands: .all,
        effect: .request { _ in .help })

    static let version = OptionSpec(
        "version", help: "the version, with the libcurl it runs on", commands: .all,
        effect: .request { _ in .version })

    static let completionScript = OptionSpec(
        "generate-completion-script", .value(name: "SHELL"), help: "the completion script for bash, zsh or fish",
        commands: .all, completion: .values { _ in ParserRequest.Shell.allCases.map(\.rawValue) },
        effect: .request { value throws(UsageError) in
            guard let shell = ParserRequest.Shell(rawValue: value) else {
                throw UsageError("--generate-completion-script must be bash, zsh or fish (got \(value))")
            }
            return .completionScript(shell)
        })

    /// The option of a long name ("jobs"), if there is one.
    static func option(long: Substring) -> OptionSpec? {
        all.first { $0.long == long }
    }

    /// The option of a one-letter name, if there is one.
    static func option(short: Character) -> OptionSpec? {
        all.first { $0.short == short }
    }

    /// The most seconds a wait may be: a day. Beyond it a number is a typo, and far beyond it
    /// would not fit in a `Duration` of milliseconds.
    static let longestWait = 86_400.0

    /// An option of a number of seconds within `range`, which `set` stores; `rule` says what
    /// the number must be, in the usage error that names the option.
    private static func secondsOption(
        _ long: String, help: @autoclosure @escaping @Sendable () -> String, in range: ClosedRange<Double>, _ rule: String,
        set: @escaping @Sendable (inout Options, Double) -> Void
    ) -> OptionSpec {
        OptionSpec(long, .value(name: "S"), help: help(), effect: .set { options, value throws(UsageError) in
            set(&options, try seconds(value, "--" + long, in: range, rule))
        })
    }

    /// An option whose value `check` accepts (a URL, a readable file), which `set` stores; the
    /// check's usage error names the option.
    private static func checkedOption(
        _ long: String, _ valueName: String, help: @autoclosure @escaping @Sendable () -> String, commands: OptionSpec.Commands = .fetching,
        completion: OptionSpec.ValueCompletion = .values { _ in [] }, check: @escaping @Sendable (String, String) throws(UsageError) -> Void,
        set: @escaping @Sendable (inout Options, String) -> Void
    ) -> OptionSpec {
        OptionSpec(long, .value(name: valueName), help: help(), commands: commands, completion: completion, effect: .set { options, value throws(UsageError) in
            try check(value, "--" + long)
            set(&options, value)
        })
    }

    /// An option whose value is one of `Choice`'s cases, by its raw value, which `set` stores;
    /// the shell completes the cases, and the usage error lists them ("ja or en").
    @inline(__always)
    private static func choiceOption<Choice: CaseIterable & RawRepresentable<String> & Sendable>(
        _ long: String, _ valueName: String, help: @autoclosure @escaping @Sendable () -> String, commands: OptionSpec.Commands, section: OptionSpec.Section = .more,
        set: @escaping @Sendable (inout Options, Choice) -> Void
    ) -> OptionSpec {
        // The names are listed only when asked for (a completion, an error), not at every start.
        let names: @Sendable () -> [String] = { Choice.allCases.map { $0.rawValue } }
        return OptionSpec(
            long, .value(name: valueName), help: help(), commands: commands, section: section, completion: .values { _ in names() },
            effect: .set { options, value throws(UsageError) in
                guard let choice = Choice(rawValue: value) else {
                    let all = names()
                    let list = HelpText.sentence(Array(all.dropLast()), or: all[all.count - 1])
                    throw UsageError("--\(long) must be \(list) (got \(value))")
                }
                set(&options, choice)
            })
    }

    /// A whole number within `range`, or the usage error that says what it must be.
    private static func whole(_ value: String, _ name: String, in range: ClosedRange<Int>, _ rule: String) throws(UsageError) -> Int {
        guard let number = Int(value), range.contains(number) else { throw UsageError("\(name) must be \(rule) (got \(value))") }
        return number
    }

    /// A number of seconds within `range`, or the usage error that says what it must be and
    /// echoes the value as it was typed (`0`, not the `0.0` it was read as).
    private static func seconds(
        _ value: String, _ name: String, in range: ClosedRange<Double>, _ rule: String
    ) throws(UsageError) -> Double {
        guard let seconds = Double(value), range.contains(seconds) else { throw UsageError("\(name) must be \(rule) (got \(value))") }
        return seconds
    }

    /// An API root must be an http or https URL.
    static func checkBaseURL(_ url: String, source: String) throws(UsageError) {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), url.count > 8, !url.utf8.contains(UInt8(ascii: " ")) else {
            throw UsageError("\(source) must be an http:// or https:// URL (got \"\(url)\")")
        }
    }

    /// A CA file must be a file this user can read; checked before any request, since libcurl
    /// would only say so per city, after connecting.
    static func checkReadableFile(_ path: String, source: String) throws(UsageError) {
        guard FileAccess.isReadableFile(path) else {
            throw UsageError("\(source): cannot read the CA file \"\(path)\" (no such file, or not readable)")
        }
    }

    /// A CA directory must be a directory this user can read.
    static func checkReadableDirectory(_ path: String, source: String) throws(UsageError) {
        guard FileAccess.isReadableDirectory(path) else {
            throw UsageError("\(source): cannot read the CA directory \"\(path)\" (no such directory, or not readable)")
        }
    }
}
