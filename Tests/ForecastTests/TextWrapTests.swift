@testable import Forecast
import Testing

@Suite("Wrapping text to a width")
struct TextWrapTests {
    @Test("English breaks at spaces, which disappear at the break; no line is wider than asked")
    func english() {
        let lines = TextWrap.lines("Cloudy, occasional scattered showers later", width: 16)
        #expect(lines == ["Cloudy,", "occasional", "scattered", "showers later"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 16 })
    }

    @Test("Japanese breaks between any two wide characters, never before a closing mark")
    func japanese() {
        // 10 cells a line: 5 wide characters; "。" may not start a line, so "す" moves down with it.
        let lines = TextWrap.lines("晴れていますね。明日は雨", width: 10)
        #expect(lines == ["晴れていま", "すね。明日", "は雨"])
        let kinsoku = TextWrap.lines("あいうえお。かき", width: 10)
        #expect(kinsoku == ["あいうえ", "お。かき"], "the mark takes the character before it to the next line")
        #expect(kinsoku.allSatisfy { DisplayWidth.of($0) <= 10 })
    }

    @Test("The API's full-width spaces are break points; a paragraph's leading one is kept as its indent")
    func ideographicSpaces() {
        #expect(TextWrap.lines("南の風　後　北の風", width: 12) == ["南の風　後", "北の風"])
        #expect(TextWrap.lines("\u{3000}晴れ", width: 20) == ["\u{3000}晴れ"])
    }

    @Test("A word wider than a line is cut where it fills the line; empty text is one empty line")
    func longWordAndEmpty() {
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrap.lines("", width: 10) == [""])
    }

    @Test("Pieces break only between them: a name is never cut, its separator stays at the line's end")
    func pieces() {
        let pieces = ["発表 ", "2022-05-19 ", "05:00 ", "JST: ", "東京、", "横浜、", "久留米"]
        #expect(TextWrap.lines(pieces: pieces, width: 40, indent: 2) == ["発表 2022-05-19 05:00 JST: 東京、横浜、", "  久留米"])
        #expect(TextWrap.lines(pieces: pieces, width: 30, indent: 2) == ["発表 2022-05-19 05:00 JST:", "  東京、横浜、久留米"])
        // The trailing space of a piece does not count against the width at a line's end.
        #expect(TextWrap.lines(pieces: ["abc ", "def "], width: 7) == ["abc def"])
    }

    @Test("A piece wider than a line has a line to itself rather than being cut")
    func widePiece() {
        #expect(TextWrap.lines(pieces: ["Published ", "Ishigakijima Island"], width: 12, indent: 2)
            == ["Published", "  Ishigakijima Island"])
    }
}
