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
        try match(argument).cities
    }

    /// The cities an argument names, and how it named them. The catalog's own forms come first: a
    /// 6-digit ID, a city's name in any of its forms, a prefecture. Only when they all fail is the
    /// argument read as a point (`35.68,139.77`: the nearest city) or a municipality (新宿区,
    /// 札幌市, Shinjuku City, shinjuku; its code, 1310400; `府中市 東京都` for a name several share);
    /// anything else throws, with the closest cities as suggestions.
    public static func match(_ argument: String) throws(UnknownCityError) -> CityMatch {
        let text = NumberText.normalize(argument)
        if text.isEmpty {
            throw UnknownCityError(argument: argument, problem: .empty, suggestions: [])
        }
        if text.allSatisfy(\.isASCIIDigit) {
            if let city = city(id: text) { return CityMatch(cities: [city], kind: .catalog) }
            if text.count == 7, let found = try municipalityMatch(argument, [Municipality.of(code: text)].compactMap { $0 }) {
                return found
            }
            let problem: UnknownCityError.Problem = text.count == 6 ? .unknownID : .malformedID
            throw UnknownCityError(argument: argument, problem: problem, suggestions: suggestions(forID: text))
        }
        if let city = byName[text] { return CityMatch(cities: [city], kind: .catalog) }
        let key = NameKey.fold(text)
        if let city = byKey[key] { return CityMatch(cities: [city], kind: .catalog) }
        if let prefecture = prefectureByKey[key] { return CityMatch(cities: prefecture.cities, kind: .catalog) }
        if let found = try pointMatch(argument, text) { return found }
        if let found = try municipalityMatch(argument, text, key: key) { return found }
        throw UnknownCityError(argument: argument, problem: .unknownName, suggestions: suggestions(forName: text, key: key))
    }

    /// Cities whose ID starts with `query` when it is a number (`47`, `1300`), else whose name, prefecture, region,
    /// English name, reading or romaji, or whose prefecture's reading or romaji, contains it (folded as names are:
    /// `tokyo`, `とうきょう`, `Oshima`, `okinawa`); all of them for "".
    public static func search(_ query: String) -> [City] {
        let text = NumberText.normalize(query)
        guard !text.isEmpty else { return cities }
        if text.allSatisfy(\.isASCIIDigit) {
            return cities.filter { $0.id.hasPrefix(text) }
        }
        let key = NameKey.fold(text)
        let prefectureNames = key.isEmpty ? [] : Set(prefectures.filter { $0.keys.contains { $0.contains(key) } }.map(\.name))
        return cities.filter { city in
            city.name.contains(text) || city.prefecture.contains(text) || city.region.contains(text)
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

    /// Names that contain the text or are contained in it (東京都 → 東京), then what `forecast cities`
    /// lists for it (ishigaki → 石垣島), then names of the prefecture it names, then names in any
    /// form at most two edits away (tokio → Tokyo).
    private static func suggestions(forName text: String, key: String) -> [City] {
        var found: [City] = []
        func add(_ more: [City]) {
            for city in more where !found.contains(city) && found.count < 3 { found.append(city) }
        }
        add(cities.filter { text.contains($0.name) || $0.name.contains(text) })
        add(search(text))
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
