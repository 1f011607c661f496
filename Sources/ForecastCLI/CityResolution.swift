import Forecast

/// The cities a run names, resolved in order: "-" stands for the cities on standard input, a
/// prefecture for its catalog cities, a municipality or a point for the city it is in or nearest to.
/// Every argument that names no city is reported at once (a config file's or standard input's with
/// its line), and nothing is fetched.
enum CityResolution {
    /// The cities; `note` is told how an argument that is not a catalog name named its city
    /// ("shinjuku: 新宿区 (東京都), in 東京 (130010)"), for `-v`.
    static func resolve(
        _ arguments: [Invocation.CityArgument], readingStandardInput: () -> String, note: (String) -> Void = { _ in }
    ) throws(UsageError) -> [City] {
        var expanded: [Invocation.CityArgument] = []
        var readStandardInput = false
        for argument in arguments {
            if argument.text == "-" {
                guard !readStandardInput else { continue }
                readStandardInput = true
                expanded += CityList.entries(in: readingStandardInput()).map { .init(text: $0.text, origin: .standardInput(line: $0.line)) }
            } else {
                expanded.append(argument)
            }
        }
        var resolved: [City] = []
        var problems: [String] = []
        for argument in expanded {
            do throws(UsageError) {
                let match = try self.match(argument)
                resolved += match.cities
                if let text = match.note {
                    note("\(argument.text): \(text)")
                }
            } catch {
                problems.append(error.message)
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

    /// What is wrong with the config file's city lines that a run does not read, because its
    /// command line names the cities: a line for each argument that names no city, with its
    /// line. A typo there would otherwise wait silently for the first run without cities.
    static func unusedProblems(_ arguments: [Invocation.CityArgument]) -> [String] {
        arguments.filter { $0.text != "-" }.compactMap { argument in
            do throws(UsageError) {
                _ = try resolveAll(argument)
                return nil
            } catch {
                return "\(error.message) (not read: the command line names the cities)"
            }
        }
    }

    /// The cities one argument names, or the usage error that says where it was read, why it
    /// names none and what it may have meant.
    static func resolveAll(_ argument: Invocation.CityArgument) throws(UsageError) -> [City] {
        try match(argument).cities
    }

    /// The cities one argument names and how, or the usage error that says where it was read, why
    /// it names none and what it may have meant: a command, for a first operand close to one's name.
    static func match(_ argument: Invocation.CityArgument) throws(UsageError) -> CityMatch {
        do {
            return try CityCatalog.match(argument.text)
        } catch {
            if argument.mayBeCommand, error.problem == .unknownName, let command = Registry.command(near: argument.text) {
                throw UsageError("no command or city is called \"\(argument.text)\"; did you mean `\(command.spelling)`?")
            }
            // An option after "--", or on a line of standard input: a city spelled close to
            // it would be a guess at the wrong thing.
            if argument.text.hasPrefix("-"), argument.text.count > 1 {
                let message = "\"\(argument.text)\" looks like an option, not a city; options go on the command line, before any \"--\""
                throw UsageError(message).located(at: argument.origin)
            }
            throw UsageError(error.description).located(at: argument.origin)
        }
    }
}
