/// The cities an argument names, and how it named them: what `-v` tells of an argument that is
/// not a catalog city's own name (a municipality, a point).
public struct CityMatch: Sendable, Equatable {
    /// How the argument named its cities.
    public enum Kind: Sendable, Equatable {
        /// An ID, a catalog city's name in one of its forms, or a prefecture.
        case catalog
        /// A municipality (its name, or its parts' common name, and its prefecture), in a catalog city.
        case municipality(name: String, prefecture: String)
        /// A point (degrees north and east), whose nearest catalog city is this far from it, in kilometres.
        case nearest(latitude: Double, longitude: Double, kilometres: Double)
    }

    /// The cities, in catalog order for a prefecture; one for any other argument.
    public let cities: [City]
    /// How the argument named them.
    public let kind: Kind

    /// Creates a match.
    public init(cities: [City], kind: Kind) {
        self.cities = cities
        self.kind = kind
    }

    /// What `-v` says of the choice: "新宿区 (東京都), in 東京 (130010)", "東京 (130010), the
    /// nearest city, 1.3 km from 35.6800N 139.7700E"; nil for a catalog name, which needs no word.
    public var note: String? {
        guard let city = cities.first else { return nil }
        switch kind {
        case .catalog:
            return nil
        case .municipality(let name, let prefecture):
            return "\(name) (\(prefecture)), in \(city.name) (\(city.id))"
        case .nearest(let latitude, let longitude, let kilometres):
            let point = NumberText.coordinates(latitude: latitude, longitude: longitude)
            return "\(city.name) (\(city.id)), the nearest city, \(NumberText.tenths(kilometres)) km from \(point)"
        }
    }
}
