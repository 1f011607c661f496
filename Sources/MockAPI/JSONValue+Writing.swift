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

    /// The value as JSON text; strings escaped as ``JSONText`` does (non-ASCII and `/` as they
    /// are).
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
        case .string(let text): output += JSONText.quoted(text)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, layout: layout, indent: indent) {
                element, output, indent in
                element.write(to: &output, layout: layout, indent: indent)
            }
        case .object(let members):
            let separator = layout == .pretty ? ": " : ":"
            writeContainer(members, open: "{", close: "}", to: &output, layout: layout, indent: indent) {
                member, output, indent in
                output += JSONText.quoted(member.key) + separator
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
}
