/// `--format`: a format's name, or a template (any value with a `%`).
package enum OutputFormat: Equatable, Sendable {
    case auto, table, tsv, json, line, detail
    /// One JSON object for waybar's custom modules (`{"text", "tooltip", "class", "alt"}`).
    case waybar
    /// `--format '%l %c %H°'`: the template, one line per city.
    case template(FormatTemplate)

    /// The formats that have a name, in the order help lists them.
    package static let named: [OutputFormat] = [.auto, .table, .tsv, .json, .line, .detail, .waybar]

    /// Their names, for help and completion.
    package static var names: [String] { named.map(\.name) }

    /// Parses a `--format` value: a name, or a template whose placeholders are all known.
    package static func parse(_ argument: String) throws(UsageError) -> OutputFormat {
        if FormatTemplate.isTemplate(argument) {
            do {
                return .template(try FormatTemplate(argument))
            } catch {
                throw UsageError("--format: \(error.description)")
            }
        }
        guard let format = named.first(where: { $0.name == argument }) else {
            let rule = "--format must be \(names.joined(separator: ", ")) or a template with % placeholders"
            if let close = EditDistance.closest(to: argument, among: names) {
                throw UsageError("\(rule) (got \(argument)); did you mean \(close)?")
            }
            throw UsageError("\(rule) (got \(argument); forecast --help lists the placeholders)")
        }
        return format
    }

    /// The format's name, as `--format` takes it; "template" for a template.
    package var name: String {
        switch self {
        case .auto: "auto"
        case .table: "table"
        case .tsv: "tsv"
        case .json: "json"
        case .line: "line"
        case .detail: "detail"
        case .waybar: "waybar"
        case .template: "template"
        }
    }

    /// True for the formats of one line per city (line, a template): one day unless --days says more.
    package var isOneLine: Bool {
        if case .template = self { return true }
        return self == .line
    }

    /// True for the formats a status bar reads, which `--watch` prints: line, a template, waybar.
    package var isForBars: Bool {
        isOneLine || self == .waybar
    }

    /// Every named format but these.
    package static func all(but excluded: [OutputFormat]) -> [OutputFormat] {
        named.filter { !excluded.contains($0) }
    }
}
