#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writing a ``JSONValue`` as text, in the two layouts the imitated servers use.
extension JSONValue {
    enum Layout: Sendable {
        /// No whitespace at all, as the agency's forecast files: `[{"a":"b"}]`.
        case compact
        /// Four-space indentation and `": "` after names, as the API's bodies (PHP's
        /// `JSON_PRETTY_PRINT`) and the agency's overviews.
        case pretty

        /// The layout of an existing text: pretty when a line break comes before its last byte.
        init(of bytes: some Collection<UInt8>) {
            self = bytes.dropLast().contains(0x0A) ? .pretty : .compact
        }
    }

    /// The value as JSON text; strings escaped as ``quoted(_:)`` does.
    func text(_ layout: Layout) -> String {
        var output = ""
        write(to: &output, layout: layout, indent: 0)
        return output
    }

    private func write(to output: inout String, layout: Layout, indent: Int) {
        let items: [(key: String?, value: JSONValue)]
        let brackets: (open: String, close: String)
        switch self {
        case .null: return output += "null"
        case .bool(let value): return output += value ? "true" : "false"
        case .number(let text): return output += text
        case .string(let text): return output += Self.quoted(text)
        case .array(let elements): (items, brackets) = (elements.map { (nil, $0) }, ("[", "]"))
        case .object(let members): (items, brackets) = (members.map { ($0.key, $0.value) }, ("{", "}"))
        }
        output += brackets.open
        for (index, item) in items.enumerated() {
            if index > 0 { output += "," }
            if layout == .pretty { output += "\n" + String(repeating: " ", count: indent + 4) }
            if let key = item.key { output += Self.quoted(key) + (layout == .pretty ? ": " : ":") }
            item.value.write(to: &output, layout: layout, indent: indent + 4)
        }
        if layout == .pretty, !items.isEmpty { output += "\n" + String(repeating: " ", count: indent) }
        output += brackets.close
    }

    /// `text` as a JSON string literal, quotes included, escaped as the real API escapes (PHP's `JSON_UNESCAPED_UNICODE
    /// | JSON_UNESCAPED_SLASHES`): quotes, backslashes and control characters are escaped (`\n`, `\b`, `\u001f`);
    /// non-ASCII text and `/` are written as they are. Foundation's `JSONEncoder` without escaped slashes writes that.
    /// (PHP also escapes U+2028 and U+2029, which no body the mock writes holds.)
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
