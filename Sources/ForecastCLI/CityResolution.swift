import Forecast

/// The cities a run names, resolved in order: "-" stands for the cities on standard input, a
/// prefecture for its catalog cities. Every argument that names no city is reported at once
/// (a config file's with its line), and nothing is fetched.
enum CityResolution {
    static func resolve(_ arguments: [Invocation.CityArgument], readingStandardInput: () -> String) throws(UsageError) -> [City] {
        var expanded: [Invocation.CityArgument] = []
        var readStandardInput = false
        for argument in arguments {
            if argument.text == "-" {
                guard !readStandardInput else { continue }
                readStandardInput = true
                expanded += CityList.arguments(in: readingStandardInput()).map { .init(text: $0, origin: argument.origin) }
            } else {
                expanded.append(argument)
            }
        }
        var resolved: [City] = []
        var problems: [String] = []
        for argument in expanded {
            do {
                resolved += try CityCatalog.resolveAll(argument.text)
            } catch {
                problems.append(UsageError(error.description).located(at: argument.origin).message)
            }
        }
        if !problems.isEmpty {
            throw UsageError(problems.joined(separator: "\n"))
        }
        if resolved.isEmpty {
            throw UsageError("standard input named no city")
        }
        return resolved
    }
}
