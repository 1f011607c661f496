/// The API's 142 cities, compiled in: lookup by ID or name, resolution of command-line
/// arguments with suggestions, and search.
public enum CityCatalog {
    /// Every city, in the catalog's order (north to south).
    public static var all: [City] { cities }

    private static let byID: [String: City] = Dictionary(uniqueKeysWithValues: cities.map { ($0.id, $0) })
    private static let byName: [String: City] = Dictionary(uniqueKeysWithValues: cities.map { ($0.name, $0) })

    /// The city with this 6-digit ID, or nil.
    public static func city(id: String) -> City? { byID[id] }

    /// The city with exactly this name (東京), or nil.
    public static func city(named name: String) -> City? { byName[name] }

    /// The city an argument names: a 6-digit ID of the catalog (full-width digits accepted) or
    /// a city name (東京). Anything else throws, with the closest cities as suggestions.
    public static func resolve(_ argument: String) throws(UnknownCityError) -> City {
        let text = NumberText.normalize(argument)
        if text.isEmpty {
            throw UnknownCityError(argument: argument, problem: .empty, suggestions: [])
        }
        if text.allSatisfy(\.isASCIIDigit) {
            if let city = byID[text] { return city }
            let problem: UnknownCityError.Problem = text.count == 6 ? .unknownID : .malformedID
            throw UnknownCityError(argument: argument, problem: problem, suggestions: suggestions(forID: text))
        }
        if let city = byName[text] { return city }
        throw UnknownCityError(argument: argument, problem: .unknownName, suggestions: suggestions(forName: text))
    }

    /// Cities whose ID, name, prefecture or region contains `query`; all of them for "".
    public static func search(_ query: String) -> [City] {
        let text = NumberText.normalize(query)
        guard !text.isEmpty else { return cities }
        return cities.filter {
            $0.id.contains(text) || $0.name.contains(text) || $0.prefecture.contains(text) || $0.region.contains(text)
        }
    }

    // MARK: Suggestions

    /// IDs that share the longest prefix with `text`, then the nearest by edit distance.
    private static func suggestions(forID text: String) -> [City] {
        let ranked = cities.enumerated().map { index, city in
            (city, commonPrefixLength(city.id, text), editDistance(Array(city.id), Array(text)), index)
        }
        .filter { $0.1 >= 2 || $0.2 <= 1 }
        .sorted { ($1.1, $0.2, $0.3) < ($0.1, $1.2, $1.3) }
        return Array(ranked.prefix(3).map(\.0))
    }

    /// Names that contain the text or are contained in it (東京都 → 東京), then names of the
    /// prefecture it names, then names at most two edits away.
    private static func suggestions(forName text: String) -> [City] {
        var found: [City] = []
        func add(_ more: [City]) {
            for city in more where !found.contains(city) && found.count < 3 { found.append(city) }
        }
        add(cities.filter { text.contains($0.name) || $0.name.contains(text) })
        add(cities.filter { text.contains($0.prefecture) || text.contains($0.region) || $0.prefecture.hasPrefix(text) })
        // Ties go to the city a prefecture is named after (大阪 before 大島), then catalog order.
        let chars = Array(text)
        add(cities.enumerated().map { index, city in
            (city, editDistance(Array(city.name), chars), city.prefecture.hasPrefix(city.name) ? 0 : 1, index)
        }
        .filter { $0.1 <= min(2, max(1, chars.count / 2)) }
        .sorted { ($0.1, $0.2, $0.3) < ($1.1, $1.2, $1.3) }
        .map(\.0))
        return found
    }

    private static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }

    /// Levenshtein distance between two strings of characters.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// An argument that names no city of the catalog.
public struct UnknownCityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the argument names no city.
    public enum Problem: Sendable, Equatable {
        /// The argument is empty (or only spaces).
        case empty
        /// Digits, but not six of them.
        case malformedID
        /// Six digits the catalog does not have.
        case unknownID
        /// Not an ID, and no city has this name.
        case unknownName
    }

    /// The argument as given.
    public let argument: String
    /// Why it names no city.
    public let problem: Problem
    /// The closest cities, best first; may be empty.
    public let suggestions: [City]

    public var description: String {
        let what = switch problem {
        case .empty: "an empty city name"
        case .malformedID: "\"\(argument)\" is not a city ID (IDs have 6 digits, e.g. 130010)"
        case .unknownID: "no city has the ID \(argument)"
        case .unknownName: "no city is called \"\(argument)\""
        }
        let hint = suggestions.isEmpty
            ? "see `forecast cities` for the list"
            : "did you mean " + suggestions.map { "\($0.name) (\($0.id))" }.joined(separator: ", ") + "?"
        return "\(what); \(hint)"
    }
}
