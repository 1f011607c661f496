#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON string escaping as the real API emits it (PHP's `JSON_UNESCAPED_UNICODE |
/// JSON_UNESCAPED_SLASHES`): quotes, backslashes and control characters are escaped (`\n`,
/// `\b`, `\u001f`); non-ASCII text and `/` are written as they are. Foundation's `JSONEncoder`
/// without escaped slashes writes that. (PHP also escapes U+2028 and U+2029, which no body
/// the mock writes holds.)
enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> String {
        // A string always encodes: JSONEncoder throws only for values JSON cannot hold
        // (a non-finite number), and for none of a string's.
        return String(decoding: try! encoder.encode(text), as: UTF8.self)
    }

    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }()

    /// `text` escaped for use between the quotes of a JSON string.
    static func escaped(_ text: String) -> String {
        String(quoted(text).dropFirst().dropLast())
    }
}
