#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The forms of an argument that name a place rather than a catalog city: a point, whose nearest
/// city it means, and a municipality, whose city it means. `match(_:)` reads them only when the
/// catalog's own forms have failed.
extension CityCatalog {
    /// The farthest a point may be from its nearest city's point: past it, the point is outside the
    /// region the catalog covers (the sea, or a swapped sign), and the nearest city no answer.
    static let farthestPoint = 300.0

    /// The city nearest to a point (degrees north and east) by great-circle distance to its
    /// catalog point, and that distance in kilometres.
    public static func nearest(latitude: Double, longitude: Double) -> (city: City, kilometres: Double) {
        var best = (city: cities[0], kilometres: Double.infinity)
        for city in cities {
            let distance = greatCircle(latitude, longitude, city.latitude, city.longitude)
            if distance < best.kilometres { best = (city, distance) }
        }
        return best
    }

    /// The distance in kilometres between two points on a sphere of the Earth's mean radius (haversine).
    static func greatCircle(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let halfLatitude = (latitude2 - latitude1) * radians / 2
        let halfLongitude = (longitude2 - longitude1) * radians / 2
        let sinLatitude = sin(halfLatitude)
        let sinLongitude = sin(halfLongitude)
        let a = sinLatitude * sinLatitude + cos(latitude1 * radians) * cos(latitude2 * radians) * sinLongitude * sinLongitude
        return 2 * 6371.0088 * asin(min(1, a.squareRoot()))
    }

    /// The nearest city to the point `text` writes (`35.68,139.77`, `35.68, 139.77`, `35.68 139.77`);
    /// nil when `text` is not written as a point: only digits, signs, points, one comma or space
    /// between two numbers, and a decimal point or a comma somewhere. A point written wrong, out of
    /// range or far from every city throws.
    static func pointMatch(_ argument: String, _ text: String) throws(UnknownCityError) -> CityMatch? {
        let separators: Set<Character> = [",", "，", "、"]
        let allowed: Set<Character> = ["+", "-", ".", " ", "\u{3000}"]
        guard text.contains(where: \.isASCIIDigit), text.contains(where: { $0 == "." || separators.contains($0) }),
              text.allSatisfy({ $0.isASCIIDigit || allowed.contains($0) || separators.contains($0) })
        else { return nil }
        func refuse(_ reason: String) -> UnknownCityError {
            UnknownCityError(argument: argument, problem: .coordinates(reason), suggestions: [])
        }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\u{3000}" }
        let parts = text.contains(where: separators.contains)
            ? text.split(omittingEmptySubsequences: false, whereSeparator: separators.contains).map { $0.trimming(isSpace) }
            : text.split(whereSeparator: isSpace)
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              latitude.isFinite, longitude.isFinite
        else {
            throw refuse("\"\(argument)\" is not a point: it needs a latitude and a longitude")
        }
        guard (-90...90).contains(latitude) else {
            throw refuse("latitude \(parts[0]) in \"\(argument)\" is not between -90 and 90")
        }
        guard (-180...180).contains(longitude) else {
            throw refuse("longitude \(parts[1]) in \"\(argument)\" is not between -180 and 180")
        }
        let (city, kilometres) = nearest(latitude: latitude, longitude: longitude)
        guard kilometres <= farthestPoint else {
            let far = NumberText.decimal((kilometres).rounded())
            throw refuse("\"\(argument)\" is \(far) km from the nearest city, \(city.name) (\(city.id)); the cities are in Japan")
        }
        return CityMatch(cities: [city], kind: .nearest(latitude: latitude, longitude: longitude, kilometres: kilometres))
    }

    /// The city of the municipality `text` names: by any of its names (folded as `key`), or, for a
    /// name several municipalities share, with its prefecture (`府中市 東京都`, `東京都 府中市`,
    /// `東京都府中市`, `Fuchu City, Tokyo`); nil when it names none.
    static func municipalityMatch(_ argument: String, _ text: String, key: String) throws(UnknownCityError) -> CityMatch? {
        let places = Municipality.named(key)
        if places.isEmpty || Set(places.map(\.city)).count > 1, let qualified = qualifiedPlaces(text), !qualified.isEmpty {
            return try municipalityMatch(argument, qualified)
        }
        return try municipalityMatch(argument, places)
    }

    /// The city of these municipalities, all that an argument names: theirs when they are in one; when they are the
    /// parts of one municipality, the city named after it (仙台市東部 and 仙台市西部 are in 仙台 and 白石: 仙台市 is
    /// 仙台); else they are the candidates of an error. Nil for none.
    static func municipalityMatch(_ argument: String, _ places: [Municipality]) throws(UnknownCityError) -> CityMatch? {
        guard let first = places.first else { return nil }
        let name = commonName(places)
        var ids = places.map(\.city)
        if Set(ids).count > 1, Set(places.map { $0.code.prefix(5) }).count == 1 {
            let stem = String(name.dropLast())
            ids = ids.filter { city(id: $0)?.name == stem }
        }
        guard let id = ids.first, Set(ids).count == 1, let city = city(id: id) else {
            throw UnknownCityError(argument: argument, problem: .sharedName, suggestions: [], candidates: places)
        }
        return CityMatch(cities: [city], kind: .municipality(name: name, prefecture: first.prefecture.name))
    }

    /// The municipalities a name with its prefecture names: the name before or after a space or a
    /// comma with the prefecture on the other side, or the prefecture's full name before the name
    /// with nothing between (東京都府中市, as an address writes it); nil when `text` is no such form.
    private static func qualifiedPlaces(_ text: String) -> [Municipality]? {
        let isSeparator: (Character) -> Bool = { " \u{3000},，、".contains($0) }
        var splits: [(name: Substring, prefecture: Substring)] = []
        if let last = text.lastIndex(where: isSeparator) {
            splits.append((text[..<last].trimming(isSeparator), text[text.index(after: last)...].trimming(isSeparator)))
        }
        if let first = text.firstIndex(where: isSeparator) {
            splits.append((text[text.index(after: first)...].trimming(isSeparator), text[..<first].trimming(isSeparator)))
        }
        for prefecture in prefectures where text.hasPrefix(prefecture.name) && text.count > prefecture.name.count {
            splits.append((text.dropFirst(prefecture.name.count), Substring(prefecture.name)))
        }
        for split in splits where !split.name.isEmpty {
            guard let prefecture = prefecture(named: String(split.prefecture)) else { continue }
            let places = Municipality.named(NameKey.fold(String(split.name))).filter { $0.prefecture == prefecture }
            if !places.isEmpty { return places }
        }
        return nil
    }

    /// The name several municipalities' parts share (仙台市 of 仙台市東部 and 仙台市西部), or the one's own name: the
    /// longest common start that ends in 市, 区, 町 or 村; the first one's name when there is none.
    private static func commonName(_ places: [Municipality]) -> String {
        guard places.count > 1 else { return places.first?.name ?? "" }
        var common = places.dropFirst().reduce(Substring(places[0].name)) { common, place in
            common.prefix(zip(common, place.name).prefix { $0 == $1 }.count)
        }
        while let last = common.last, !"市区町村".contains(last) { common.removeLast() }
        return common.isEmpty ? places[0].name : String(common)
    }
}
