/// JSON string escaping as the real API emits it (PHP's `JSON_UNESCAPED_UNICODE |
/// JSON_UNESCAPED_SLASHES`): quotes, backslashes and control characters are escaped; non-ASCII
/// text and `/` are written as they are.
enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` escaped for use between the quotes of a JSON string.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A pretty-printed object of string members, 4-space indented like the API's bodies:
    /// `{\n    "key": "value"\n}`. Values that are already JSON go in ``Member/raw(_:_:)``.
    static func object(_ members: [Member], indent: Int = 0) -> String {
        let outer = String(repeating: " ", count: indent)
        let inner = String(repeating: " ", count: indent + 4)
        if members.isEmpty {
            return "{}"
        }
        let lines = members.map { member in
            switch member {
            case .string(let key, let value): inner + quoted(key) + ": " + quoted(value)
            case .raw(let key, let json): inner + quoted(key) + ": " + json
            }
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n" + outer + "}"
    }

    /// One member of ``object(_:indent:)``.
    enum Member {
        /// A string value, escaped when written.
        case string(String, String)
        /// A value that is already JSON text.
        case raw(String, String)
    }
}
