/// One `timeSeries` entry of the agency's file: its times, and per area (or AMeDAS point) one
/// array of values per field, each value at the time of the same index.
///
/// Every value in the file is a string and "" means unknown. Numbers (chances of rain,
/// temperatures) are read here, so that a value that is not one is reported with its place in
/// the file; text stays as the file writes it. Fields the tool does not read are skipped.
struct AgencySeries: Sendable {
    /// The times of the values, in Japan time.
    let times: [AgencyTime]
    let areas: [Entry]

    /// One area or point of a series.
    struct Entry: Sendable {
        let place: AgencyPlace
        /// The text fields' values (weather codes, the weather, wind and wave lines,
        /// reliabilities), one slot per field (`Field.slot`), nil for a field the area lacks.
        private(set) var texts: [[String]?] = Array(repeating: nil, count: Field.allCases.count)
        /// The number fields' values (chances of rain, temperatures), nil where the file has "".
        private(set) var numbers: [[Double?]?] = Array(repeating: nil, count: Field.allCases.count)

        /// How many values the area has of `field`, if it has it.
        func count(_ field: Field) -> Int? { field.isNumber ? numbers[field.slot]?.count : texts[field.slot]?.count }
    }

    /// The fields the tool reads.
    enum Field: String, CaseIterable, Sendable {
        case weatherCodes, weathers, winds, waves, reliabilities
        case pops, temps, tempsMin, tempsMinUpper, tempsMinLower, tempsMax, tempsMaxUpper, tempsMaxLower

            var isNumber: Bool {
            switch self {
            case .weatherCodes, .weathers, .winds, .waves, .reliabilities: false
            default: true
            }
        }

        var key: JSONKey { JSONKey(stringLiteral: rawValue) }

        /// Its place among the fields, for the entries' slots: arrays rather than dictionaries,
        /// which would need the field's hash for every value read.
        var slot: Int { Self.allCases.firstIndex(of: self)! }
    }

    func index(of code: String) -> Int? {
        areas.firstIndex { $0.place.code == code }
    }

    /// The index of the first time on `day` (any time of day): the 3-day weather and the weekly values.
    func index(onDay day: Int) -> Int? {
        times.firstIndex { $0.day == day }
    }

    /// The index of the time exactly `time`: a temperature at 00:00 or 09:00, a chance of rain's block.
    func index(at time: AgencyTime) -> Int? {
        times.firstIndex { $0 == time }
    }

    /// The text of `field` of area `area` at time `index`; nil when absent or "".
    func text(_ field: Field, area: Int, at index: Int?) -> String? {
        guard let index, let values = areas[area].texts[field.slot], index < values.count, !values[index].isEmpty else { return nil }
        return values[index]
    }

    /// The number of `field` of area `area` at time `index`; nil when absent or "".
    func number(_ field: Field, area: Int, at index: Int?) -> Double? {
        guard let index, let values = areas[area].numbers[field.slot], index < values.count else { return nil }
        return values[index]
    }
}

extension AgencySeries {
    /// Decodes the times and the areas from a series' object, and checks that every array has a value per time.
    ///
    /// The file is read through nested containers down to its strings, not as `Decodable` values of their own types:
    /// the decoder checks each type it decodes against its special cases with a dynamic cast, and on this static binary
    /// the first cast of each type scans every conformance record.
    init(from container: KeyedDecodingContainer<JSONKey>) throws {
        var timeList = try container.nestedUnkeyedContainer(forKey: "timeDefines")
        var times: [AgencyTime] = []
        while !timeList.isAtEnd {
            let index = timeList.currentIndex
            let text = try timeList.decode(String.self)
            guard let time = AgencyTime(text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: container.codingPath + [JSONKey(stringLiteral: "timeDefines"), IndexKey(index)],
                    debugDescription: "expected a time such as \"2021-07-25T00:00:00+09:00\", found \"\(text)\""))
            }
            times.append(time)
        }
        self.times = times
        var areaList = try container.nestedUnkeyedContainer(forKey: "areas")
        let areas = try areaList.objects { try Entry(from: $0) }
        self.areas = areas
        for (areaIndex, area) in areas.enumerated() {
            for field in Field.allCases {
                guard let count = area.count(field), count != times.count else { continue }
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: container.codingPath + [JSONKey(stringLiteral: "areas"), IndexKey(areaIndex), field.key],
                    debugDescription: "\(count) values for \(times.count) times"))
            }
        }
    }
}

extension AgencySeries.Entry {
    /// Decodes `area` and the fields the tool reads, each an array of strings.
    init(from container: KeyedDecodingContainer<JSONKey>) throws {
        let area = try container.nestedContainer(keyedBy: JSONKey.self, forKey: "area")
        place = AgencyPlace(
            code: try area.decode(String.self, forKey: "code"), name: try area.decodeIfPresent(String.self, forKey: "name") ?? "")
        for field in AgencySeries.Field.allCases where container.contains(field.key) {
            var list = try container.nestedUnkeyedContainer(forKey: field.key)
            if field.isNumber {
                var values: [Double?] = []
                while !list.isAtEnd {
                    let index = list.currentIndex
                    let text = try list.decode(String.self)
                    values.append(try Self.number(text, field: field) {
                        DecodingError.dataCorrupted(DecodingError.Context(
                            codingPath: container.codingPath + [field.key, IndexKey(index)], debugDescription: $0))
                    })
                }
                numbers[field.slot] = values
            } else {
                var values: [String] = []
                while !list.isAtEnd {
                    values.append(try list.decode(String.self))
                }
                texts[field.slot] = values
            }
        }
    }

    /// A value of a number field: nil for "", else a number (a chance of rain: a whole one from 0 to 100).
    private static func number(_ text: String, field: AgencySeries.Field, error: (String) -> DecodingError) throws -> Double? {
        let trimmed = NumberText.normalize(text)
        if trimmed.isEmpty { return nil }
        guard let value = Double(trimmed), value.isFinite else {
            throw error("expected a number in a string, found \"\(text)\"")
        }
        if field == .pops, value.rounded() != value || !(0...100).contains(value) {
            throw error("expected a chance of rain from 0 to 100, found \"\(text)\"")
        }
        return value
    }
}

extension UnkeyedDecodingContainer {
    /// The objects left in the array, each read by `read`.
    mutating func objects<T>(_ read: (KeyedDecodingContainer<JSONKey>) throws -> T) throws -> [T] {
        var objects: [T] = []
        while !isAtEnd { objects.append(try read(nestedContainer(keyedBy: JSONKey.self))) }
        return objects
    }
}

/// An array index in the path of an error.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
