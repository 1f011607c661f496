/// The API's 142 cities, compiled in: lookup by ID or name, resolution of command-line
/// arguments with suggestions, and search.
public enum CityCatalog {
    /// Every city, in the catalog's order (north to south).
    public static var all: [City] { cities }

    /// The 47 prefectures, north to south.
    public static var allPrefectures: [Prefecture] { prefectures }

    private static let byName: [String: City] = Dictionary(uniqueKeysWithValues: cities.map { ($0.name, $0) })
    /// Every folded name form of every city (the generator checks that no two cities share one).
    private static let byKey: [String: City] = Dictionary(
        cities.flatMap { city in city.keys.map { ($0, city) } }, uniquingKeysWith: { first, _ in first })
    /// Every folded name form of every prefecture.
    private static let prefectureByKey: [String: Prefecture] = Dictionary(
        prefectures.flatMap { prefecture in prefecture.keys.map { ($0, prefecture) } }, uniquingKeysWith: { first, _ in first })

    /// The city with this 6-digit ID, or nil.
    public static func city(id: String) -> City? { cities.sortedLookup(id, by: \.id) }

    /// The city with exactly this name (東京), or nil.
    public static func city(named name: String) -> City? { byName[name] }

    /// The prefecture a name stands for (北海道, 沖縄, okinawa, おきなわけん), or nil.
    public static func prefecture(named name: String) -> Prefecture? { prefectureByKey[NameKey.fold(name)] }

    /// The one city an argument names: a 6-digit ID of the catalog (full-width digits accepted), or a city's name in
    /// any of its forms (東京, Tokyo, Tōkyō, toukyou, トウキョウ, とうきょう). Anything else throws, with the closest cities as
    /// suggestions; so does a prefecture, which names several cities (see `resolveAll(_:)`).
    public static func resolve(_ argument: String) throws(UnknownCityError) -> City {
        let found = try resolveAll(argument)
        guard found.count == 1 else {
            throw UnknownCityError(argument: argument, problem: .prefecture, suggestions: Array(found.prefix(3)))
        }
        return found[0]
    }

    /// The cities an argument names: one city, as `resolve(_:)` finds it, or every catalog city
    /// of a prefecture (北海道, 沖縄県, okinawa), in catalog order. A name that is both a city's and
    /// a prefecture's (大阪, 京都, Kyoto) means the city. Anything else throws, with suggestions.
    public static func resolveAll(_ argument: String) throws(UnknownCityError) -> [City] {
        let text = NumberText.normalize(argument)
        if text.isEmpty {
            throw UnknownCityError(argument: argument, problem: .empty, suggestions: [])
        }
        if text.allSatisfy(\.isASCIIDigit) {
            if let city = city(id: text) { return [city] }
            let problem: UnknownCityError.Problem = text.count == 6 ? .unknownID : .malformedID
            throw UnknownCityError(argument: argument, problem: problem, suggestions: suggestions(forID: text))
        }
        if let city = byName[text] { return [city] }
        let key = NameKey.fold(text)
        if let city = byKey[key] { return [city] }
        if let prefecture = prefectureByKey[key] { return prefecture.cities }
        throw UnknownCityError(argument: argument, problem: .unknownName, suggestions: suggestions(forName: text, key: key))
    }

    /// Cities whose ID, name, prefecture, region, English name, reading or romaji, or whose prefecture's reading or
    /// romaji, contains `query` (folded as names are: `tokyo`, `とうきょう`, `Oshima`, `okinawa`); all of them for "".
    public static func search(_ query: String) -> [City] {
        let text = NumberText.normalize(query)
        guard !text.isEmpty else { return cities }
        let key = NameKey.fold(text)
        let prefectureNames = key.isEmpty ? [] : Set(prefectures.filter { $0.keys.contains { $0.contains(key) } }.map(\.name))
        return cities.filter { city in
            city.id.contains(text) || city.name.contains(text) || city.prefecture.contains(text) || city.region.contains(text)
                || (!key.isEmpty && city.keys.contains { $0.contains(key) }) || prefectureNames.contains(city.prefecture)
        }
    }

    // MARK: Suggestions

    /// IDs that share the longest prefix with `text`, then the nearest by edit distance.
    private static func suggestions(forID text: String) -> [City] {
        let ranked = cities.enumerated().map { index, city in
            (city, zip(city.id, text).prefix { $0 == $1 }.count, EditDistance.between(Array(city.id), Array(text), swaps: false), index)
        }
        .filter { $0.1 >= 2 || $0.2 <= 1 }
        .sorted { ($1.1, $0.2, $0.3) < ($0.1, $1.2, $1.3) }
        return Array(ranked.prefix(3).map(\.0))
    }

    /// Names that contain the text or are contained in it (東京都 → 東京), then names of the
    /// prefecture it names, then names in any form at most two edits away (tokio → Tokyo).
    private static func suggestions(forName text: String, key: String) -> [City] {
        var found: [City] = []
        func add(_ more: [City]) {
            for city in more where !found.contains(city) && found.count < 3 { found.append(city) }
        }
        add(cities.filter { text.contains($0.name) || $0.name.contains(text) })
        add(cities.filter { text.contains($0.prefecture) || text.contains($0.region) || $0.prefecture.hasPrefix(text) })
        // Ties go to the city a prefecture is named after (大阪 before 大島), then catalog order.
        let chars = Array(key)
        guard !chars.isEmpty else { return found }
        add(cities.enumerated().map { index, city in
            (city, city.keys.map { EditDistance.between(Array($0), chars, swaps: false) }.min() ?? Int.max,
             city.prefecture.hasPrefix(city.name) ? 0 : 1, index)
        }
        .filter { $0.1 <= min(2, max(1, chars.count / 2)) }
        .sorted { ($0.1, $0.2, $0.3) < ($1.1, $1.2, $1.3) }
        .map(\.0))
        return found
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
        /// A prefecture: several cities, where one was asked for (`CityCatalog.resolve(_:)`).
        case prefecture
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
        case .prefecture: "\"\(argument)\" is a prefecture, not one city"
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
