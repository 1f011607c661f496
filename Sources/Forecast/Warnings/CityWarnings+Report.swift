/// The warnings in force as every format prints them: a row per warning, highest level first.
///
/// TSV's columns are `level code warning status reported`; a city with nothing in force has one row of level 0, its
/// code, name and status empty and `reported` the file's newest time, so that a script tells "none" from "not fetched".
/// JSON's `warnings` array holds each warning's `level`, `code`, `warning`, `status`, `public_time` and `additions`,
/// and is empty for none. The line and a template write every warning on one line, each one's end marked
/// (`千葉 大雨特別警報、雷注意報`, `Chiba heavy rain emergency warning, thunderstorm advisory`, `東京 -`); waybar's
/// class is the highest level's name.
extension CityWarnings: CityReport {
    /// A row per warning in force (none when nothing is: the layout shows that row itself).
    public var rowCount: Int { warnings.count }

    /// The warnings' fields, line, placeholders and table.
    public static let layout = ReportLayout<CityWarnings>(
        fields: [
            // The none-row's level is 0; an unknown code's is empty.
            field("level") { warning, _, _ in .whole(warning == nil ? 0 : warning?.level) },
            field("code") { warning, _, _ in .text(warning?.code) },
            field("warning") { warning, _, language in .text(warning?.name(in: language)) },
            field("status") { warning, _, language in .text(warning?.status(in: language)) },
            // The telegram's publication: a time of the file, as the forecasts' `public_time` is theirs.
            field("reported", json: "public_time") { warning, city, _ in .time(warning?.reported ?? city.reported) },
            field("additions", .json) { warning, _, language in .texts(warning?.additions(in: language) ?? []) },
        ],
        members: { result, _ in
            guard let warnings = result.value else { return [] }
            return [("office", .string(warnings.office)), ("public_time", .time(warnings.reported)), ("source", .string("jma"))]
        },
        place: { _ in nil },
        published: \.reported,
        line: { warnings, _, style in warnings.line(in: style.language) },
        placeholder: { placeholder, warnings, _, style in
            // %C, the weather phrase elsewhere, is here what is in force: the line's words. The forecasts' and the
            // observations' own have nothing here; the city's come from the result.
            placeholder == .weather ? warnings.line(in: style.language)
                : placeholder == .date ? String(warnings.reported.prefix(10)) : nil
        },
        table: TableDesign(
            columns: { language in
                let english = language == .en
                let wide = language.columnGap
                return [
                    column(.init("level", width: english ? 5 : 6, gap: wide, right: true, wraps: false), "レベル", "level") { warning, _, _ in
                        (warning.map { $0.level.map(String.init) ?? "?" } ?? "-", paint(warning))
                    },
                    // As wide as the longest Japanese name (土砂災害特別警報, 16 cells), additions
                    // wrapping under it; in English up to a name with its additions.
                    column(.init("warning", width: english ? 14 : 16, upTo: english ? 37 : nil, gap: wide), "警報・注意報", "warning") {
                        warning, _, style in
                        guard let warning else { return (style.language == .en ? "none" : "なし", .dim) }
                        let added = warning.additions(in: style.language)
                        let additions = added.isEmpty ? "" : " (" + added.joined(separator: style.language.listSeparator) + ")"
                        return (ValueText.field(warning.name(in: style.language) + additions), paint(warning))
                    },
                    column(.init("status", width: english ? 14 : 8, upTo: english ? 26 : 18, gap: wide), "状況", "status") { warning, _, style in
                        (ValueText.field(warning?.status(in: style.language) ?? ""), .none)
                    },
                    column(.init("reported", width: 11, gap: wide, wraps: false), "発表", "reported") { warning, city, _ in
                        (ValueText.field(ValueText.shortTime(warning?.reported ?? city.reported)), .dim)
                    },
                ]
            },
            steps: { _ in [.drop("reported"), .drop("id"), .drop("status"), .drop("level"), .drop("city")] },
            groups: { _ in [] }),
        rowsKey: "warnings",
        showsNone: true,
        wholeLine: true,
        barClass: { warnings in
            switch warnings.highestLevel {
            case 5: (5, "emergency")
            case 4: (4, "danger")
            case 3: (3, "warning")
            case 2: (2, "advisory")
            // Codes the table does not know, and nothing else: more than none, less than an advisory.
            default: warnings.warnings.isEmpty ? (0, "none") : (1, "unknown")
            }
        },
        // %S and %s: the sunrise and sunset of the day they were read on, today.
        day: { warnings, _ in warnings.readOn })

    /// What is in force on one line: the names, highest first, between the language's list separators (an English
    /// name has spaces of its own), or `-` for none.
    func line(in language: Language) -> String {
        Self.line(warnings, in: language)
    }

    /// `warnings` as a line: their names, each one's end marked; `-` for none.
    static func line(_ warnings: [Warning], in language: Language) -> String {
        warnings.isEmpty ? "-" : warnings.map { $0.name(in: language) }.joined(separator: language.listSeparator)
    }
}

/// A table's paint of a warning: red for an emergency or danger warning (5, 4), yellow for a
/// warning (3), none for an advisory or an unknown code.
func paint(_ warning: Warning?) -> TableCell.Style {
    switch warning?.level {
    case 5?, 4?: .red
    case 3?: .yellow
    default: .none
    }
}

/// A field of the warning at the row's index (nil for the none-row).
private func field(
    _ name: String, _ formats: Field<CityWarnings>.Formats = .both, json key: String? = nil,
    _ value: @escaping @Sendable (Warning?, CityWarnings, Language) -> FieldValue
) -> Field<CityWarnings> {
    Field(name, formats, json: key) { warnings, row, language in value(warnings.warnings.indices.contains(row) ? warnings.warnings[row] : nil, warnings, language) }
}

/// A table column whose cells read the warning at the row's index (nil for the none-row).
private func column(
    _ column: ColumnLayout<String>.Column, _ ja: String, _ en: String,
    cell: @escaping @Sendable (Warning?, CityWarnings, TextStyle) -> (String, TableCell.Style)
) -> TableColumn<CityWarnings> {
    TableColumn(column, ja, en) { warnings, row, style in
        cell(warnings.warnings.indices.contains(row) ? warnings.warnings[row] : nil, warnings, style)
    }
}

extension CityWarnings {
    /// Codes the tool does not know: which, and how they are shown.
    public func verboseNote(for city: City) -> String? {
        let unknown = warnings.filter { $0.kind == nil }.map(\.code)
        guard !unknown.isEmpty else { return nil }
        return "forecast: \(city.id) \(city.name): the warning file \(office).json has codes the tool does not know "
            + "(\(unknown.joined(separator: ", "))): shown as 不明な警報・注意報, with no level"
    }
}
