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

/// The options of a fetch, and its cities as given.
func fetchOptions(_ arguments: [String], file: String? = nil) throws(UsageError) -> (options: Options, cities: [String]) {
    guard case .fetch(_, let options, let cities, _) = try invocation(arguments, file: file) else {
        throw UsageError("not a fetch: \(arguments)")
    }
    return (options, cities.map(\.text))
}

/// The options of a fetch of 130010.
func options(_ arguments: [String], file: String? = nil) throws(UsageError) -> Options {
    try fetchOptions(arguments + ["130010"], file: file).options
}

/// The settings of a fetch of 130010 with these options.
func settings(
    _ arguments: [String], _ variables: [String: String] = [:], streams: Settings.Streams = .init()
) throws(UsageError) -> Settings {
    guard case .fetch(_, let options, _, _) = try invocation(arguments + ["130010"]) else { throw UsageError("not a fetch") }
    return try Settings(options: options, environment: Environment(variables: variables), streams: streams)
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
    guard case .fetch(_, _, let cities, _) = try invocation(arguments, file: file) else { throw UsageError("not a fetch") }
    return try CityResolution.resolve(cities) { input }
}
