import Forecast
import Foundation
import Testing

/// The sequence that `Fixtures/crafted/hostile.json` appends to every text field (see
/// `Scripts/make-crafted-fixtures.py`).
let hostileSuffix = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{7F}\u{202E}evil\u{2069}\u{2066}\t\r\n\u{0}\u{85}\u{2028}!"

/// The controls of `text` (as the gate defines them) other than those listed in `allowed`.
func controls(in text: String, allowing allowed: Set<Unicode.Scalar> = []) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { UntrustedText.isControl($0) && !allowed.contains($0) }
}

@Suite("Untrusted text: one gate before the terminal")
struct UntrustedTextTests {
    @Test("Every C0 control, DEL, C1 control and bidi embedding/override/isolate is one; nothing else is",
          arguments: [
              (0x00, true), (0x07, true), (0x09, true), (0x0A, true), (0x1B, true), (0x1F, true),
              (0x20, false), (0x7E, false), (0x7F, true), (0x80, true), (0x9B, true), (0x9F, true),
              (0xA0, false), (0x200D, false), (0x2029, false), (0x202A, true), (0x202E, true),
              (0x202F, false), (0x2065, false), (0x2066, true), (0x2069, true), (0x206A, false),
              (0xFFFD, false), (0x6674, false),
          ])
    func classification(value: UInt32, isControl: Bool) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(UntrustedText.isControl(scalar) == isControl, "U+\(String(value, radix: 16))")
    }

    @Test("Controls become U+FFFD, tabs and line breaks a space, and the rest of the text is kept")
    func sanitizing() {
        #expect(UntrustedText.sanitized("晴\u{1B}]0;PWNED\u{07}\u{1B}[2J") == "晴\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[2J")
        #expect(UntrustedText.sanitized("\u{9B}31m\u{7F}\u{202E}txt\u{2066}") == "\u{FFFD}31m\u{FFFD}\u{FFFD}txt\u{FFFD}")
        #expect(UntrustedText.sanitized("a\tb\r\nc\nd\u{85}e\u{2028}f\u{2029}g\u{0B}h") == "a b c d e f g h")
        #expect(UntrustedText.sanitized("a\nb\tc", keepingLineFeeds: true) == "a\nb c")
        // Text without any of them comes back as it is: CJK, emoji with ZWJ, combining marks.
        let plain = "東京 晴のち曇 👨‍👩‍👧 e\u{301} -/27° 10%"
        #expect(UntrustedText.sanitized(plain) == plain)
    }

    @Test("The hostile fixture decodes with its controls intact (the gate is at the output, not in the model)")
    func hostileDecodes() throws {
        let forecast = try decodeFixture("crafted/hostile.json")
        #expect(forecast.location.city == "東京" + hostileSuffix)
        #expect(forecast.forecasts[0].telop == "晴のち曇" + hostileSuffix)
    }

    @Test("TSV: 12 fields a row, no control but the formatter's tabs and newlines, the text kept")
    func hostileTSV() throws {
        let text = TSVFormatter().format([try result("130010", fixture: "crafted/hostile.json")])
        #expect(controls(in: text, allowing: ["\t", "\n"]).isEmpty)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1 + 3)
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 12 })
        let fields = lines[1].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let gated = "\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[2J\u{FFFD}31m\u{FFFD}\u{FFFD}evil\u{FFFD}\u{FFFD}  \u{FFFD}  !"
        #expect(fields[1] == "東京" + gated)
        #expect(fields[2] == "東京都" + gated)
        #expect(fields[5] == "晴のち曇" + gated)
    }

    @Test("Line: one line a city, no control but its newline")
    func hostileLine() throws {
        let text = LineFormatter(days: 3).format([try result("130010", fixture: "crafted/hostile.json")])
        #expect(controls(in: text, allowing: ["\n"]).isEmpty)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 2)
        #expect(text.hasPrefix("東京\u{FFFD}]0;PWNED"))
    }

    @Test("Table: the formatter's own colours and nothing else", arguments: [false, true])
    func hostileTable(color: Bool) throws {
        let text = TableFormatter(color: color).format([try result("130010", fixture: "crafted/hostile.json")])
        // Every ESC left must start one of the formatter's SGR sequences (ESC [ digits m).
        let withoutColours = text.replacing(/\u{1B}\[[0-9]+m/, with: "")
        #expect(controls(in: withoutColours, allowing: ["\n"]).isEmpty)
        // The long hostile values wrap within their columns, and every line still fits.
        #expect(withoutColours.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 })
        #expect(withoutColours.contains("\u{FFFD}]0;PWNED"))
        #expect(text.contains("\u{1B}[33m晴のち曇") == color, "晴 is painted yellow with colour")
    }

    @Test("Detail and templates: no control but their newlines, the text kept")
    func hostileDetailAndTemplate() throws {
        let hostile = try result("130010", fixture: "crafted/hostile.json")
        let detail = DetailFormatter().format([hostile])
        #expect(controls(in: detail, allowing: ["\n"]).isEmpty)
        #expect(detail.contains("\u{FFFD}]0;PWNED"))
        #expect(detail.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 })
        let template = TemplateFormatter(template: try FormatTemplate("%l %C %P"), days: 3).format([hostile])
        #expect(controls(in: template, allowing: ["\n"]).isEmpty)
        #expect(template.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
    }

    @Test("JSON: valid, every such character escaped, the text kept exactly")
    func hostileJSON() throws {
        let forecast = try decodeFixture("crafted/hostile.json")
        let text = JSONFormatter().format([
            try result("130010", fixture: "crafted/hostile.json"),
            try failed("140010", .api(message: "bad" + hostileSuffix)),
        ])
        #expect(controls(in: text, allowing: ["\n"]).isEmpty, "only the formatter's own newlines are raw")
        for escape in ["\\u001b", "\\u0007", "\\u009b", "\\u007f", "\\u202e", "\\u2069", "\\u2066", "\\u0000", "\\u0085"] {
            #expect(text.contains(escape), "\(escape)")
        }
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array[0]["city"] as? String == forecast.location.city)
        #expect(array[0]["prefecture"] as? String == forecast.location.prefecture)
        #expect(array[0]["district"] as? String == forecast.location.district)
        #expect(array[0]["public_time"] as? String == forecast.publicTime)
        let days = try #require(array[0]["days"] as? [[String: Any]])
        #expect(days.map { $0["telop"] as? String } == forecast.forecasts.map(\.telop))
        #expect(days.map { $0["day"] as? String } == forecast.forecasts.map(\.dateLabel))
        #expect(days.map { $0["date"] as? String } == forecast.forecasts.map(\.date))
        #expect(array[1]["error"] as? String == "the API said \"bad\(hostileSuffix)\"")
    }
}
