/// Turns results into text: a prologue, one block per city in input order, an epilogue.
///
/// Every formatter prints any ``CityReport``: a city's ``CityResult`` of the 3-day forecast, of the week, of any
/// source, each through its value's ``ReportLayout``. Blocks are independent so that a caller can write each city the
/// moment it is ready; the whole output is ``format(_:)``. Every formatter is a pure function of its input.
public protocol ResultFormatter: Sendable {
    /// Written before the first city (a header line, an opening bracket), possibly "".
    func prologue<Report: CityReport>(for report: Report.Type) -> String
    /// The text for one city; `index` is its position in the input (0 for the first).
    func block<Report: CityReport>(for result: CityResult<Report>, index: Int) -> String
    /// Written after the last city, possibly "": what depends on all of them (the table's
    /// publication times) when ``epilogueReadsResults`` says so.
    func epilogue<Report: CityReport>(for results: [CityResult<Report>]) -> String
    /// Whether ``epilogue(for:)`` reads the results. When false (the default), a caller that
    /// writes each city as it arrives need not keep them: `epilogue(for: [])` is the same text.
    var epilogueReadsResults: Bool { get }
}

extension ResultFormatter {
    /// "".
    public func prologue<Report: CityReport>(for report: Report.Type) -> String { "" }
    /// "".
    public func epilogue<Report: CityReport>(for results: [CityResult<Report>]) -> String { "" }
    /// False: by default the epilogue does not depend on the results.
    public var epilogueReadsResults: Bool { false }

    /// The whole output of a run: the prologue, every city's block in order, the epilogue.
    public func format<Report: CityReport>(_ results: [CityResult<Report>]) -> String {
        var text = prologue(for: Report.self)
        for (index, result) in results.enumerated() {
            text += block(for: result, index: index)
        }
        return text + epilogue(for: results)
    }
}

extension CityResult where Value: CityReport {
    /// The city's name as every format prints it: JMA's English name in English, else the
    /// value's own (the API's `location.city`), else the catalog's.
    public func name(_ language: Language) -> String {
        if language == .en, !city.english.isEmpty { return city.english }
        return value.flatMap { Value.layout.place($0)?.city } ?? city.name
    }

    /// The city's prefecture as every format prints it: the value's own, else the catalog's; in English its romaji.
    public func prefecture(_ language: Language) -> String {
        language.prefectureName(value.flatMap { Value.layout.place($0)?.prefecture } ?? city.prefecture)
    }

    /// The indices of the rows a formatter shows: the first `count`, and at least one (none for a city without a
    /// value). A value without rows has row 0 where its layout shows "none" (``ReportLayout/showsNone``).
    func rows(_ count: Int) -> Range<Int> {
        guard let value else { return 0..<0 }
        let rows = Value.layout.showsNone ? Swift.max(1, value.rowCount) : value.rowCount
        return 0..<Swift.min(rows, Swift.max(1, count))
    }

    /// The rows of the line format and of a template: row 0 alone where the layout writes
    /// the whole value on one line, else ``rows(_:)``.
    func lineRows(_ count: Int) -> Range<Int> {
        rows(Value.layout.wholeLine ? 1 : count)
    }
}

/// Shared rendering of values.
enum ValueText {
    /// A number as the API writes it: "12", "-1", "57.2"; nil for unknown.
    static func number(_ value: Double?) -> String? {
        value.map(NumberText.decimal)
    }

    /// Text from outside, through the gate: tabs and line breaks become spaces, so a value
    /// stays within its TSV field and its line, and controls a visible stand-in.
    static func field(_ text: String?) -> String {
        guard let text else { return "" }
        return UntrustedText.sanitized(text)
    }

    /// One TSV line: the fields joined by tabs, and a newline. Joined as bytes, then made a String once: `joined(separator:)`
    /// on `[String]` runs unspecialized here, and its first call costs the Swift runtime a scan of every conformance in the
    /// image at each start; appending field by field to a String checks each piece as it goes.
    static func tabLine(_ fields: [String]) -> String {
        var length = fields.count
        for field in fields { length += field.utf8.count }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "\t")) }
            bytes.append(contentsOf: field.utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A time of a table's cell: "2026-05-29T10:37:00+09:00" as "05-29 10:37" (the first ten
    /// characters' month and day, the time's hour and minute); another text as it is.
    static func shortTime(_ iso: String) -> String {
        let characters = Array(iso)
        guard characters.count >= 16, characters[10] == "T" else { return iso }
        return String(characters[5..<10]) + " " + String(characters[11..<16])
    }

    /// A publication time as people read it: "2022-05-19T05:00:00+09:00" becomes "2022-05-19 05:00 JST" (Japan's
    /// offset) or "2022-05-19 05:00 +01:00"; another text is kept as it is.
    static func publicationTime(_ iso: String) -> String {
        let characters = Array(iso)
        guard characters.count == 25, characters[10] == "T", characters[16] == ":" else { return iso }
        let offset = String(characters[19...])
        return String(characters[0..<10]) + " " + String(characters[11..<16]) + " " + (offset == "+09:00" ? "JST" : offset)
    }
}

/// What one source adds to another's output, per city (the warnings in force, marked on the
/// forecasts with `--warnings`): TSV's last column, a JSON member before the rows, and lines
/// under the table. The formatters print it without knowing its source.
public protocol CityDecoration: Sendable {
    /// TSV's column and JSON's member: "warnings".
    var name: String { get }
    /// TSV's field of the city of `id`, through the untrusted-text gate.
    func field(for id: String, language: Language) -> String
    /// JSON's member of the city of `id`, as JSON text.
    func json(for id: String, language: Language) -> String
    /// The table's lines under the rows, for the cities printed: what the agency's credit then covers for every city.
    func tableLines(for cities: [(id: String, name: String)], width: Int, language: Language, color: Bool) -> [String]
    /// The template placeholders it answers (`%A`); none by default.
    var placeholders: [FormatTemplate.Placeholder] { get }
    /// What `placeholder`, one of ``placeholders``, prints in a template for the city of `id`, before the untrusted-text
    /// gate: `-` for nothing, `?` when its source failed for the city.
    func template(_ placeholder: FormatTemplate.Placeholder, for id: String, language: Language) -> String
}

extension CityDecoration {
    /// None.
    public var placeholders: [FormatTemplate.Placeholder] { [] }
    /// `-`: it answers no placeholder.
    public func template(_ placeholder: FormatTemplate.Placeholder, for id: String, language: Language) -> String { "-" }
}
