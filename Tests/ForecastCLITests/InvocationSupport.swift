import Testing
import Forecast
@testable import ForecastCLI

/// Where the tests' config file is said to be.
let configPath = "/home/u/.config/forecast/config"

/// What a command line asks for, with `file` as the text of its config file (none if nil).
func invocation(_ arguments: [String], file: String? = nil, variables: [String: String] = [:]) throws(UsageError) -> Invocation {
    var variables = variables
    if file != nil { variables["FORECAST_CONFIG"] = configPath }
    return try Invocation.read(arguments, environment: Environment(variables: variables), readFile: { _ in file })
}

/// The options' values of a run of cities, and its cities as given.
func fetchOptions(_ arguments: [String], file: String? = nil) throws(UsageError) -> (options: OptionValues, cities: [String]) {
    guard case .cities(_, let values, let cities, _) = try invocation(arguments, file: file) else {
        throw UsageError("not a run of cities: \(arguments)")
    }
    return (values, cities.map(\.text))
}

/// The options' values of a fetch of 130010.
func options(_ arguments: [String], file: String? = nil) throws(UsageError) -> OptionValues {
    try fetchOptions(arguments + ["130010"], file: file).options
}

/// The settings of a fetch of 130010 with these options.
func settings(
    _ arguments: [String], _ variables: [String: String] = [:], streams: Settings.Streams = .init()
) throws(UsageError) -> Settings {
    guard case .cities(let command, let values, _, _) = try invocation(arguments + ["130010"]) else { throw UsageError("not a fetch") }
    return try Settings(values, for: command, environment: Environment(variables: variables), streams: streams)
}

/// The usage error a command line ends with, or nil if it reads.
func usageError(_ arguments: [String], file: String? = nil) -> String? {
    do {
        _ = try invocation(arguments, file: file)
        return nil
    } catch {
        return error.message
    }
}

/// The cities a fetch's arguments resolve to, with `input` on standard input.
func resolved(_ arguments: [String], input: String = "", file: String? = nil) throws(UsageError) -> [City] {
    guard case .cities(_, _, let cities, _) = try invocation(arguments, file: file) else { throw UsageError("not a fetch") }
    return try CityResolution.resolve(cities) { input }
}

extension OptionValues {
    /// Whether cities are fetched concurrently: `--parallel` or `--jobs`, unless `--no-parallel`.
    var isParallel: Bool {
        (self[Key.parallel] || self[Key.jobs] != nil) && !self[Key.noParallel]
    }
}

extension Command {
    /// The arguments that name the command before its options: none for `forecast` itself.
    var words: [String] { name.isEmpty ? [] : [name] }
}

/// The options' values by the names the tests read them by.
extension OptionValues {
    var parallel: Bool { self[Key.parallel] }
    var noParallel: Bool { self[Key.noParallel] }
    var jobs: Int? { self[Key.jobs] }
    var format: OutputFormat { self[Key.format] }
    var days: Int? { self[Key.days] }
    var noHeader: Bool { self[Key.noHeader] }
    var timeout: Double { self[Key.timeout] }
    var retries: Int { self[Key.retries] }
    var interval: Double? { self[Key.interval] }
    var baseURL: String? { self[Key.baseURL] }
    var refresh: Bool { self[Key.refresh] }
    var noCache: Bool { self[Key.noCache] }
    var cacert: String? { self[Key.cacert] }
    var maxTime: Double? { self[Key.maxTime] }
    var staleIfError: StaleDuration? { self[Key.staleIfError] }
    var color: ColorMode { self[Key.color] }
    var lang: Language { self[Key.lang] }
    var verbose: Bool { self[Key.verbose] }
    var source: ClientConfiguration.Source { self[Key.source] }
    var jmaURL: String? { self[Key.jmaURL] }
    var watch: Bool { self[Key.watch] }
    var warnings: Bool { self[Key.warnings] }
    var date: String? { self[Key.date] }
    var textFormat: FormatTemplate? { self[Key.textFormat] }
}

/// The commands by the names the tests call them: `fetch` is `forecast` itself.
extension Command: Equatable {
    static var fetch: Command { Registry.threeDay }
    static var week: Command { Registry.command(named: "week")! }
    static var now: Command { Registry.command(named: "now")! }
    static var warnings: Command { Registry.command(named: "warnings")! }
    static var sun: Command { Registry.command(named: "sun")! }
    static var cities: Command { Registry.command(named: "cities")! }
    static var allCases: [Command] { Registry.commands }

    /// "fetch" for `forecast` itself, else the name.
    var rawValue: String { name.isEmpty ? "fetch" : name }

    package static func == (lhs: Command, rhs: Command) -> Bool { lhs.name == rhs.name }
}

extension OutputFormat {
    /// The names of the formats `command` prints.
    static func names(for command: Command) -> [String] { command.formatNames }
}

/// The options by name, as the tests name them.
enum OptionTable {
    static var all: [OptionSpec] { Registry.options }
    static let parallel = Registry.option(long: "parallel")!
    static let jobs = Registry.option(long: "jobs")!
    static let format = Registry.option(long: "format")!
    static let days = Registry.option(long: "days")!
    static let lang = Registry.option(long: "lang")!
    static let units = Registry.option(long: "units")!
    static let timeout = Registry.option(long: "timeout")!
    static let retries = Registry.option(long: "retries")!
    static let interval = Registry.option(long: "interval")!
    static let baseURL = Registry.option(long: "base-url")!
    static let source = Registry.option(long: "source")!
    static let jmaURL = Registry.option(long: "jma-url")!
    static let color = Registry.option(long: "color")!
    static let noHeader = Registry.option(long: "no-header")!
    static let help = Registry.option(long: "help")!
    static let version = Registry.option(long: "version")!
}

/// A command in a parameterized test's name, as a person types it (`forecast week`), not its
/// every field.
extension Command: CustomTestStringConvertible {
    public var testDescription: String { spelling }
}
