/// A text with `{{name}}` placeholders, split once so that filling it in is a single pass.
struct BodyTemplate: Sendable {
    enum Part: Sendable, Equatable {
        case text(String)
        case placeholder(String)
    }

    let parts: [Part]

    /// Splits `text` at `{{` … `}}`; an unclosed `{{` stays literal text.
    init(_ text: String) {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{"),
            let close = rest[open.upperBound...].firstRange(of: "}}")
        {
            parts.append(.text(String(rest[..<open.lowerBound])))
            parts.append(.placeholder(String(rest[open.upperBound..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        parts.append(.text(String(rest)))
        self.parts = parts
    }

    /// The names of the placeholders, in order of appearance.
    var placeholders: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// The text with each placeholder replaced by `values[name]` (left as `{{name}}` when absent).
    func render(_ values: [String: String]) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .placeholder(let name): values[name] ?? "{{\(name)}}"
            }
        }.joined()
    }
}
