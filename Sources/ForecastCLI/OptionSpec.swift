/// One option of the command line: its spellings, its value, its help and what it does.
///
/// ``OptionTable`` holds every one of them; the scanner, the help text, the config file, the
/// shell completion (``Completion``) and the man page (``HelpDump``) all read the table.
struct OptionSpec: Sendable {
    /// Whether the option takes a value, and how the help names it.
    enum Arity: Sendable, Equatable {
        case flag
        case value(name: String)
    }

    /// The commands an option applies to: a bit per ``Invocation/Command``, so that a new
    /// command takes every option of the commands that fetch without a line here.
    struct Commands: OptionSet, Sendable {
        let rawValue: Int

        init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The set of one command.
        init(_ command: Invocation.Command) {
            rawValue = 1 << command.bit
        }

        static let fetch = Commands(.fetch)
        static let cities = Commands(.cities)
        static let week = Commands(.week)
        static let now = Commands(.now)
        static let warnings = Commands(.warnings)
        static let sun = Commands(.sun)
        static let all = Commands(rawValue: (1 << Invocation.Command.allCases.count) - 1)
        /// The commands that fetch: every one but the catalog's and the sun's, which is computed.
        static let fetching = all.subtracting([.cities, .sun])
    }

    /// Where `--help` lists it: among the options of the first screen, or below.
    enum Section: Sendable {
        case first, more
    }

    /// What giving the option does.
    enum Effect: Sendable {
        /// Sets a value of ``Options`` from the option's value ("" for a flag).
        case set(@Sendable (inout Options, String) throws(UsageError) -> Void)
        /// Asks for something instead of a run: help, the version, a completion script.
        case request(@Sendable (String) throws(UsageError) -> ParserRequest)
    }

    /// The long name, without its dashes: "jobs".
    let long: String
    /// The one-letter name, if any: "j".
    let short: Character?
    let arity: Arity
    /// One line (two at most) for `--help`, stating the default where there is one. Written
    /// when asked for: a run that prints no help never builds it (the format's is made from
    /// every command's formats).
    var help: String { makeHelp() }
    private let makeHelp: @Sendable () -> String
    let commands: Commands
    let section: Section
    /// What a shell completes after the option.
    enum ValueCompletion: Sendable {
        /// These values in each command (the formats it prints for `--format`); none for a
        /// number or a URL.
        case values(@Sendable (Invocation.Command) -> [String])
        /// A path.
        case files
    }

    let valueCompletion: ValueCompletion
    /// The long names of the options it contradicts: given together on the command line they
    /// are a usage error; against the config file's, the command line's wins.
    let contradicts: [String]
    let effect: Effect

    init(
        _ long: String, short: Character? = nil, _ arity: Arity = .flag, help: @autoclosure @escaping @Sendable () -> String,
        commands: Commands = .fetching, section: Section = .more,
        completion: ValueCompletion = .values { _ in [] }, contradicts: [String] = [], effect: Effect
    ) {
        self.long = long
        self.short = short
        self.arity = arity
        makeHelp = help
        self.commands = commands
        self.section = section
        valueCompletion = completion
        self.contradicts = contradicts
        self.effect = effect
    }

    /// "-j, --jobs" or "--timeout", as messages name it.
    var spelling: String {
        short.map { "-\($0), --\(long)" } ?? "--\(long)"
    }

    /// "--jobs N", "--parallel": the option as the help lists it.
    var usage: String {
        switch arity {
        case .flag: "--\(long)"
        case .value(let name): "--\(long) \(name)"
        }
    }

    var takesValue: Bool { arity != .flag }
}

/// What an option asks of the command instead of a run.
enum ParserRequest: Sendable, Equatable {
    case help
    case version
    case completionScript(Shell)

    /// A shell `--generate-completion-script` writes for.
    enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }
}
