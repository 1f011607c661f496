import Forecast

/// What a command line asks for, decided in one place: help, the version and completion requests are answered here;
/// anything else is a run of a command with its options, the config file's merged in.
enum Invocation: Sendable {
    /// `--help`, `--version`, `--generate-completion-script`, for a command.
    case request(ParserRequest, Command)
    /// What a shell's completion asks for: the words to offer after these (`---complete -- <word>...`, ``Completion``).
    case complete([String])
    /// The JSON the man page is written from (`---dump-help`, ``HelpDump``).
    case dumpHelp
    /// A command of cities (`forecast [options] <city>...`, `forecast week …`), with the config file read, if any.
    case cities(Command, OptionValues, cities: [CityArgument], config: ConfigFile?)
    /// A command of a query (`forecast cities [options] [<query>]`).
    case query(Command, OptionValues, query: String?)

    /// A city argument, and where it was read (for a message that names the config file's line or standard input's).
    struct CityArgument: Sendable, Equatable {
        let text: String
        let origin: Origin
        /// Whether it stands where a command's name would (the first operand, no command named):
        /// naming no city, it may be a command misspelt (`forecast wek 東京`).
        var mayBeCommand = false
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
        var command = Registry.threeDay
        let asksForHelp = operands.first == "help"
        if asksForHelp { operands.removeFirst() }
        if let first = operands.first, !first.isEmpty, let named = Registry.command(named: first) {
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
                let asked = try request(given.value)
                // `-v --version` names the libcurl the process runs on, which loading it tells.
                if asked == .version, commandLine.contains(where: { $0.spec.long == Key.verbose.name }) {
                    return .request(.runtimeVersion, command)
                }
                return .request(asked, command)
            }
        }
        // An option the command does not take is an error, unless it is harmless there (`-v` for the sun): then its
        // value is checked (a typo in an alias still shows) and it is dropped, as the config file's are.
        var ownCommandLine: [ArgumentScanner.Given] = []
        for given in commandLine {
            if let own = given.as(in: command) {
                ownCommandLine.append(own)
                continue
            }
            guard given.spec.isHarmless else { throw UsageError("\(given.spec.spelling) does not apply to `\(command.spelling)`") }
            if case .set(let set) = given.spec.effect {
                var unused = OptionValues()
                try set(&unused, given.value)
            }
        }
        let config = try ConfigFile.load(environment: environment, read: readFile)
        // The file's options that apply to the command, but a `--format` it does not print.
        let ownFile = (config?.options ?? []).compactMap { $0.as(in: command) }.filter { given in
            given.spec.long != "format" || (try? OutputFormat.parse(given.value)).map(command.prints) ?? true
        }
        var values = try merge(ownFile, ownCommandLine)
        // A watch with no format prints lines: `auto` would be a table on a terminal, which a watch does not redraw.
        if values[Key.watch], values[Key.format] == .auto { values[Key.format] = .line }
        let format = values[Key.format]
        if !command.prints(format) {
            let names = command.formatNames.filter { $0 != OutputFormat.auto.name }
            let list = command.takesTemplates
                ? names.joined(separator: ", ") + " or a template" : Sentence.list(Array(names.dropLast()), or: names[names.count - 1])
            throw UsageError("`\(command.spelling)` prints \(list) (got --format \(format.name))")
        }
        switch command.operand {
        case .cities:
            let fromCommandLine = operands.enumerated().map { index, text in
                CityArgument(text: text, origin: .commandLine, mayBeCommand: index == 0 && command.name.isEmpty)
            }
            let cities = fromCommandLine.isEmpty ? (config?.cities ?? []) : fromCommandLine
            guard !cities.isEmpty else {
                let place = ConfigFile.path(environment: environment).map { "a line of \($0)" } ?? "a line of the file $FORECAST_CONFIG names"
                throw UsageError("""
                    name at least one city (an ID such as 130010, or a name such as 東京 or tokyo); \
                    `forecast cities` lists them. For a default city, put it on \(place)
                    """)
            }
            return .cities(command, values, cities: cities, config: config)
        case .query:
            guard operands.count <= 1 else {
                throw UsageError("`\(command.spelling)` takes one query (got \(operands.count): \(operands.joined(separator: " ")))")
            }
            return .query(command, values, query: operands.first)
        }
    }

    /// The values of the config file's options and then the command line's, set in that order, so that the command
    /// line's value of an option wins. Where two given options cannot both hold (they contradict each other, or one
    /// does not apply to the format the other asks for), the config file's one is dropped; two of the command line's,
    /// or two of the file's, are a usage error. Each rule is the options' own (``OptionSpec/contradicts``,
    /// ``OptionSpec/formatRule``), checked here once.
    static func merge(_ file: [ArgumentScanner.Given], _ commandLine: [ArgumentScanner.Given]) throws(UsageError) -> OptionValues {
        var given = file + commandLine
        while let found = conflict(in: given) {
            guard let second = found.second else {
                throw UsageError(found.message)
            }
            let (first, later) = (given[found.first], given[second])
            guard first.origin.isConfigFile != later.origin.isConfigFile else {
                throw UsageError(found.message).located(at: later.origin)
            }
            given.remove(at: first.origin.isConfigFile ? found.first : second)
        }
        var values = OptionValues()
        var problems: [String] = []
        for option in given {
            guard case .set(let set) = option.spec.effect else { continue }
            do throws(UsageError) {
                try set(&values, option.value)
            } catch {
                // Every bad value is named, a line each (a config file with three bad lines gets three).
                problems.append(error.located(at: option.origin).message)
            }
        }
        guard problems.isEmpty else { throw UsageError(problems.joined(separator: "\n")) }
        return values
    }

    /// The first contradiction among given options, a pair that contradicts each other or an option whose rule the
    /// format (given, or its default) breaks: their places in the list, the earlier first (one alone where the rule is
    /// broken by a default, as `--watch` by the `auto` format), and why.
    static func conflict(in given: [ArgumentScanner.Given]) -> (first: Int, second: Int?, message: String)? {
        for (second, option) in given.enumerated() {
            for first in given.indices where first < second && option.spec.contradicts.contains(given[first].spec.long) {
                return (first, second, contradiction(given[first].spec, option.spec))
            }
        }
        let format = given.lastIndex { $0.spec.long == "format" }
        let value = format.flatMap { try? OutputFormat.parse(given[$0].value) } ?? Key.format.defaultValue
        for (index, option) in given.enumerated() {
            guard let message = option.spec.formatRule?(value) else { continue }
            guard let format else { return (index, nil, message) }
            return (min(index, format), max(index, format), message)
        }
        return nil
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

extension ArgumentScanner.Given {
    /// The option as `command` defines it (its own `--days`, its `--format`), nil if it takes none of that name.
    func `as`(in command: Command) -> ArgumentScanner.Given? {
        command.option(long: spec.long).map { ArgumentScanner.Given(spec: $0, value: value, origin: origin) }
    }
}
