internal import JapanTime

/// One JSON array, one object per city in input order.
///
/// A city: `{"id", "city", "prefecture", …, "days": [{…}]}`: its ID and names, then the members its value's
/// ``ReportLayout`` gives (the 3-day forecast's `district`, `public_time` and `source`; the week's `office`,
/// `public_time`, `source` and `temperature_point`), and a day object per row with the layout's fields, each under the
/// key of GUIDE.md's JSON schema, the one key of one meaning in every command. Numbers are numbers, unknown values
/// `null`, every time in `JSONText.time`'s one form. A stale value has `"stale": true` before its days: data older
/// than its source should serve, or a copy shown for a failed fetch (`--stale-if-error`), which has `"fetched_at"` too.
/// A failed city: `{"id", "city", "error", "error_kind"}`, the kind one word of ``ForecastError/Kind`` ("timeout",
/// "http", "api", …).
public struct JSONFormatter: ResultFormatter {
    /// Rows (days) per city; at least one. All of them by default.
    public var days: Int
    /// The language of the values (the keys stay).
    public var language: Language
    /// The units of temperatures and wind speeds (and of their keys' names).
    public var units: Units = .metric
    /// A member before the days of what another source adds (with `--warnings`, each city's
    /// warnings of level 3 or more as `forecast warnings` writes them).
    public var decoration: (any CityDecoration)?

    /// Creates a formatter of `days` rows per city.
    public init(days: Int = .max, language: Language = .ja) {
        self.days = days
        self.language = language
    }

    public func prologue<Report: CityReport>(for report: Report.Type) -> String { "[" }

    public func epilogue<Report: CityReport>(for results: [CityResult<Report>]) -> String { "\n]\n" }

    public func block<Report: CityReport>(for result: CityResult<Report>, index: Int) -> String {
        let separator = index == 0 ? "\n  " : ",\n  "
        let name = result.name(language)
        guard let value = result.value else {
            let error = result.error
            return separator + JSONText.object([
                ("id", .string(result.city.id)), ("city", .string(name)),
                ("error", .string(error.map { "\($0)" } ?? "unknown error")),
                ("error_kind", .string((error?.kind ?? .other).rawValue)),
            ]).text
        }
        let layout = Report.layout
        let style = TextStyle(language: language, units: units)
        let days = result.rows(days).clamped(to: 0..<value.rowCount).map { row in
            JSONText.row(value, row, of: layout, style: style)
        }
        var members: [(String, JSONText)] = [
            ("id", .string(result.city.id)), ("city", .string(name)), ("prefecture", .string(result.prefecture(language))),
        ]
        members += layout.members(result, language)
        if let stale = result.stale {
            members.append(("stale", .raw("true")))
            if let fetched = stale.fetched { members.append(("fetched_at", .string(JST.iso(fetched)))) }
        }
        if let decoration {
            members.append((decoration.name, .raw(decoration.json(for: result.city.id, language: language))))
        }
        if let rowsKey = layout.rowsKey {
            members.append((rowsKey, .array(days)))
        } else if !result.rows(1).isEmpty {
            members += layout.jsonFields(units).map { ($0.key(units), $0.printed(value, 0, style).json) }
        }
        return separator + JSONText.object(members).text
    }
}

/// A piece of JSON, written as it goes: strings escaped, numbers as the API writes them, unknown values `null`.
package struct JSONText {
    package let text: String

    /// Text that is JSON already (`true`, an array).
    static func raw(_ text: String) -> JSONText { JSONText(text: text) }

    /// A number, or `null` for an unknown value.
    static func number(_ value: Double?) -> JSONText { JSONText(text: ValueText.number(value) ?? "null") }

    /// An instant in the one form every JSON of the tool writes a time in, Japan's offset with seconds
    /// ("2026-11-29T05:10:00+09:00"), whatever form its source gave it ("2026-11-29T05:10+09:00"); `null` for nil. A
    /// text that is not a time is written as it is.
    static func time(_ value: String?) -> JSONText {
        guard let value else { return JSONText(text: "null") }
        // A time to the minute ("…T05:10+09:00", the observations' and TSV's) is read with its seconds put in.
        let seconds = value.count == 22 ? String(value.prefix(16)) + ":00" + String(value.suffix(6)) : value
        return string((JST.parseInstant(value) ?? JST.parseInstant(seconds)).map(JST.iso) ?? value)
    }

    /// A whole number, or `null` for an unknown value.
    static func number(_ value: Int?) -> JSONText { JSONText(text: value.map(String.init) ?? "null") }

    /// An array of these elements, in order, on one line.
    package static func array(_ elements: [JSONText]) -> JSONText {
        JSONText(text: "[" + elements.map(\.text).joined(separator: ", ") + "]")
    }

    /// The object of row `row` of `value`: its layout's JSON fields.
    static func row<Report>(_ value: Report, _ row: Int, of layout: ReportLayout<Report>, style: TextStyle) -> JSONText {
        object(layout.jsonFields(style.units).map { ($0.key(style.units), $0.printed(value, row, style).json) })
    }

    /// An object of these members, in order, on one line.
    package static func object(_ members: [(String, JSONText)]) -> JSONText {
        JSONText(text: "{" + members.map { "\(string($0.0).text): \($0.1.text)" }.joined(separator: ", ") + "}")
    }

    /// A string literal, or `null` for nil. Non-ASCII text is written as it is (UTF-8), except the characters the
    /// untrusted-text gate stops (controls, DEL, C1, bidi overrides), which are escaped (`\u001b`, `\u009b`, `\u202e`):
    /// the text is kept, and no reader that prints a string raw gets a control from it.
    package static func string(_ value: String?) -> JSONText {
        guard let value else { return JSONText(text: "null") }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where UntrustedText.isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return JSONText(text: out + "\"")
    }
}
