import ArgumentParser
import Forecast

/// `--format`: a format's name, or a template (any value with a `%`).
enum OutputFormat: Equatable, Sendable {
    case auto, table, tsv, json, line, detail
    /// `--format '%l %c %H°'`: the template, one line per city.
    case template(FormatTemplate)

    /// The formats' names, for `--help` and completion.
    static let names = ["auto", "table", "tsv", "json", "line", "detail"]

    /// Parses a `--format` value: a name, or a template whose placeholders are all known.
    static func parse(_ argument: String) throws -> OutputFormat {
        if FormatTemplate.isTemplate(argument) {
            do {
                return .template(try FormatTemplate(argument))
            } catch {
                throw ValidationError(error.description)
            }
        }
        switch argument {
        case "auto": return .auto
        case "table": return .table
        case "tsv": return .tsv
        case "json": return .json
        case "line": return .line
        case "detail": return .detail
        default:
            throw ValidationError(
                "not a format: use \(names.joined(separator: ", ")), or a template with % placeholders (forecast --help lists them)")
        }
    }

    /// The name `--no-header`'s message uses.
    var name: String {
        switch self {
        case .auto: "auto"
        case .table: "table"
        case .tsv: "tsv"
        case .json: "json"
        case .line: "line"
        case .detail: "detail"
        case .template: "template"
        }
    }

    /// True for the formats of one line per city (line, a template): one day unless --days says more.
    var isOneLine: Bool {
        switch self {
        case .line, .template: true
        default: false
        }
    }
}

/// `--color`.
enum ColorMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
}

/// `--lang`.
enum LanguageOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case ja, en

    var language: Language {
        switch self {
        case .ja: .ja
        case .en: .en
        }
    }
}
