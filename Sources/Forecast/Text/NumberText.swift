import CurlHTTP

/// Numbers as text: the clean-up of what people and the API write with full-width characters (the city arguments of the
/// command line, the number fields of a response), and the one way a number is printed.
package enum NumberText {
    /// A number (of seconds, too) as the API writes it and people read it: "12", "-1", "57.2", "0.5".
    package static func decimal(_ value: Double) -> String {
        CurlError.format(seconds: value)
    }

    /// A number with one decimal always, as the agency's observations are measured: "29.1",
    /// "12.0", "0.0", "-3.5"; rounded half away from zero.
    package static func tenths(_ value: Double) -> String {
        let tenths = (value * 10).rounded(.toNearestOrAwayFromZero)
        guard tenths.magnitude < 1e15 else { return decimal(value) }
        let whole = Int(tenths.magnitude)
        return (tenths < 0 ? "-" : "") + "\(whole / 10).\(whole % 10)"
    }

    /// A point on Earth as the table's footer of the sun names it: "35.6917N 139.7500E", four
    /// decimals (about ten metres), south and west as S and W.
    package static func coordinates(latitude: Double, longitude: Double) -> String {
        fourPlaces(latitude.magnitude) + (latitude < 0 ? "S" : "N") + " " + fourPlaces(longitude.magnitude) + (longitude < 0 ? "W" : "E")
    }

    /// Degrees with four decimals always, south and west negative: "35.6917", "139.7500", "-0.1000".
    package static func degrees(_ value: Double) -> String {
        (value < 0 ? "-" : "") + fourPlaces(value.magnitude)
    }

    /// A number of at least 0 with four decimals always: "35.6917", "139.7500".
    private static func fourPlaces(_ value: Double) -> String {
        let units = Int((value * 10_000).rounded())
        let fraction = String(units % 10_000)
        return "\(units / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }

    /// Full-width digits, plus and minus signs, point and percent (and U+2212 MINUS SIGN) turned
    /// into ASCII, and surrounding white space (U+3000 included) removed.
    static func normalize(_ text: String) -> String {
        // What the API sends ("27", "-1", "57.2", "10%", "--%"): printable ASCII without
        // spaces, already normal. Checking bytes is far cheaper than rebuilding the string.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFF10...0xFF19, 0xFF05, 0xFF0B, 0xFF0D, 0xFF0E:
                out.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            case 0x2212:
                out.append("-")
            default:
                out.append(scalar)
            }
        }
        let normalized = String(out)
        guard let start = normalized.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let end = normalized.lastIndex(where: { !$0.isWhitespace })!
        return String(normalized[start...end])
    }
}
