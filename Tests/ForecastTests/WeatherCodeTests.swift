import Forecast
import Foundation
import Testing
import TestSupport

@Suite("Weather codes and icons")
struct WeatherCodeTests {
    /// Fixtures/telops.tsv: code, day icon, night icon, group, telop, English (JMA's capitals).
    static func telops() throws -> [[String]] {
        let text = String(decoding: try fixture("telops.tsv"), as: UTF8.self)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("Every code of telops.tsv is in the table with its icon, group and phrase, and has an icon of its kind")
    func everyCode() throws {
        let rows = try Self.telops()
        #expect(rows.count == 118)
        for row in rows {
            let code = try #require(WeatherCode.lookup(Int(row[0]) ?? -1), "code \(row[0])")
            #expect(code.icon == Int(row[1].dropLast(4)))
            #expect(code.group == Int(row[3]))
            #expect(code.telop == row[4])
            let icon = WeatherIcon(code)
            // The glyph agrees with what JMA says matters most (the group) and with the phrase.
            switch code.group {
            case 100: #expect([.clear, .clearWithCloud].contains(icon), "\(row[4]): \(icon)")
            case 200: #expect([.cloudy, .cloudyWithSun, .fog].contains(icon), "\(row[4]): \(icon)")
            case 300: #expect([.rain, .rainWithSun, .thunder].contains(icon), "\(row[4]): \(icon)")
            case 400: #expect([.snow, .mixedSnow, .thunder].contains(icon), "\(row[4]): \(icon)")
            default: Issue.record("unknown group \(code.group) of \(row[0])")
            }
            #expect((icon == .thunder) == (code.group >= 300 && row[4].contains("雷")), "\(row[4])")
            #expect(icon != .clear || !row[4].contains("曇"), "\(row[4]) has cloud")
            #expect(icon.rawValue.unicodeScalars.count <= 2 && DisplayWidth.of(icon.rawValue) == 2)
        }
    }

    @Test("English phrases say what JMA's say, in sentence case: the same letters but for case, spaces, commas and mended slips")
    func englishPhrases() throws {
        let slips = ["SCCATERED": "SCATTERED", "MOUTAINOUS": "MOUNTAINOUS"]
        func letters(_ text: String) -> String {
            var text = text.uppercased()
            for (wrong, right) in slips { text = text.replacingOccurrences(of: wrong, with: right) }
            return text.filter { $0.isLetter || $0 == "/" }
        }
        for row in try Self.telops() {
            let code = try #require(WeatherCode.lookup(Int(row[0]) ?? -1))
            #expect(letters(code.english) == letters(row[5]), "\(row[0])")
            #expect(code.english.first?.isUppercase == true && code.english.dropFirst().allSatisfy { !$0.isUppercase }, "\(code.english)")
            #expect(!code.english.hasSuffix(",") && code.english.split(separator: ",").dropFirst().allSatisfy { $0.hasPrefix(" ") },
                    "\(code.english)")
        }
    }

    @Test("The code comes from the response: the telop's entry, else the icon's number")
    func fromResponse() throws {
        let tokyo = try decodeFixture("130010.json").forecasts[0]
        #expect(tokyo.telop == "晴のち曇" && tokyo.image.url?.hasSuffix("/110.svg") == true)
        #expect(WeatherCode.of(tokyo)?.code == 111, "晴のち曇 is 111, drawn with icon 110")
        #expect(WeatherIcon(try #require(WeatherCode.of(tokyo))) == .clearWithCloud)
        var older = tokyo
        older.telop = "晴午後は雷雨"  // a wording the table no longer has
        older.image.url = "https://www.jma.go.jp/bosai/forecast/img/112.svg"
        #expect(WeatherCode.of(older)?.code == 112)
        #expect(Language.en.telop(older) == "晴午後は雷雨", "no other code's phrase is borrowed")
        older.image.url = nil
        #expect(WeatherCode.of(older) == nil)
    }
}
