/// One value of a station in the agency's map file: `[value, flag]`.
///
/// The flag says what the number is (the agency's symbols in brackets):
///
/// | flag | meaning | read as |
/// |---|---|---|
/// | 0 | 正常, normal | the value |
/// | 1 | 準正常 「)」, quasi-normal | the value |
/// | 2, 3 | 疑問, 利用不適 「#」, doubtful or unfit | none |
/// | 4 | 資料不足 「]」, incomplete period | the value, marked |
/// | 5 | 計画欠測, not observed by plan (snow in summer) | none |
/// | 6 | 障害欠測, missing | none |
/// | 7 | 未実施, not done | none |
/// | null | not observed at this station | none |
///
/// Real files hold numbers beside the flags that mean "none" (`snow [162, 5]`, `snow1h [0, 6]`, `snow1h [0, null]`):
/// they are not measurements, and printing them is the mistake other readers of these files make.
struct AmedasReading: Decodable, Sendable, Equatable {
    /// The number as the file writes it, or nil for `null`.
    let value: Double?
    /// The quality flag, or nil for `null`.
    let flag: Int?

    /// Reads `[value, flag]`; an element that is missing reads as `null`. A value of another
    /// shape (`{"hour": 3, "minute": 43}`, a number in a string) is no measurement: it reads as
    /// `[null, null]` rather than costing the station's other values.
    init(from decoder: any Decoder) {
        guard var pair = try? decoder.unkeyedContainer() else {
            (value, flag) = (nil, nil)
            return
        }
        value = Self.next(&pair, Double.self)
        flag = value == nil ? nil : Self.next(&pair, Int.self)
    }

    private static func next<T: Decodable>(_ pair: inout any UnkeyedDecodingContainer, _ type: T.Type) -> T? {
        if pair.isAtEnd { return nil }
        if (try? pair.decodeNil()) == true { return nil }
        return try? pair.decode(type)
    }

    /// The value if its flag makes it a measurement (0, 1 or 4), else nil.
    var measured: Double? {
        guard let value, let flag, [0, 1, 4].contains(flag) else { return nil }
        return value
    }
}
