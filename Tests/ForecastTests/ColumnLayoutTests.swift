@testable import Forecast
import Testing

/// The layout chooser on its own, with a table of its own: any table's columns and steps.
@Suite("Choosing columns for a width")
struct ColumnLayoutTests {
    enum Key: Equatable { case name, note, a, b, ab }

    static let columns: [ColumnLayout<Key>.Column] = [
        ColumnLayout<Key>.Column(.name, width: 6, gap: 2),
        ColumnLayout<Key>.Column(.note, width: 4, upTo: 10, gap: 2),
        ColumnLayout<Key>.Column(.a, width: 3, gap: 1, right: true),
        ColumnLayout<Key>.Column(.b, width: 3, gap: 1, right: true),
    ]
    static let steps: [ColumnLayout<Key>.Step] = [.merge([.a, .b], into: ColumnLayout<Key>.Column(.ab, width: 3, gap: 1)), .drop(.name)]

    func keys(_ width: Int) -> [Key] {
        ColumnLayout(width: width, columns: Self.columns, steps: Self.steps).columns.map(\.key)
    }

    @Test("The first stage that fits: every column, then the merge, then the drop; the first column has no gap")
    func stages() {
        #expect(keys(20) == [.name, .note, .a, .b])
        #expect(keys(19) == [.name, .note, .ab])
        #expect(keys(16) == [.name, .note, .ab])
        #expect(keys(15) == [.note, .ab])
        let narrow = ColumnLayout(width: 15, columns: Self.columns, steps: Self.steps)
        #expect(narrow.columns.first?.gap == 0)
        #expect(narrow.stage == 2)
    }

    @Test("What is left goes to the column with room to grow, up to its widest; never wider than asked once a stage fits")
    func growth() {
        for width in 7...40 {
            let layout = ColumnLayout(width: width, columns: Self.columns, steps: Self.steps)
            #expect(layout.totalWidth <= width || layout.stage == Self.steps.count, "\(width)")
            #expect(layout.column(.note).map { (4...10).contains($0.width) } == true)
        }
        #expect(ColumnLayout(width: 200, columns: Self.columns, steps: Self.steps).column(.note)?.width == 10)
        #expect(ColumnLayout(width: 3, columns: Self.columns, steps: Self.steps).totalWidth == 8, "the last stage, least widths")
    }

    @Test("A column shown at a width is shown at every larger width")
    func monotonic() {
        for width in 1..<60 {
            let shown = keys(width), wider = keys(width + 1)
            #expect(shown.allSatisfy { $0 == .ab || wider.contains($0) }, "\(width): \(shown) then \(wider)")
        }
    }

    @Test("A span shares one cell across its shown columns, with the first one's gap")
    func span() {
        let layout = ColumnLayout(width: 20, columns: Self.columns, steps: Self.steps)
        let cells = layout.cells(spans: [.init(keys: [.note, .a, .b], text: "failed")]) { $0.cell("x") }
        #expect(cells.map(\.text) == ["x", "failed"])
        #expect(cells[1].gap == 2 && cells[1].width == 4 + 1 + 3 + 1 + 3)
    }

    @Test("The daily table's columns hold every catalog name, day label and phrase word whole, in both languages")
    func dailyColumnsHoldTheCatalog() {
        for language in Language.allCases {
            let columns = TableFormatter.columns(for: CityForecast.self, language: language)
            func width(_ key: String) -> Int { columns.first { $0.key == key }?.width ?? 0 }
            func longestWord(_ texts: [String]) -> Int {
                texts.flatMap { $0.split(separator: " ") }.map { DisplayWidth.of(String($0)) }.max() ?? 0
            }
            let names = CityCatalog.all.map { language == .en ? $0.english : $0.name }
            // A Japanese name is never broken at all; an English one only between words.
            #expect((language == .en ? longestWord(names) : names.map(DisplayWidth.of).max() ?? 0) <= width("city"), "\(language)")
            #expect(longestWord(language == .en ? ["Today", "Tomorrow", "Day after"] : ["今日", "明日", "明後日"]) <= width("day"))
            if language == .en {
                #expect(longestWord(WeatherCode.table.map(\.english)) <= width("weather"))
            }
        }
    }
}

