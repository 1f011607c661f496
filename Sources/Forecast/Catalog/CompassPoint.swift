/// A 16-point compass direction the wind blows from, or calm, as the agency's observations and forecasts give it:
/// the observations' `windDirection` code, 1 for NNE clockwise to 16 for N, and 0 for calm (静穏).
///
/// Two published descriptions of the files number the points 0 (north) to 15; the real files
/// hold 16 at dozens of stations, and 0 only with a wind of 0.2 m/s or less.
public enum CompassPoint: Int, Sendable, CaseIterable {
    /// Calm (静穏), code 0, then the points clockwise from NNE (1, 22.5°) to N (16, 0°).
    case calm = 0, nne, ne, ene, e, ese, se, sse, s, ssw, sw, wsw, w, wnw, nw, nnw, n

    /// The code TSV and JSON print in every language: "SSE", "calm".
    public var code: String {
        self == .calm ? "calm" : Self.codes[rawValue - 1]
    }

    /// The point of the agency's word for it ("南南東", "静穏"), as the observations and the 3-hourly forecast write it.
    public init?(japanese word: String) {
        guard let index = Self.japanese.firstIndex(of: word) else { return nil }
        self.init(rawValue: index)
    }

    /// The point in `language`: "SSE" or "南南東", "calm" or "静穏".
    public func name(in language: Language) -> String {
        language == .ja ? Self.japanese[rawValue] : code
    }

    private static let codes = [
        "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW", "N",
    ]
    private static let japanese = [
        "静穏", "北北東", "北東", "東北東", "東", "東南東", "南東", "南南東", "南", "南南西", "南西", "西南西", "西",
        "西北西", "北西", "北北西", "北",
    ]
}
