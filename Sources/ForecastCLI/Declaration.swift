import ArgumentParser
import Forecast

/// swift-argument-parser's declaration of `forecast`, made from the option table: it writes the
/// shell completion scripts, answers a shell's request for city candidates, and dumps the JSON
/// the man page is written from. No run is parsed with it; ``ArgumentScanner`` parses runs.
///
/// Each command declares the table's options for it, one property each, with the table's
/// names, value name, help and values (swift-argument-parser reads options from properties, so
/// the list cannot be made from the table). `DeclarationTests` fails when one is missing, extra
/// or differs from the table.
///
/// The fetch is the root, as it is typed, with `week` and `cities` as its subcommands, so that
/// each command's options and values complete after it (``CompletionScript``).
struct FetchDeclaration: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: HelpText.abstract,
        usage: HelpText.usage,
        discussion: HelpText.discussion,
        version: "forecast \(ForecastVersion.current)",
        subcommands: [WeekDeclaration.self, NowDeclaration.self, WarningsDeclaration.self, SunDeclaration.self, CitiesDeclaration.self],
        helpNames: [.short, .long])

    @Option(name: OptionTable.format.names, help: OptionTable.format.argumentHelp, completion: OptionTable.format.completion(in: .fetch))
    var format: String?
    @Option(name: OptionTable.days.names, help: OptionTable.days.argumentHelp, completion: OptionTable.days.completion)
    var days: String?
    @OptionGroup var common: CommonOptionsDeclaration
    @Option(name: OptionTable.baseURL.names, help: OptionTable.baseURL.argumentHelp) var baseURL: String?
    @Option(name: OptionTable.source.names, help: OptionTable.source.argumentHelp, completion: OptionTable.source.completion)
    var source: String?
    @Flag(name: OptionTable.warnings.names, help: OptionTable.warnings.argumentHelp) var warnings = false
    @OptionGroup var bar: BarOptionsDeclaration

    @Option(name: OptionTable.completionScript.names, help: OptionTable.completionScript.argumentHelp, completion: OptionTable.completionScript.completion)
    var generateCompletionScript: String?

    @Argument(
        help: ArgumentHelp("6-digit IDs, names or prefectures; - reads them from standard input.", valueName: "city"),
        completion: .custom(CityCompletion.candidates))
    var cities: [String] = []
}

/// The options of the table that every command that fetches takes, whatever it fetches.
struct CommonOptionsDeclaration: ParsableArguments {
    @Flag(name: OptionTable.parallel.names, help: OptionTable.parallel.argumentHelp) var parallel = false
    @Option(name: OptionTable.jobs.names, help: OptionTable.jobs.argumentHelp) var jobs: String?
    @Option(name: OptionTable.lang.names, help: OptionTable.lang.argumentHelp, completion: OptionTable.lang.completion)
    var lang: String?
    @Flag(name: OptionTable.noParallel.names, help: OptionTable.noParallel.argumentHelp) var noParallel = false
    @Flag(name: OptionTable.noHeader.names, help: OptionTable.noHeader.argumentHelp) var noHeader = false
    @Option(name: OptionTable.timeout.names, help: OptionTable.timeout.argumentHelp) var timeout: String?
    @Option(name: OptionTable.retries.names, help: OptionTable.retries.argumentHelp) var retries: String?
    @Option(name: OptionTable.interval.names, help: OptionTable.interval.argumentHelp) var interval: String?
    @Flag(name: OptionTable.refresh.names, help: OptionTable.refresh.argumentHelp) var refresh = false
    @Flag(name: OptionTable.noCache.names, help: OptionTable.noCache.argumentHelp) var noCache = false
    @Option(name: OptionTable.cacert.names, help: OptionTable.cacert.argumentHelp, completion: .file())
    var cacert: String?
    @Option(name: OptionTable.maxTime.names, help: OptionTable.maxTime.argumentHelp) var maxTime: String?
    @Option(name: OptionTable.staleIfError.names, help: OptionTable.staleIfError.argumentHelp) var staleIfError: String?
    @Option(name: OptionTable.color.names, help: OptionTable.color.argumentHelp, completion: OptionTable.color.completion)
    var color: String?
    @Option(name: OptionTable.jmaURL.names, help: OptionTable.jmaURL.argumentHelp) var jmaURL: String?
    @Flag(name: OptionTable.verbose.names, help: OptionTable.verbose.argumentHelp) var verbose = false
}

/// The options of the table for a status bar, of every command that keeps one up to date.
struct BarOptionsDeclaration: ParsableArguments {
    @Flag(name: OptionTable.watch.names, help: OptionTable.watch.argumentHelp) var watch = false
    @Flag(name: OptionTable.noWatch.names, help: OptionTable.noWatch.argumentHelp) var noWatch = false
    @Option(name: OptionTable.textFormat.names, help: OptionTable.textFormat.argumentHelp) var textFormat: String?
}

/// `forecast week [options] <city>...` as swift-argument-parser sees it: the options of the table
/// that apply to the week.
struct WeekDeclaration: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "The weather agency's weekly forecast, seven days a city, from its own file (出典: 気象庁).",
        usage: "forecast week [options] <city>...",
        discussion: """
            It takes the fetch's options but \(HelpText.fetchOnlyOptions(.week)), and the formats \
            \(HelpText.sentence(OutputFormat.names(for: .week), and: "templates")) (%w the day of \
            the week, %r the reliability). The cities of one office share one download of its file.
            """)

    @Option(
        name: OptionTable.format.names, help: OptionTable.format.argumentHelp(in: .week),
        completion: OptionTable.format.completion(in: .week))
    var format: String?
    @OptionGroup var common: CommonOptionsDeclaration
    @Flag(name: OptionTable.warnings.names, help: OptionTable.warnings.argumentHelp) var warnings = false
    @Option(name: OptionTable.completionScript.names, help: OptionTable.completionScript.argumentHelp, completion: OptionTable.completionScript.completion)
    var generateCompletionScript: String?

    @Argument(help: ArgumentHelp("6-digit IDs, names or prefectures.", valueName: "city"), completion: .custom(CityCompletion.candidates))
    var cities: [String] = []
}

/// A subcommand of a source that a status bar can keep up to date (`now`, `warnings`): what
/// its declaration says of itself.
protocol BarSourceCommand {
    /// The command.
    static var command: Invocation.Command { get }
    /// The line of the command in the fetch's list of subcommands.
    static var abstract: String { get }
    /// Its templates' own placeholders and how its files serve the cities: the end of its
    /// discussion.
    static var about: String { get }
}

/// `forecast now` or `forecast warnings` `[options] <city>...` as swift-argument-parser sees it:
/// the options of the table that apply to the source, its formats and a status bar's options.
struct BarSourceDeclaration<Source: BarSourceCommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Source.command.rawValue,
            abstract: Source.abstract,
            usage: Source.command.usage,
            discussion: """
                It takes the fetch's options but \(HelpText.fetchOnlyOptions(Source.command)), and the formats \
                \(HelpText.sentence(OutputFormat.names(for: Source.command), and: "templates")) \(Source.about)
                """)
    }

    @Option(
        name: OptionTable.format.names, help: OptionTable.format.argumentHelp(in: Source.command),
        completion: OptionTable.format.completion(in: Source.command))
    var format: String?
    @OptionGroup var common: CommonOptionsDeclaration
    @OptionGroup var bar: BarOptionsDeclaration
    @Option(name: OptionTable.completionScript.names, help: OptionTable.completionScript.argumentHelp, completion: OptionTable.completionScript.completion)
    var generateCompletionScript: String?

    @Argument(help: ArgumentHelp("6-digit IDs, names or prefectures.", valueName: "city"), completion: .custom(CityCompletion.candidates))
    var cities: [String] = []
}

/// `forecast now`: the observations.
enum NowCommand: BarSourceCommand {
    static let command = Invocation.Command.now
    static let abstract = "The latest observations at each city's AMeDAS station, from the weather agency's files (出典: 気象庁)."
    static let about = """
        (%t the temperature, %h the humidity, %W the wind, %R the last hour's rain). Two files serve any \
        number of cities.
        """
}

/// `forecast warnings`: the warnings in force.
enum WarningsCommand: BarSourceCommand {
    static let command = Invocation.Command.warnings
    static let abstract = "The warnings and advisories in force in each city's area, from the weather agency's files (出典: 気象庁)."
    static let about = "(%C the warnings in force). One file serves an office's cities."
}

typealias NowDeclaration = BarSourceDeclaration<NowCommand>
typealias WarningsDeclaration = BarSourceDeclaration<WarningsCommand>

/// `forecast sun [options] <city>...` as swift-argument-parser sees it: computed, it takes no
/// option of the network or the cache.
struct SunDeclaration: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sun",
        abstract: "Sunrise and sunset at each city, computed offline as the national almanac defines them (国立天文台).",
        usage: "forecast sun [options] <city>...",
        discussion: """
            It prints the formats \(HelpText.sentence(OutputFormat.names(for: .sun), and: "templates")) \
            (%S the sunrise, %s the sunset), for --days days from --date. No request is made.
            """)

    @Option(
        name: OptionTable.format.names, help: OptionTable.format.argumentHelp(in: .sun),
        completion: OptionTable.format.completion(in: .sun))
    var format: String?
    @Option(name: OptionTable.days.names, help: OptionTable.days.argumentHelp(in: .sun)) var days: String?
    @Option(name: OptionTable.date.names, help: OptionTable.date.argumentHelp) var date: String?
    @Option(name: OptionTable.lang.names, help: OptionTable.lang.argumentHelp, completion: OptionTable.lang.completion)
    var lang: String?
    @Flag(name: OptionTable.noHeader.names, help: OptionTable.noHeader.argumentHelp) var noHeader = false
    @Option(name: OptionTable.color.names, help: OptionTable.color.argumentHelp, completion: OptionTable.color.completion)
    var color: String?
    @Option(name: OptionTable.completionScript.names, help: OptionTable.completionScript.argumentHelp, completion: OptionTable.completionScript.completion)
    var generateCompletionScript: String?

    @Argument(help: ArgumentHelp("6-digit IDs, names or prefectures.", valueName: "city"), completion: .custom(CityCompletion.candidates))
    var cities: [String] = []
}

/// `forecast cities [<query>]` as swift-argument-parser sees it.
struct CitiesDeclaration: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cities",
        abstract: "List the cities: ID, name, prefecture and English name, tab-separated (or JSON with -f json).",
        usage: "forecast cities [options] [<query>]",
        discussion: """
            With a query, only the cities whose ID, name, prefecture, English name, reading or \
            romaji contains it (東京, 北海道, 47, island, とうきょう). Case, width, spaces, hyphens \
            and long vowels are ignored, as in city arguments.
            """)

    @Option(
        name: OptionTable.format.names, help: OptionTable.format.argumentHelp(in: .cities),
        completion: OptionTable.format.completion(in: .cities))
    var format: String?
    @Option(name: OptionTable.lang.names, help: OptionTable.lang.argumentHelp(in: .cities), completion: OptionTable.lang.completion)
    var lang: String?
    @Option(name: OptionTable.completionScript.names, help: OptionTable.completionScript.argumentHelp, completion: OptionTable.completionScript.completion)
    var generateCompletionScript: String?
    @Argument(help: "Text to look for in the ID, name, prefecture, English name, reading or romaji.")
    var query: String?
}

extension OptionSpec {
    /// The option's spellings, as swift-argument-parser names them.
    var names: NameSpecification {
        guard let short else { return [.customLong(long)] }
        return [.customLong(long), .customShort(short)]
    }

    /// The option's help, with the name of its value.
    var argumentHelp: ArgumentHelp {
        argumentHelp(help)
    }

    /// The option's help in a command that says it otherwise (``HelpText/help(of:in:)``), with
    /// the name of its value.
    func argumentHelp(in command: Invocation.Command) -> ArgumentHelp {
        argumentHelp(HelpText.help(of: self, in: command))
    }

    private func argumentHelp(_ text: String) -> ArgumentHelp {
        switch arity {
        case .flag: ArgumentHelp(text)
        case .value(let name): ArgumentHelp(text, valueName: name)
        }
    }

    /// What a shell offers after the option in `command`: its values there, if the table lists any.
    func completion(in command: Invocation.Command) -> CompletionKind? {
        let values = completions(command)
        return values.isEmpty ? nil : .list(values)
    }

    /// What a shell offers after an option whose values are the same in every command it
    /// applies to (all but `--format`'s); `DeclarationTests` checks each command's.
    var completion: CompletionKind? {
        completion(in: .fetch)
    }
}
