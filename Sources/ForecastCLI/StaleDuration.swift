/// The value of `--stale-if-error`: seconds, or a number with `s`, `m`, `h` or `d`
/// ("90", "90s", "45m", "6h", "2d").
struct StaleDuration: Sendable, Equatable {
    /// Whole seconds, at least 1.
    let seconds: Int64

    /// The longest: a year. Beyond it a number is a typo (and may overflow).
    static let longest: Int64 = 366 * 86_400

    init?(argument: String) {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var text = Substring(argument)
        var unit: Int64 = 1
        if let last = text.last, let multiplier = units[last] {
            unit = multiplier
            text = text.dropLast()
        }
        guard !text.isEmpty, text.allSatisfy(\.isASCII), let number = Double(text), number.isFinite, number > 0 else {
            return nil
        }
        let total = (number * Double(unit)).rounded()
        guard total >= 1, total <= Double(Self.longest) else { return nil }
        seconds = Int64(total)
    }
}
