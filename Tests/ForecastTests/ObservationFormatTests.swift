@testable import Forecast
import Foundation
import Testing
import TestSupport

/// The observations in every format: TSV's one decimal, JSON's members, the line, the
/// placeholders and the table at every width.
@Suite("AMeDAS observations: the formats")
struct ObservationFormatTests {
    static let time = AmedasTime(latestTime: "2025-06-28T18:00:00+09:00")!

    /// 東京 with every value (the wind SSE, rain in the last hour, the sunshine incomplete);
    /// 与那国島 (the longest English names) with none but the temperature; 館山 failed.
    static func results() throws -> [CityResult<Observation>] {
        var tokyo = Observation(station: AmedasStation.named("44132"), observed: time.observed)
        (tokyo.temperature, tokyo.humidity, tokyo.windDirection, tokyo.windSpeed) = (29.1, 56, .sse, 12)
        (tokyo.precipitation10m, tokyo.precipitation1h, tokyo.precipitation24h) = (0.5, 3, 12.5)
        (tokyo.sunshine1h, tokyo.snowDepth, tokyo.seaLevelPressure, tokyo.weather) = (0.4, 0, 1008.2, .rainShowers)
        tokyo.incomplete = [.sunshine1h]
        var yonaguni = Observation(station: AmedasStation.named("94017"), observed: time.observed)
        yonaguni.temperature = -3.5
        return [
            CityResult(city: try CityCatalog.resolve("130010"), outcome: .success(tokyo), provider: .jma),
            CityResult(city: try CityCatalog.resolve("474020"), outcome: .success(yonaguni), provider: .jma),
            CityResult(city: try CityCatalog.resolve("120020"), outcome: .failure(.other("the agency's observations at 2025-06-28 18:00 have no station 45148 (銚子)")), provider: .jma),
        ]
    }

    @Test("TSV: the header, one decimal for measurements, whole humidity and snow, the compass code in every language")
    func tsv() throws {
        for language in Language.allCases {
            let text = TSVFormatter(language: language).format(try Self.results())
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines[0] == "id\tcity\tprefecture\tstation\tobserved\ttemp_c\thumidity\twind_dir\twind_ms\tprecip_10m_mm\tprecip_1h_mm\tprecip_24h_mm\tsun_1h_h\tsnow_cm\tpressure_hpa\tweather")
            let weather = language == .ja ? "しゅう雨" : "rain showers"
            let (city, prefecture) = language == .ja ? ("東京", "東京都") : ("Tokyo", "Tokyo")
            #expect(lines[1] == "130010\t\(city)\t\(prefecture)\t44132\t2025-06-28T18:00+09:00\t29.1\t56\tSSE\t12.0\t0.5\t3.0\t12.5\t0.4\t0\t1008.2\t\(weather)")
            #expect(lines[2].hasSuffix("\t94017\t2025-06-28T18:00+09:00\t-3.5\t\t\t\t\t\t\t\t\t\t"))
            #expect(lines.count == 4 && lines[3].isEmpty, "the failed city has no row")
        }
    }

    @Test("JSON: the fields in the city's object, numbers as numbers, null for what is missing, the station and the incomplete values named")
    func json() throws {
        let text = JSONFormatter(language: .en).format(try Self.results())
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        let tokyo = array[0]
        #expect(tokyo["station"] as? [String: String] == ["code": "44132", "name": "Tokyo"])
        #expect(tokyo["temp_c"] as? Double == 29.1 && tokyo["humidity"] as? Int == 56 && tokyo["wind_dir"] as? String == "SSE")
        #expect(tokyo["wind_ms"] as? Double == 12 && tokyo["weather"] as? String == "rain showers")
        #expect(tokyo["incomplete"] as? [String] == ["sun_1h_h"])
        #expect(tokyo["observed"] as? String == "2025-06-28T18:00:00+09:00" && tokyo["days"] == nil)
        #expect(text.contains("\"wind_ms\": 12.0") && text.contains("\"precip_1h_mm\": 3.0"))
        #expect(array[1]["humidity"] is NSNull && array[1]["temp_c"] as? Double == -3.5)
        #expect(Set(array[2].keys) == ["id", "city", "error", "error_kind"])
        // The compass code whatever the language.
        #expect(JSONFormatter(language: .ja).format(try Self.results()).contains("\"wind_dir\": \"SSE\""))
    }

    @Test("The line: temperature, humidity and wind in the language's words; what is missing is left out")
    func line() throws {
        #expect(LineFormatter(language: .ja).format(try Self.results()) == "東京 29.1°C 56% 南南東 12.0m/s\n与那国島 -3.5°C\n銚子 (failed)\n")
        #expect(LineFormatter(language: .en).format(try Self.results()).hasPrefix("Tokyo 29.1°C 56% SSE 12.0m/s\n"))
    }

    @Test("Templates: %t %h %W %R in `now`; the forecasts print - for them, and `now` - for the forecasts' own")
    func placeholders() throws {
        let template = try FormatTemplate("%l %t° %h %W %R %C %H")
        let text = TemplateFormatter(template: template, language: .ja).format(try Self.results())
        #expect(text.hasPrefix("東京 29.1° 56% 南南東 12.0m/s 3.0 しゅう雨 -\n与那国島 -3.5° - - - - -\n"))
        let forecast = try #require(try ResponseDecoder.decode(try fixture("130010.json")) as CityForecast?)
        let line = TemplateFormatter(template: template, days: 1, language: .ja)
            .format([FetchResult(city: try CityCatalog.resolve("130010"), outcome: .success(forecast))])
        #expect(line.hasPrefix("東京 -° - - - "))
    }

    @Test("The table from 40 to 120 columns, in both languages: every line fits, columns only come as it widens, the footer says when it was observed")
    func table() throws {
        for language in Language.allCases {
            var stage = Int.max
            for width in 40...120 {
                let text = TableFormatter(language: language, width: width).format(try Self.results())
                let lines = text.split(separator: "\n").map(String.init)
                for line in lines {
                    #expect(DisplayWidth.of(line) <= width, "\(language) at \(width): \(line)")
                }
                #expect(lines.contains { $0.hasPrefix(language == .ja ? "観測 2025-06-28 18:00 JST" : "Observed 2025-06-28 18:00 JST") })
                #expect(lines.last == (language == .ja ? "出典: 気象庁" : "Source: Japan Meteorological Agency"))
                #expect(text.contains("29.1") && text.contains("-3.5") && text.contains("45148"), "\(language) at \(width)")
                // A station's name never breaks inside a word: 与那国島 (8 cells) and Yonagunijima,
                // the longest English word, stand whole twice, as the city's and the station's.
                if TableFormatter.layout(for: Observation.self, width: width, language: language).shows("station") {
                    let name = language == .ja ? "与那国島" : "Yonagunijima"
                    #expect(text.components(separatedBy: name).count - 1 == 2, "\(language) at \(width):\n\(text)")
                }
                let now = TableFormatter.layout(for: Observation.self, width: width, language: language).stage
                #expect(now <= stage, "\(language): a column shown at \(width - 1) is gone at \(width)")
                stage = now
            }
            #expect(stage == 0, "at 120 columns every column is shown")
        }
    }
}
