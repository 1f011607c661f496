/// What a command line asks for, decided in one place: help, the version and completion
/// requests are answered here; anything else is a run of a command with its options, the
/// config file's merged in.
enum Invocation: Sendable {
    /// `--help`, `--version`, `--generate-completion-script`, for a command.
    case request(ParserRequest, Command)
    /// What a shell's completion asks for: the words to offer after these
    /// (`---complete -- <word>...`, ``Completion``).
    case complete([String])
    /// The JSON the man page is written from (`---dump-help`, ``HelpDump``).
    case dumpHelp
    /// `forecast [options] <city>...`, or `forecast week`, `forecast now` or `forecast warnings`
    /// `[options] <city>...`, with the config file that was read, if any.
    case fetch(Command, Options, cities: [CityArgument], config: ConfigFile?)
    /// `forecast cities [options] [<query>]`.
    case cities(Options, query: String?)

    /// The commands of `forecast`; the first operand names one, else it is the fetch.
    enum Command: String, Sendable, CaseIterable {
        case fetch
        case cities
        case week
        case now
        case warnings
        case sun

        /// The options' scope of the command.
        var scope: OptionSpec.Commands { OptionSpec.Commands(self) }

        /// The command's bit in ``OptionSpec/Commands``: its place among the cases.
        var bit: Int {
            switch self {
            case .fetch: 0
            case .cities: 1
            case .week: 2
            case .now: 3
            case .warnings: 4
            case .sun: 5
            }
        }

        /// The command as a person types it: `forecast`, `forecast cities`.
        var spelling: String {
            self == .fetch ? "forecast" : "forecast \(rawValue)"
        }

        /// Its usage, as the line of `--help` that names it: `forecast week [options] <city>...`.
        var usage: String {
            "\(spelling) [options] " + (self == .cities ? "[<query>]" : "<city>...")
        }
    }

    /// A city argument, and where it was read (for a message that names the config file's line
    /// or standard input's).
    struct CityArgument: Sendable, Equatable {
        let text: String
        let origin: Origin
    }

    /// Reads `arguments` (without the program's name), with the config file that `environment`
    /// names when the run needs one.
    static func read(
        _ arguments: [String], environment: Environment, readFile: ConfigFile.Reader = ConfigFile.readFile
    ) throws(UsageError) -> Invocation {
        if arguments.first == "---complete" {
            return .complete(Array(arguments.dropFirst(arguments.dropFirst().first == "--" ? 2 : 1)))
        }
        if arguments == ["---dump-help"] {
            return .dumpHelp
        }
        let scan = try ArgumentScanner.scan(arguments)
        var operands = scan.operands[...]
        var command = Command.fetch
        var asksForHelp = false
        if operands.first == "help" {
            operands.removeFirst()
            asksForHelp = true
        }
        if let first = operands.first, let named = Command(rawValue: first), named != .fetch {
            operands.removeFirst()
            command = named
        }
        if asksForHelp {
            return .request(.help, command)
        }
        do throws(UsageError) {
            return try read(command, scan.options, operands: Array(operands), environment: environment, readFile: readFile)
        } catch {
            throw error.during(command)
        }
    }

    /// The rest of ``read(_:environment:readFile:)``, once the command is known.
    private static func read(
        _ command: Command, _ commandLine: [ArgumentScanner.Given], operands: [String], environment: Environment,
        readFile: ConfigFile.Reader
    ) throws(UsageError) -> Invocation {
        for given in commandLine {
            if case .request(let request) = given.spec.effect {
                return .request(try request(given.value), command)
            }
        }
        for given in commandLine where !given.spec.commands.contains(command.scope) {
            throw UsageError("\(given.spec.spelling) does not apply to `\(command.spelling)`")
        }
        let config = try ConfigFile.load(environment: environment, read: readFile)
        let fileOptions = (config?.options ?? []).filter { $0.spec.commands.contains(command.scope) }
        switch command {
        case .fetch, .week, .now, .warnings, .sun:
            let kept = fileOptions.filter { Self.takes($0, in: command) }
            let options = try merge(kept, commandLine, for: command, check: Self.fetchConflict)
            if !options.format.isPrinted(by: command) {
                let names = OutputFormat.names(for: command).filter { $0 != OutputFormat.auto.name }
                throw UsageError("`\(command.spelling)` prints \(names.joined(separator: ", ")) or a template (got --format \(options.format.name))")
            }
            if options.watch, !options.format.isForBars {
                throw UsageError("--watch prints line, a template or waybar (got --format \(options.format.name))")
            }
            if options.warnings, !Self.marksWarnings(options.format) {
                throw UsageError("--warnings marks the table, tsv and json (got --format \(options.format.name))")
            }
            if options.textFormat != nil, options.format != .waybar {
                throw UsageError("--text-format applies to -f waybar only (got --format \(options.format.name))")
            }
            let fromCommandLine = operands.map { CityArgument(text: $0, origin: .commandLine) }
            let cities = fromCommandLine.isEmpty ? (config?.cities ?? []) : fromCommandLine
            guard !cities.isEmpty else {
                throw UsageError(noCityMessage(configPath: ConfigFile.path(environment: environment)))
            }
            return .fetch(command, options, cities: cities, config: config)
        case .cities:
            guard operands.count <= 1 else {
                throw UsageError("`forecast cities` takes one query (got \(operands.count): \(operands.joined(separator: " ")))")
            }
            let options = try merge(fileOptions.filter(Self.citiesTake), commandLine, for: command, check: Self.citiesConflict)
            return .cities(options, query: operands.first)
        }
    }

    /// The usage error of a run that names no city, on the command line or in the config file,
    /// with the file that would have been read.
    static func noCityMessage(configPath: String?) -> String {
        let place = configPath.map { "a line of \($0)" } ?? "a line of the file $FORECAST_CONFIG names"
        return """
            name at least one city (an ID such as 130010, or a name such as 東京 or tokyo); \
            `forecast cities` lists them. For a default city, put it on \(place)
            """
    }

    /// The options of the config file and then the command line, set in that order, so that
    /// the command line's value of an option wins. Where two given options contradict each
    /// other, the config file's one is dropped; two of the command line's, or two of the
    /// file's, are a usage error.
    static func merge(
        _ file: [ArgumentScanner.Given], _ commandLine: [ArgumentScanner.Given], for command: Command,
        check conflict: ([ArgumentScanner.Given]) -> Conflict?
    ) throws(UsageError) -> Options {
        var given = file + commandLine
        while let found = conflict(given) {
            let (first, second) = (given[found.first], given[found.second])
            guard first.origin.isConfigFile != second.origin.isConfigFile else {
                throw UsageError(found.message).located(at: second.origin)
            }
            given.remove(at: first.origin.isConfigFile ? found.first : found.second)
        }
        var options = Options()
        options.command = command
        for option in given {
            guard case .set(let set) = option.spec.effect else { continue }
            do throws(UsageError) {
                try set(&options, option.value)
            } catch {
                throw error.located(at: option.origin)
            }
        }
        return options
    }

    /// Two given options that cannot both hold (their places in the list, the earlier first),
    /// and why.
    struct Conflict {
        let first: Int
        let second: Int
        let message: String
    }

    /// The first contradiction among the fetch's options: a pair the table names as
    /// contradictory, `--watch` or `--text-format` with a format they do not print, or
    /// `--no-header` with a format that has no header.
    static func fetchConflict(_ given: [ArgumentScanner.Given]) -> Conflict? {
        for (second, option) in given.enumerated() {
            for first in given.indices where first < second && option.spec.contradicts.contains(given[first].spec.long) {
                return Conflict(first: first, second: second, message: contradiction(given[first].spec, option.spec))
            }
        }
        if let watch = given.lastIndex(where: { $0.spec.long == OptionTable.watch.long }),
           let format = given.lastIndex(where: { $0.spec.long == OptionTable.format.long }),
           let value = try? OutputFormat.parse(given[format].value), !value.isForBars {
            return Conflict(
                first: min(watch, format), second: max(watch, format),
                message: "--watch prints line, a template or waybar (got --format \(value.name))")
        }
        if let textFormat = given.lastIndex(where: { $0.spec.long == OptionTable.textFormat.long }),
           let format = given.lastIndex(where: { $0.spec.long == OptionTable.format.long }),
           let value = try? OutputFormat.parse(given[format].value), value != .waybar {
            return Conflict(
                first: min(textFormat, format), second: max(textFormat, format),
                message: "--text-format applies to -f waybar only (got --format \(value.name))")
        }
        if let warnings = given.lastIndex(where: { $0.spec.long == OptionTable.warnings.long }),
           let format = given.lastIndex(where: { $0.spec.long == OptionTable.format.long }),
           let value = try? OutputFormat.parse(given[format].value), !Self.marksWarnings(value) {
            return Conflict(
                first: min(warnings, format), second: max(warnings, format),
                message: "--warnings marks the table, tsv and json (got --format \(value.name))")
        }
        if let noHeader = given.lastIndex(where: { $0.spec.long == OptionTable.noHeader.long }),
           let format = given.lastIndex(where: { $0.spec.long == OptionTable.format.long }),
           let value = try? OutputFormat.parse(given[format].value), value != .auto, value != .tsv {
            return Conflict(
                first: min(noHeader, format), second: max(noHeader, format),
                message: "--no-header applies to the tsv format only; --format \(value.name) has no header line to leave out")
        }
        return nil
    }

    /// The formats `--warnings` marks: the table, TSV and JSON (and auto, one of the first two).
    static func marksWarnings(_ format: OutputFormat) -> Bool {
        [.auto, .table, .tsv, .json].contains(format)
    }

    /// `forecast cities` takes no contradictory options.
    static func citiesConflict(_ given: [ArgumentScanner.Given]) -> Conflict? {
        nil
    }

    /// The formats `forecast week` prints: all but `detail` and `waybar`.
    static func weekFormats(_ format: OutputFormat) -> Bool {
        format != .detail && format != .waybar
    }

    /// The formats `forecast now` and `forecast warnings` print: all but `detail`, which is the
    /// forecaster's text.
    static func nowFormats(_ format: OutputFormat) -> Bool {
        format != .detail
    }

    /// Whether a fetching command takes a config file's option: a `--format` only of those it
    /// prints.
    static func takes(_ given: ArgumentScanner.Given, in command: Command) -> Bool {
        guard given.spec.long == OptionTable.format.long, let format = try? OutputFormat.parse(given.value) else { return true }
        return format.isPrinted(by: command)
    }

    /// Whether `forecast cities` takes a config file's option: its formats are tsv and json.
    static func citiesTake(_ given: ArgumentScanner.Given) -> Bool {
        guard given.spec.long == OptionTable.format.long else { return true }
        return CitiesCommand.formats.contains((try? OutputFormat.parse(given.value)) ?? .line)
    }

    /// Why two options cannot both be given.
    private static func contradiction(_ first: OptionSpec, _ second: OptionSpec) -> String {
        let names = [first.long, second.long]
        if names.contains("refresh"), names.contains("no-cache") {
            return "--refresh and --no-cache contradict each other: --refresh stores what it fetches, --no-cache leaves the cache alone; choose one"
        }
        return "--\(first.long) and --\(second.long) contradict each other; choose one"
    }
}
