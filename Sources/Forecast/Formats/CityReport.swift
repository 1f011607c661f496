/// What a city's value shows the formatters, whatever its source: its rows (a day each, for
/// the forecasts) and one ``ReportLayout`` that says how every format prints them.
///
/// The formatters (``TSVFormatter``, ``JSONFormatter``, ``LineFormatter``,
/// ``TemplateFormatter``, ``TableFormatter``, ``WaybarFormatter``) are written once against
/// this protocol: a new source brings its value's fields, not new formatters. The 3-day
/// forecast (``CityForecast``) and the week (``WeeklyForecast``) conform.
public protocol CityReport: Sendable {
    /// One row: a day of the forecast, a day of the week.
    associatedtype Row
    /// The rows, in order.
    var rows: [Row] { get }
    /// How every format prints the value.
    static var layout: ReportLayout<Self> { get }
}

/// How every format prints one kind of ``CityReport``: the fields of its rows as TSV and JSON
/// name them, what the line, a template and waybar take from a row, and its table's columns.
/// Made by the value's own folder (`API/CityForecast+Report.swift`,
/// `AgencyForecast/WeeklyForecast+Report.swift`).
public struct ReportLayout<Report: CityReport>: Sendable {
    /// A row's values, in order: TSV's columns after id, city and prefecture (those marked
    /// for it), and the members of JSON's day objects.
    let fields: [Field<Report.Row>]
    /// JSON's members of a city after its id, name and prefecture, before its days.
    let members: @Sendable (CityResult<Report>, Language) -> [(String, JSONText)]
    /// The city's name and prefecture as the value has them (the API's location), or nil for
    /// the catalog's.
    let place: @Sendable (Report) -> (city: String, prefecture: String)?
    /// When the value was published, as ISO 8601: the table's footer.
    let published: @Sendable (Report) -> String
    /// A row on the line format, before the untrusted-text gate; `index` 0 is the first row,
    /// which follows the city's name.
    let line: @Sendable (Report.Row, _ index: Int, Language) -> String
    /// What a template's placeholder prints for a row; nil prints as `-`.
    let placeholder: @Sendable (FormatTemplate.Placeholder, Report.Row, Language) -> String?
    /// A row's weather code, for waybar's class; nil when unknown.
    let weatherCode: @Sendable (Report.Row) -> WeatherCode?
    /// The table's columns.
    let table: TableDesign<Report.Row>
}

/// One value of a row, as TSV and JSON print it.
struct Field<Row>: Sendable {
    /// Where it is printed.
    enum Formats: Sendable {
        case both, tsv, json
    }

    /// TSV's column name and JSON's key: "min_c".
    let name: String
    let formats: Formats
    let value: @Sendable (Row, Language) -> FieldValue

    init(_ name: String, _ formats: Formats = .both, _ value: @escaping @Sendable (Row, Language) -> FieldValue) {
        self.name = name
        self.formats = formats
        self.value = value
    }
}

/// A field's value; nil is unknown: an empty TSV field, JSON's `null`.
enum FieldValue {
    case text(String?)
    case number(Double?)
    case whole(Int?)

    /// As TSV prints it: text through the gate, a number as the API writes it.
    var tsv: String {
        switch self {
        case .text(let text): ValueText.field(text)
        case .number(let number): ValueText.number(number) ?? ""
        case .whole(let whole): whole.map(String.init) ?? ""
        }
    }

    /// As JSON prints it.
    var json: JSONText {
        switch self {
        case .text(let text): .string(text)
        case .number(let number): .number(number)
        case .whole(let whole): .number(whole)
        }
    }
}

/// A table's columns after the city's ID and name: each as wide as it is when shown, the steps
/// that make the table narrower, and the labels over runs of columns in the first header line.
struct TableDesign<Row>: Sendable {
    let columns: @Sendable (Language) -> [TableColumn<Row>]
    /// The drop sequence, from the full table (``ColumnLayout``); it may drop `id` and `city`.
    let steps: @Sendable (Language) -> [ColumnLayout<String>.Step]
    /// Labels over runs of columns, by their keys.
    let groups: @Sendable (TableStyle) -> [(keys: [String], text: String)]
}

/// A column of a table: its place, its names in the header, and its cell in a row.
struct TableColumn<Row>: Sendable {
    let column: ColumnLayout<String>.Column
    /// The header's name in Japanese and in English.
    let title: (ja: String, en: String)
    /// Whether it is shown only where a step merges others into it (not in the full table).
    let merged: Bool
    /// The cell's text (through the gate) and paint.
    let cell: @Sendable (Row, TableStyle) -> (String, TableCell.Style)

    init(
        _ column: ColumnLayout<String>.Column, _ ja: String, _ en: String, merged: Bool = false,
        cell: @escaping @Sendable (Row, TableStyle) -> (String, TableCell.Style)
    ) {
        self.column = column
        title = (ja, en)
        self.merged = merged
        self.cell = cell
    }
}

/// What a table's cells depend on besides their row.
struct TableStyle: Sendable {
    var language: Language
    var fahrenheit: Bool
}
