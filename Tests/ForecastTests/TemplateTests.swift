import Forecast
import Testing

@Suite("Format templates")
struct TemplateTests {
    @Test("The issue's example on the real Tokyo sample: 130010|東京|晴のち曇|27|%")
    func issueExample() throws {
        let template = try FormatTemplate("%i|%l|%C|%H|%%")
        #expect(TemplateFormatter(template: template).format([try result("130010")]) == "130010|東京|晴のち曇|27|%\n")
    }

    @Test("Parsing: text and placeholders in order, %% is a percent sign")
    func parsing() throws {
        let template = try FormatTemplate("%l: %H°%%")
        #expect(template.parts == [.value(.city), .text(": "), .value(.maximum), .text("°%")])
        #expect(try FormatTemplate("no placeholder but %%").parts == [.text("no placeholder but %")])
        #expect(FormatTemplate.isTemplate("%l") && !FormatTemplate.isTemplate("table"))
    }

    @Test("An unknown placeholder, or a % at the end, is an error that names it and lists the known ones",
          arguments: [("%x", Character("x")), ("%l %y", Character("y")), ("100%", nil)] as [(String, Character?)])
    func unknown(_ text: String, _ placeholder: Character?) {
        #expect(throws: FormatTemplateError(template: text, placeholder: placeholder)) { try FormatTemplate(text) }
        let message = FormatTemplateError(template: text, placeholder: placeholder).description
        #expect(message.contains("%i %l %c %C %H %L %p %d %D %P %w %u %a %A %r %T %t %W %h %R %S %s %%"))
        #expect(message.contains(placeholder.map { "\"%\($0)\"" } ?? "%%"))
    }

    @Test("Unknown values print as -, and --days gives one line per city and day")
    func unknownValuesAndDays() throws {
        let template = try FormatTemplate("%D %L/%H %p")
        let okayama = try result("330010")
        #expect(TemplateFormatter(template: template).format([okayama]) == "今日 -/- 0%\n")
        #expect(TemplateFormatter(template: template, days: 2).format([okayama]) == "今日 -/- 0%\n明日 -1/16 0%\n")
    }

    @Test("Never a control character or colour: the server's text and the template's own pass the gate")
    func noControls() throws {
        var forecast = try decodeFixture("130010.json")
        forecast.location.city = "東\u{1B}]0;owned\u{07}京"
        forecast.forecasts[0].telop = "晴\u{1B}[31m"
        let city = FetchResult(city: try CityCatalog.resolve("130010"), outcome: .success(forecast), info: FetchInfo(source: .network))
        let text = TemplateFormatter(template: try FormatTemplate("%l\u{1B}[1m %C\t%c")).format([city])
        #expect(!text.unicodeScalars.contains { UntrustedText.isControl($0) && $0 != "\n" })
        #expect(text == "東\u{FFFD}]0;owned\u{FFFD}京\u{FFFD}[1m 晴\u{FFFD}[31m 🌤️\n")
    }

    @Test("A failed city keeps its line: catalog ID, name and prefecture, ? for the rest")
    func failedCity() throws {
        let template = try FormatTemplate("%i %l %P %C %H %c")
        let text = TemplateFormatter(template: template).format([try failed("140010", .cancelled)])
        #expect(text == "140010 横浜 神奈川県 ? ? ?\n")
        #expect(TemplateFormatter(template: template, language: .en).format([try failed("140010", .cancelled)]) == "140010 Yokohama Kanagawa ? ? ?\n")
    }
}
