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
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): output += Self.quoted(text)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, layout: layout, indent: indent) {
                element, output, indent in
                element.write(to: &output, layout: layout, indent: indent)
            }
        case .object(let members):
            let separator = layout == .pretty ? ": " : ":"
            writeContainer(members, open: "{", close: "}", to: &output, layout: layout, indent: indent) {
                member, output, indent in
                output += Self.quoted(member.key) + separator
                member.value.write(to: &output, layout: layout, indent: indent)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to output: inout String, layout: Layout, indent: Int,
        _ writeElement: (Element, inout String, Int) -> Void
    ) {
        output += open
        guard !elements.isEmpty else {
            output += close
            return
        }
        let inner = indent + 4
        for (index, element) in elements.enumerated() {
            if index > 0 { output += "," }
            if layout == .pretty { output += "\n" + String(repeating: " ", count: inner) }
            writeElement(element, &output, inner)
        }
        if layout == .pretty { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    /// `text` as a JSON string literal, quotes included, escaped as the real API escapes (PHP's
    /// `JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES`): quotes, backslashes and control
    /// characters are escaped (`\n`, `\b`, `\u001f`); non-ASCII text and `/` are written as they
    /// are. Foundation's `JSONEncoder` without escaped slashes writes that. (PHP also escapes
    /// U+2028 and U+2029, which no body the mock writes holds.)
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
