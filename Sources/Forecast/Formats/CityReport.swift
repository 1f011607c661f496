internal import JapanTime

/// What a city's value shows the formatters, whatever its source: a number of rows (a day
/// each, for the forecasts) and one ``ReportLayout`` that says how every format prints them.
///
/// The formatters (``TSVFormatter``, ``JSONFormatter``, ``LineFormatter``, ``TemplateFormatter``, ``TableFormatter``,
/// ``WaybarFormatter``) are written once against this protocol: a new source brings its value's fields, not new
/// formatters. Each source's value conforms in its own folder.
///
/// A row is named by its index: the layout's closures, written in the value's own folder, read the row they are given,
/// so a formatter never needs the row's type. (A formatter runs as unspecialized generic code behind `any
/// ResultFormatter`; an associated type there would cost every run the runtime's look-up of its metadata.)
public protocol CityReport: Sendable {
    /// How many rows the value has.
    var rowCount: Int { get }
    /// How every format prints the value.
    static var layout: ReportLayout<Self> { get }
    /// A `--verbose` note of its own for `city`, when it has more to say than the request's
    /// line (a week without temperatures names the points it looked for); nil for none.
    func verboseNote(for city: City) -> String?
    /// Why the value, printed all the same, fails its city (observations over 3 hours old); nil for none.
    var problem: ForecastError? { get }
    /// The value's own time, in seconds since 1970 (a forecast's publication, an observation's): what its age counts
    /// from; nil for a value of no time (the sun's).
    var dataTime: Int? { get }
    /// The moment (seconds since 1970) after which a value of data time `time` is older than its source should serve:
    /// then every format but TSV and templates marks it stale; nil for never (the warnings, whose file is issued only
    /// when something changes).
    static func staleSince(_ time: Int) -> Int?
}

extension CityReport {
    /// None.
    public func verboseNote(for city: City) -> String? { nil }
    /// None.
    public var problem: ForecastError? { nil }
    /// The time its layout's `published` gives (the table's footer), if that is one.
    public var dataTime: Int? { JST.parseInstant(Self.layout.published(self)) }
    /// Never.
    public static func staleSince(_ time: Int) -> Int? { nil }
}

/// How every format prints one kind of ``CityReport``: the fields of its rows as TSV and JSON
/// name them, what the line, a template and waybar take from a row, and its table's columns.
/// Made once by the value's own folder (`API/CityForecast+Report.swift`,
/// `AgencyForecast/WeeklyForecast+Report.swift`); a class, so that handing it out copies nothing.
///
/// Its parameter asks only `Sendable` (a marker, with nothing to look up at run time): a constraint to ``CityReport``
/// would cost each run a search of the binary's conformances when the layout's metadata is first made.
public final class ReportLayout<Report: Sendable>: Sendable {
    /// A row's values, in order: TSV's columns after id, city and prefecture (those marked
    /// for it), and the members of JSON's day objects.
    let fields: [Field<Report>]
    /// The fields TSV prints in metric units, and those JSON's day objects have.
    private let metricTSV: [Field<Report>]
    private let metricJSON: [Field<Report>]
    /// JSON's members of a city after its id, name and prefecture, before its days.
    let members: @Sendable (CityResult<Report>, Language) -> [(String, JSONText)]
    /// The city's name and prefecture as the value has them (the API's location), or nil for the catalog's.
    let place: @Sendable (Report) -> (city: String, prefecture: String)?
    /// When the value was published, as ISO 8601: the table's footer.
    let published: @Sendable (Report) -> String
    /// Row `row` on the line format, before the untrusted-text gate; row 0 follows the city's name.
    let line: @Sendable (Report, _ row: Int, TextStyle) -> String
    /// What a template's placeholder prints for a row; nil prints as `-`.
    let placeholder: @Sendable (FormatTemplate.Placeholder, Report, _ row: Int, TextStyle) -> String?
    /// A row's weather code, for waybar's class; nil when unknown.
    let weatherCode: @Sendable (Report, _ row: Int) -> WeatherCode?
    let table: TableDesign<Report>
    /// JSON's key of the array of rows (`days`), or nil for a value of one row, whose fields
    /// are members of the city's object itself (the observations).
    let rowsKey: String?
    /// The word before the time in the table's footer: 発表 (Published), 観測 (Observed).
    let timeLead: (ja: String, en: String)
    /// Whether a value read from the agency's file stands in for another source's (the 3-day
    /// forecast's, in the API's place): waybar's class then says `fallback`.
    let agencyStandsIn: Bool
    /// Whether a value without rows still shows one (the warnings' "nothing in force": TSV's
    /// level-0 row, the line's `-`, the table's なし); JSON's array stays empty.
    let showsNone: Bool
    /// Whether the line and a template write the whole value on one line, from row 0 (the
    /// warnings in force, one after the other), rather than a line part per row.
    let wholeLine: Bool
    /// Waybar's class of a value, ranked (the highest rank among the cities is the bar's),
    /// in place of the first city's weather; nil for the weather's.
    let barClass: (@Sendable (Report) -> (rank: Int, name: String))?
    /// The day ("YYYY-MM-DD") a row is about, for what other sources add to a template (``TemplateAddition``): by
    /// default the row's `%d`; the warnings, whose `%d` is a report's, are about today.
    let day: @Sendable (Report, _ row: Int) -> String?

    init(
        fields: [Field<Report>], members: @escaping @Sendable (CityResult<Report>, Language) -> [(String, JSONText)],
        place: @escaping @Sendable (Report) -> (city: String, prefecture: String)?, published: @escaping @Sendable (Report) -> String,
        line: @escaping @Sendable (Report, Int, TextStyle) -> String,
        placeholder: @escaping @Sendable (FormatTemplate.Placeholder, Report, Int, TextStyle) -> String?,
        weatherCode: @escaping @Sendable (Report, Int) -> WeatherCode? = { _, _ in nil }, table: TableDesign<Report>,
        rowsKey: String? = "days", timeLead: (ja: String, en: String) = ("発表", "Published"), agencyStandsIn: Bool = false,
        showsNone: Bool = false, wholeLine: Bool = false, barClass: (@Sendable (Report) -> (rank: Int, name: String))? = nil,
        day: (@Sendable (Report, Int) -> String?)? = nil
    ) {
        self.day = day ?? { report, row in placeholder(.date, report, row, .ja) }
        self.agencyStandsIn = agencyStandsIn
        self.showsNone = showsNone
        self.wholeLine = wholeLine
        self.barClass = barClass
        self.rowsKey = rowsKey
        self.timeLead = timeLead
        self.fields = fields
        metricTSV = fields.filter { $0.formats != .json && $0.units != .imperial }
        metricJSON = fields.filter { $0.formats != .tsv && $0.units != .imperial }
        self.members = members
        self.place = place
        self.published = published
        self.line = line
        self.placeholder = placeholder
        self.weatherCode = weatherCode
        self.table = table
    }

    /// The fields TSV prints in `units`.
    func tsvFields(_ units: Units) -> [Field<Report>] {
        units == .metric ? metricTSV : fields.filter { $0.formats != .json && $0.units != .metric }
    }

    /// TSV's header after id, city and prefecture, in `units`.
    func tsvNames(_ units: Units) -> [String] {
        tsvFields(units).map { $0.name(units) }
    }

    /// The fields JSON's rows have in `units`.
    func jsonFields(_ units: Units) -> [Field<Report>] {
        units == .metric ? metricJSON : fields.filter { $0.formats != .tsv && $0.units != .metric }
    }
}

/// One value of a row, as TSV and JSON print it.
struct Field<Report>: Sendable {
    /// Where it is printed.
    enum Formats: Sendable {
        case both, tsv, json
    }

    /// TSV's column name: "min_c".
    let name: String
    /// JSON's key: the column's name, or the key GUIDE's JSON schema gives the meaning where TSV's column keeps an
    /// older name (the 3-hourly forecast's `pop` is JSON's `rain`, as in the week).
    let key: String
    let formats: Formats
    /// What it measures where `--units` changes it (a temperature, a wind speed): its value is given in °C or m/s,
    /// and its name and key say `c` or `ms` for the formatter to replace; nil for a value of no such unit.
    let quantity: Units.Quantity?
    /// The units it is printed in alone (the API's own °F of the 3-day forecast, `min_f`, only beside the °C of
    /// metric); nil for both.
    let units: Units?
    /// The value of a row of a value.
    let value: @Sendable (Report, _ row: Int, Language) -> FieldValue

    init(
        _ name: String, _ formats: Formats = .both, json key: String? = nil, measure quantity: Units.Quantity? = nil,
        only units: Units? = nil, _ value: @escaping @Sendable (Report, Int, Language) -> FieldValue
    ) {
        self.name = name
        self.key = key ?? name
        self.formats = formats
        self.quantity = quantity
        self.units = units
        self.value = value
    }

    /// TSV's column name in `units`: "min_f".
    func name(_ units: Units) -> String {
        quantity.map { units.name(name, $0) } ?? name
    }

    /// JSON's key in `units`.
    func key(_ units: Units) -> String {
        quantity.map { units.name(key, $0) } ?? key
    }

    /// The value of row `row` of `report` in `style`'s language and units.
    func printed(_ report: Report, _ row: Int, _ style: TextStyle) -> FieldValue {
        let value = value(report, row, style.language)
        guard let quantity, style.units != .metric else { return value }
        return value.converted(quantity, style.units)
    }
}

/// A field's value; nil is unknown: an empty TSV field, JSON's `null`.
enum FieldValue {
    case text(String?)
    case number(Double?)
    /// A measurement, printed with one decimal always: "12.0".
    case tenths(Double?)
    case whole(Int?)
    /// A list of texts: JSON's array; TSV's words joined by commas.
    case texts([String])
    /// An instant as its source writes it ("2026-11-29T05:10+09:00"): TSV keeps that form, JSON writes every time
    /// in one, `JSONText.time`'s.
    case time(String?)

    /// As TSV prints it: text through the gate, a number as the API writes it.
    var tsv: String {
        switch self {
        case .text(let text): ValueText.field(text)
        case .number(let number): ValueText.number(number) ?? ""
        case .tenths(let number): number.map(NumberText.tenths) ?? ""
        case .whole(let whole): whole.map(String.init) ?? ""
        case .texts(let texts): ValueText.field(texts.joined(separator: ","))
        case .time(let time): ValueText.field(time)
        }
    }

    /// A value in °C or m/s, in `units`: a number rounded to one decimal (a whole °C is exact in °F), a measurement
    /// kept to one, a whole number rounded to one.
    func converted(_ quantity: Units.Quantity, _ units: Units) -> FieldValue {
        switch self {
        case .number(let number): .number(number.map { (units.convert($0, quantity) * 10).rounded(.toNearestOrAwayFromZero) / 10 })
        case .tenths(let number): .tenths(number.map { units.convert($0, quantity) })
        case .whole(let whole): .whole(whole.map { Int(units.convert(Double($0), quantity).rounded(.toNearestOrAwayFromZero)) })
        case .text, .texts, .time: self
        }
    }

    /// As JSON prints it.
    var json: JSONText {
        switch self {
        case .text(let text): .string(text)
        case .number(let number): .number(number)
        case .tenths(let number): .raw(number.map(NumberText.tenths) ?? "null")
        case .whole(let whole): .number(whole)
        case .texts(let texts): .array(texts.map { .string($0) })
        case .time(let time): .time(time)
        }
    }
}

/// A table's columns after the city's ID and name: each as wide as it is when shown, the steps
/// that make the table narrower, and the labels over runs of columns in the first header line.
struct TableDesign<Report>: Sendable {
    let columns: @Sendable (Language) -> [TableColumn<Report>]
    /// The drop sequence, from the full table (``ColumnLayout``); it may drop `id` and `city`.
    let steps: @Sendable (Language) -> [ColumnLayout<String>.Step]
    /// Labels over runs of columns, by their keys.
    let groups: @Sendable (TextStyle) -> [(keys: [String], text: String)]
}

/// A column of a table: its place, its names in the header, and its cell in a row.
struct TableColumn<Report>: Sendable {
    let column: ColumnLayout<String>.Column
    /// The header's name in Japanese and in English.
    let title: (ja: String, en: String)
    /// Whether it is shown only where a step merges others into it (not in the full table).
    let merged: Bool
    /// The cell's text (through the gate) and paint in a row of a value.
    let cell: @Sendable (Report, _ row: Int, TextStyle) -> (String, TableCell.Style)

    init(
        _ column: ColumnLayout<String>.Column, _ ja: String, _ en: String, merged: Bool = false,
        cell: @escaping @Sendable (Report, Int, TextStyle) -> (String, TableCell.Style)
    ) {
        self.column = column
        title = (ja, en)
        self.merged = merged
        self.cell = cell
    }
}

/// A value whose row `index` is one element of its own (a forecast's day), so that its layout's fields and columns
/// are written against the element: the generic ``field(_:_:_:)`` and ``column(_:_:_:merged:cell:)``.
protocol RowReport: CityReport {
    associatedtype Row
    func row(_ index: Int) -> Row
}

/// A field of a ``RowReport``'s row.
func field<Report: RowReport>(
    _ name: String, _ formats: Field<Report>.Formats = .both, json key: String? = nil, measure quantity: Units.Quantity? = nil,
    only units: Units? = nil, _ value: @escaping @Sendable (Report.Row, Language) -> FieldValue
) -> Field<Report> {
    Field(name, formats, json: key, measure: quantity, only: units) { report, row, language in value(report.row(row), language) }
}

/// A table column whose cells read a ``RowReport``'s row.
func column<Report: RowReport>(
    _ column: ColumnLayout<String>.Column, _ ja: String, _ en: String, merged: Bool = false,
    cell: @escaping @Sendable (Report.Row, TextStyle) -> (String, TableCell.Style)
) -> TableColumn<Report> {
    TableColumn(column, ja, en, merged: merged) { report, row, style in cell(report.row(row), style) }
}

extension Language {
    /// The cells between two columns of a table: Japanese spaces its columns by two, English by one.
    var columnGap: Int { self == .en ? 1 : 2 }
}

/// What the text of a value depends on besides the value: the line's, a template's, a table's cells.
struct TextStyle: Sendable {
    var language: Language
    var units: Units

    /// Japanese in metric units: the default.
    static let ja = TextStyle(language: .ja, units: .metric)
    /// English in metric units.
    static let en = TextStyle(language: .en, units: .metric)
}
