/// One option of the command line, defined once: its spellings, its value, its help, what a
/// shell completes after it, its rule against the format, and what giving it does.
///
/// The options several commands take are defined in `SharedOptions.swift`, a source's own in its folder (the sun's
/// `--date`); each ``Command`` lists the ones it takes, and ``Registry/options`` gives the order `--help` lists them
/// in. The scanner, the help, the man page, the config file and the completion all read these definitions.
///
/// A class, immutable: the commands' lists share each definition, and a run that builds them
/// copies one reference per option rather than every field.
package final class OptionSpec: Sendable {
    /// Whether the option takes a value, and how the help names it.
    package enum Arity: Sendable, Equatable {
        case flag
        case value(name: String)
    }

    /// Where `--help` lists it: among the options of the first screen, or below.
    package enum Section: Sendable {
        case first, more
    }

    /// What giving the option does.
    package enum Effect: Sendable {
        /// Sets a value from the option's value ("" for a flag).
        case set(@Sendable (inout OptionValues, String) throws(UsageError) -> Void)
        /// Asks for something instead of a run: help, the version, a completion script.
        case request(@Sendable (String) throws(UsageError) -> ParserRequest)
    }

    /// What a shell completes after the option.
    package enum ValueCompletion: Sendable {
        /// These values (made when asked); none for a number or a URL.
        case values(@Sendable () -> [String])
        /// A path.
        case files
    }

    /// The long name, without its dashes: "jobs".
    package let long: String
    /// The one-letter name, if any: "j".
    package let short: Character?
    package let arity: Arity
    /// One line (two at most) for `--help`, stating the default where there is one. Written
    /// when asked for: a run that prints no help never builds it.
    package var help: String { makeHelp() }
    private let makeHelp: @Sendable () -> String
    package let section: Section
    package let completion: ValueCompletion
    /// The long names of the options it contradicts: given together on the command line they
    /// are a usage error; against the config file's, the command line's wins.
    package let contradicts: [String]
    /// What the format must be for the option to apply (`--watch`: one a status bar reads):
    /// the usage error when it is not; nil when it is.
    package let formatRule: (@Sendable (OutputFormat) -> String?)?
    package let effect: Effect
    /// Whether a command that does not take the option accepts it and ignores it (`forecast -v sun`, under an alias
    /// `forecast='forecast -v'`): an option that changes how a run fetches or how much it says on stderr, never what it
    /// prints. Any other option a command does not take is a usage error, since the command would drop its meaning.
    package let isHarmless: Bool

    package init(
        _ long: String, short: Character? = nil, _ arity: Arity = .flag, help: @autoclosure @escaping @Sendable () -> String,
        section: Section = .more, completion: ValueCompletion = .values { [] }, contradicts: [String] = [],
        formatRule: (@Sendable (OutputFormat) -> String?)? = nil, isHarmless: Bool = false, effect: Effect
    ) {
        self.long = long
        self.short = short
        self.arity = arity
        makeHelp = help
        self.section = section
        self.completion = completion
        self.contradicts = contradicts
        self.formatRule = formatRule
        self.isHarmless = isHarmless
        self.effect = effect
    }

    /// The same option with another help, for a command that says it otherwise (`--lang` in
    /// the catalog, which has no weather to translate).
    package func described(_ help: @autoclosure @escaping @Sendable () -> String) -> OptionSpec {
        copy(help: help, isHarmless: isHarmless)
    }

    /// The same option, accepted and ignored by the commands that do not take it (``isHarmless``).
    var harmless: OptionSpec { copy(help: makeHelp, isHarmless: true) }

    /// The same option with `help` and `isHarmless`, everything else kept.
    private func copy(help: @escaping @Sendable () -> String, isHarmless: Bool) -> OptionSpec {
        OptionSpec(
            long, short: short, arity, help: help(), section: section, completion: completion, contradicts: contradicts,
            formatRule: formatRule, isHarmless: isHarmless, effect: effect)
    }

    /// "-j, --jobs" or "--timeout", as messages name it.
    package var spelling: String {
        short.map { "-\($0), --\(long)" } ?? "--\(long)"
    }

    /// "--jobs N", "--parallel": the option as the help lists it.
    package var usage: String {
        switch arity {
        case .flag: "--\(long)"
        case .value(let name): "--\(long) \(name)"
        }
    }

    package var takesValue: Bool { arity != .flag }

    /// An option that sets `key` to true.
    package static func flag(
        _ long: String, short: Character? = nil, help: @autoclosure @escaping @Sendable () -> String, section: Section = .more,
        contradicts: [String] = [], formatRule: (@Sendable (OutputFormat) -> String?)? = nil, sets key: OptionKey<Bool>, to value: Bool = true
    ) -> OptionSpec {
        OptionSpec(
            long, short: short, help: help(), section: section, contradicts: contradicts, formatRule: formatRule,
            effect: .set { values, _ in values[key] = value })
    }

    /// An option of a number of seconds within `range`, stored in `key`; `rule` says what the
    /// number must be, in the usage error that names the option.
    package static func seconds(
        _ long: String, help: @autoclosure @escaping @Sendable () -> String, in range: ClosedRange<Double>, _ rule: String,
        sets key: OptionKey<Double?>
    ) -> OptionSpec {
        OptionSpec(long, .value(name: "S"), help: help(), effect: .set { values, value throws(UsageError) in
            values[key] = try seconds(value, "--" + long, in: range, rule)
        })
    }

    /// An option of a whole number within `range`, stored in `key`.
    package static func whole(
        _ long: String, short: Character? = nil, help: @autoclosure @escaping @Sendable () -> String, section: Section = .more,
        in range: ClosedRange<Int>, _ rule: String, completion: ValueCompletion = .values { [] }, contradicts: [String] = [],
        sets key: OptionKey<Int?>
    ) -> OptionSpec {
        OptionSpec(
            long, short: short, .value(name: "N"), help: help(), section: section, completion: completion, contradicts: contradicts,
            effect: .set { values, value throws(UsageError) in values[key] = try whole(value, "--" + long, in: range, rule) })
    }

    /// An option whose value is one of `Choice`'s cases, by its raw value, stored in `key`; the
    /// shell completes the cases, and the usage error lists them ("ja or en").
    @inline(__always)
    package static func choice<Choice: CaseIterable & RawRepresentable<String> & Sendable>(
        _ long: String, _ valueName: String, help: @autoclosure @escaping @Sendable () -> String, section: Section = .more,
        sets key: OptionKey<Choice>
    ) -> OptionSpec {
        // The names are listed only when asked for (a completion, an error), not at every start.
        let names: @Sendable () -> [String] = { Choice.allCases.map { $0.rawValue } }
        return OptionSpec(
            long, .value(name: valueName), help: help(), section: section, completion: .values(names),
            effect: .set { values, value throws(UsageError) in
                guard let choice = Choice(rawValue: value) else {
                    let all = names()
                    throw UsageError("--\(long) must be \(Sentence.list(Array(all.dropLast()), or: all[all.count - 1])) (got \(value))")
                }
                values[key] = choice
            })
    }

    /// A whole number within `range`, or the usage error that says what it must be.
    package static func whole(_ value: String, _ name: String, in range: ClosedRange<Int>, _ rule: String) throws(UsageError) -> Int {
        guard let number = Int(value), range.contains(number) else { throw UsageError("\(name) must be \(rule) (got \(value))") }
        return number
    }

    /// A number of seconds within `range`, or the usage error that says what it must be and
    /// echoes the value as it was typed (`0`, not the `0.0` it was read as).
    package static func seconds(
        _ value: String, _ name: String, in range: ClosedRange<Double>, _ rule: String
    ) throws(UsageError) -> Double {
        guard let seconds = Double(value), range.contains(seconds) else { throw UsageError("\(name) must be \(rule) (got \(value))") }
        return seconds
    }

    /// The most seconds a wait may be: a day. Beyond it a number is a typo, and far beyond it
    /// would not fit in a `Duration` of milliseconds.
    package static let longestWait = 86_400.0
}

/// A value the options set, by the option's long name, with the value it has when the option
/// is not given: the one place that default is written.
///
/// The default is kept as a closure, so that the key's layout does not depend on `Value`: the subscript of
/// ``OptionValues``, which the command calls unspecialized (a `package` function is not specialized in another
/// module, even `@inlinable`), then reads a key without looking up `OptionKey<Value>`'s metadata at run time.
package struct OptionKey<Value: Sendable>: Sendable {
    package let name: String
    private let makeDefault: @Sendable () -> Value

    package var defaultValue: Value { makeDefault() }

    package init(_ name: String, _ defaultValue: @autoclosure @escaping @Sendable () -> Value) {
        self.name = name
        makeDefault = defaultValue
    }
}

/// The values of the options given (the config file's and the command line's, merged), each read through its
/// ``OptionKey``: a list, for a run gives a handful, which a search reads sooner than a dictionary is made.
package struct OptionValues: Sendable {
    private var values: [(name: String, value: any Sendable)] = []

    package init() {}

    /// The value of `key`: the one given last, else its default. The path of an option not given (most of a run's reads)
    /// needs no metadata of `Value`, which an unspecialized read would look up at run time twice (the key's and
    /// `Optional<Value>`'s); the cast of a given value, which does need it, is a function of its own.
    package subscript<Value>(key: OptionKey<Value>) -> Value {
        get {
            guard let given = given(key.name) else { return key.defaultValue }
            return Self.value(given, as: key)
        }
        set {
            values.removeAll { $0.name == key.name }
            values.append((key.name, newValue))
        }
    }

    /// The value last given by the name, if any.
    private func given(_ name: String) -> (any Sendable)? {
        for entry in values.reversed() where entry.name == name { return entry.value }
        return nil
    }

    @inline(never)
    private static func value<Value>(_ given: any Sendable, as key: OptionKey<Value>) -> Value {
        given as? Value ?? key.defaultValue
    }
}

/// What an option asks of the command instead of a run.
package enum ParserRequest: Sendable, Equatable {
    case help
    /// The version and the libcurl built against.
    case version
    /// The version and the libcurl the process runs on (`-v --version`), which loads it.
    case runtimeVersion
    case completionScript(Shell)

    /// A shell `--generate-completion-script` writes for.
    package enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }
}

/// A command line, config file or standard input that cannot be run: exit 64, nothing fetched.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, a problem a line, each with where it was read when that was a file's line or standard input's.
    package let message: String
    /// The command whose usage follows the message; nil before the arguments name one (the
    /// 3-day forecast's usage is shown then).
    package var command: String?

    package init(_ message: String) {
        self.message = message
    }

    /// The same error, read from `place` ("…/config, line 2: …"); unchanged for nil (the
    /// command line, which a message need not name).
    package func located(at place: String?) -> UsageError {
        guard let place else { return self }
        var error = UsageError("\(place): \(message)")
        error.command = command
        return error
    }

    /// The same error, in the run of `command`, whose usage line it ends with.
    package func during(_ command: Command) -> UsageError {
        var error = self
        error.command = error.command ?? command.name
        return error
    }

    /// What stderr says of it: each problem on a line of its own, then one line of usage, every
    /// line beginning `forecast: ` as every message of the command does.
    package var lines: [String] {
        let usage = Registry.command(named: command ?? "") ?? Registry.threeDay
        let problems = message.split(separator: "\n", omittingEmptySubsequences: true)
        return problems.map { "forecast: \($0)" } + ["forecast: usage: \(usage.usage) (see \(usage.spelling) --help)"]
    }

    package var description: String { message }
}

/// Lists in the help's and the errors' words.
package enum Sentence {
    /// "a, b and c": `items`, then `last` after "and".
    package static func list(_ items: [String], and last: String) -> String {
        items.isEmpty ? last : items.joined(separator: ", ") + " and " + last
    }

    /// "a, b or c": `items`, then `last` after "or".
    package static func list(_ items: [String], or last: String) -> String {
        items.isEmpty ? last : items.joined(separator: ", ") + " or " + last
    }
}
