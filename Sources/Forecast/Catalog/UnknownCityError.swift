/// An argument that names no city of the catalog.
public struct UnknownCityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the argument names no city.
    public enum Problem: Sendable, Equatable {
        /// The argument is empty (or only spaces).
        case empty
        /// Digits, but not six of them (nor a municipality's seven).
        case malformedID
        /// Six digits the catalog does not have.
        case unknownID
        /// Not an ID, and no city, prefecture or municipality has this name.
        case unknownName
        /// A prefecture: several cities, where one was asked for (`CityCatalog.resolve(_:)`).
        case prefecture
        /// A name several municipalities in different cities share (府中市): the ``candidates``.
        case sharedName
        /// Coordinates that are malformed, out of range or far from every city: the reason.
        case coordinates(String)
    }

    /// The argument as given.
    public let argument: String
    /// Why it names no city.
    public let problem: Problem
    /// The closest cities, best first; may be empty.
    public let suggestions: [City]
    /// The municipalities a shared name stands for, in code order (``Problem/sharedName``); else empty.
    public let candidates: [Municipality]

    /// Creates the error of an argument.
    public init(argument: String, problem: Problem, suggestions: [City], candidates: [Municipality] = []) {
        self.argument = argument
        self.problem = problem
        self.suggestions = suggestions
        self.candidates = candidates
    }

    public var description: String {
        let what = switch problem {
        case .empty: "an empty city name"
        case .malformedID: "\"\(argument)\" is not a city ID (IDs have 6 digits, e.g. 130010)"
        case .unknownID: "no city has the ID \(argument)"
        case .unknownName: "no city is called \"\(argument)\""
        case .prefecture: "\"\(argument)\" is a prefecture, not one city"
        case .sharedName: "\"\(argument)\" names \(candidates.count) places in different cities"
        case .coordinates(let reason): reason
        }
        switch problem {
        case .sharedName:
            let places = candidates.map { place in
                let city = CityCatalog.city(id: place.city).map { " → \($0.name) (\($0.id))" } ?? ""
                return "\(place.name) \(place.prefecture.name) (\(place.code)\(city))"
            }
            let example = candidates.first.map { "\"\($0.name) \($0.prefecture.name)\"" } ?? ""
            return "\(what): \(places.joined(separator: ", ")); name one with its prefecture, as \(example), or by its code"
        case .coordinates:
            return "\(what); coordinates are LAT,LON in degrees, e.g. 35.68,139.77"
        default:
            break
        }
        // Someone who typed Latin letters may not read kanji: name the city both ways.
        let latin = argument.unicodeScalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        let hint = suggestions.isEmpty
            ? "see `forecast cities` for the list"
            : "did you mean " + suggestions.map {
                latin && !$0.english.isEmpty ? "\($0.english) / \($0.name) (\($0.id))" : "\($0.name) (\($0.id))"
            }.joined(separator: ", ") + "?"
        return "\(what); \(hint)"
    }
}
