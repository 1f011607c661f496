import Forecast
import Foundation
import Testing
import TestSupport

@Suite("Decoding the API's responses")
struct DecodingTests {
    @Test("東京 (05:00 release): every field, today's min unknown, 明後日 from the weekly forecast")
    func tokyo() throws {
        let tokyo = try decodeFixture("130010.json")
        #expect(tokyo.publicTime == "2022-05-19T05:00:00+09:00")
        #expect(tokyo.publicTimeFormatted == "2022/05/19 05:00:00")
        #expect(tokyo.publishingOffice == "気象庁")
        #expect(tokyo.title == "東京都 東京 の天気")
        #expect(tokyo.link == "https://www.jma.go.jp/bosai/forecast/#area_type=offices&area_code=130000")
        #expect(tokyo.location == Location(area: "関東", prefecture: "東京都", district: "東京地方", city: "東京"))
        #expect(tokyo.forecasts.map(\.dateLabel) == ["今日", "明日", "明後日"])
        #expect(tokyo.forecasts.map(\.date) == ["2022-05-19", "2022-05-20", "2022-05-21"])

        let today = tokyo.forecasts[0]
        #expect(today.telop == "晴のち曇")
        #expect(today.temperature.min == Temperature(celsius: nil, fahrenheit: nil))
        #expect(today.temperature.max == Temperature(celsius: 27, fahrenheit: 80.6))
        #expect(today.chanceOfRain == ChanceOfRain(t00_06: nil, t06_12: 0, t12_18: 10, t18_24: 10))
        #expect(today.image.width == 80 && today.image.height == 60)
        #expect(today.image.url?.hasSuffix(".svg") == true)

        let tomorrow = tokyo.forecasts[1]
        #expect(tomorrow.temperature.min.celsius == 16)
        #expect(tomorrow.temperature.max.celsius == 27)

        let dayAfter = tokyo.forecasts[2]
        #expect(dayAfter.detail == WeatherDetail(weather: nil, wind: nil, wave: nil))
        #expect(dayAfter.chanceOfRain.periods == [30, 30, 30, 30])
        #expect(dayAfter.temperature.max.fahrenheit == 77)

        #expect(tokyo.copyright.title == "(C) 天気予報 API（livedoor 天気互換）")
        #expect(tokyo.copyright.image.width == 120)
        #expect(tokyo.copyright.provider.first?.name == "気象庁 Japan Meteorological Agency")
    }

    @Test("宇都宮 (11:00 release): inland, so wave is null; details for all three days")
    func utsunomiya() throws {
        let forecast = try decodeFixture("090010.json")
        #expect(forecast.forecasts.allSatisfy { $0.detail.wave == nil })
        #expect(forecast.forecasts.allSatisfy { $0.detail.weather != nil && $0.detail.wind != nil })
        #expect(forecast.forecasts[0].chanceOfRain.periods == [nil, nil, 30, 30])
        #expect(forecast.forecasts[1].temperature.min.celsius == 20)
    }

    @Test("岡山 (17:00 release): today's max is null too, and three periods are past")
    func okayama() throws {
        let forecast = try decodeFixture("330010.json")
        let today = forecast.forecasts[0]
        #expect(today.temperature.min.celsius == nil)
        #expect(today.temperature.max.celsius == nil)
        #expect(today.temperature.max.fahrenheit == nil)
        #expect(today.chanceOfRain.periods == [nil, nil, nil, 0])
        #expect(forecast.forecasts[1].temperature.min == Temperature(celsius: -1, fahrenheit: 30.2))
    }

    @Test("千葉 (fetched 00:00–05:00): today's min is present, full-width wave text kept as it is")
    func chiba() throws {
        let forecast = try decodeFixture("120010.json")
        #expect(forecast.forecasts[0].temperature.min.celsius == 20)
        #expect(forecast.forecasts[0].date == "2025-06-08")
        #expect(forecast.forecasts[0].detail.wave == "０．５メートル　後　１メートル")
        #expect(forecast.forecasts[2].detail.wave == nil)
    }

    @Test("久留米 (the API's own documentation sample) and 横浜 decode")
    func kurumeAndYokohama() throws {
        let kurume = try decodeFixture("400040.json")
        #expect(kurume.location.city == "久留米")
        #expect(kurume.publishingOffice == "福岡管区気象台")
        #expect(kurume.forecasts[1].chanceOfRain.periods == [10, 10, 20, 60])
        let yokohama = try decodeFixture("140010.json")
        #expect(yokohama.location.prefecture == "神奈川県")
        #expect(yokohama.forecasts[0].temperature.max.celsius == 26)
    }

    @Test("Every detail null, telop and image null, every rain slot unknown")
    func nulls() throws {
        #expect(try decodeFixture("crafted/detail-null.json").forecasts.allSatisfy {
            $0.detail == WeatherDetail(weather: nil, wind: nil, wave: nil)
        })
        let noTelop = try decodeFixture("crafted/telop-null.json").forecasts[2]
        #expect(noTelop.telop == nil)
        #expect(noTelop.image.title == nil && noTelop.image.url == nil)
        #expect(try decodeFixture("crafted/rain-unknown.json").forecasts.allSatisfy {
            $0.chanceOfRain.periods == [nil, nil, nil, nil]
        })
    }

    @Test("Negative and fractional temperatures keep their values")
    func negativeAndFractional() throws {
        let forecast = try decodeFixture("crafted/temperatures-negative-fractional.json")
        #expect(forecast.forecasts[0].temperature.max == Temperature(celsius: -0.5, fahrenheit: 31.1))
        #expect(forecast.forecasts[1].temperature.min == Temperature(celsius: -3, fahrenheit: 26.6))
        #expect(forecast.forecasts[1].temperature.max == Temperature(celsius: 26.5, fahrenheit: 79.7))
    }

    @Test("Full-width digits, minus, point and percent are read as numbers")
    func fullWidthNumbers() throws {
        let day = try decodeFixture("crafted/full-width-numbers.json").forecasts[1]
        #expect(day.temperature.min == Temperature(celsius: -1, fahrenheit: 30.2))
        #expect(day.temperature.max.celsius == 26.5)
        #expect(day.chanceOfRain.periods == [10, 0, 100, nil])
    }

    @Test("Unknown extra fields are ignored")
    func extraFields() throws {
        #expect(try decodeFixture("crafted/extra-fields.json") == decodeFixture("130010.json"))
    }

    @Test("A missing key that may hold null is an error, not an unknown value", arguments: [
        ("crafted/missing-nullable-wave.json", "forecasts[0].detail.wave"),
        ("crafted/missing-nullable-telop.json", "forecasts[2].telop"),
    ])
    func missingNullableKey(file: String, path: String) throws {
        let error = try decodingError(file)
        #expect(error == .invalidResponse(path: path, problem: "missing"))
    }

    @Test("A missing required field is named with its path")
    func missingField() throws {
        let error = try decodingError("crafted/missing-field.json")
        #expect(error == .invalidResponse(path: "forecasts[1].dateLabel", problem: "missing"))
        #expect(error?.description == "the response is not a forecast: forecasts[1].dateLabel: missing")
    }

    @Test("Wrong types are named with their path and what was expected")
    func wrongTypes() throws {
        #expect(try decodingError("crafted/wrong-type-temperature.json")?.description
            == "the response is not a forecast: forecasts[1].temperature.max.celsius: expected a string or null")
        #expect(try decodingError("crafted/wrong-type-rain.json")?.description
            == "the response is not a forecast: forecasts[0].chanceOfRain.T12_18: expected a string or null")
        #expect(try decodingError("crafted/wrong-type-forecasts.json")
            == .invalidResponse(path: "forecasts", problem: "expected an array"))
        let percentage = try decodingError("crafted/bad-percentage.json")
        #expect(percentage?.description.hasPrefix(
            "the response is not a forecast: forecasts[2].chanceOfRain.T06_12: expected a percentage") == true)
    }

    @Test("An empty body, an HTML page and a cut-off body say what they were")
    func notJSON() throws {
        #expect(try decodingError("crafted/empty.json") == .notJSON(what: "empty"))
        #expect(try decodingError("crafted/html.json") == .notJSON(what: "an HTML page"))
        #expect(try decodingError("crafted/truncated.json") == .notJSON(what: "not valid JSON"))
        #expect(ForecastError.notJSON(what: "an HTML page").description == "the response was an HTML page, not JSON")
        #expect(ForecastError.notJSON(what: "empty").description == "the response was empty, not JSON")
        #expect(ForecastError.notJSON(what: "not valid JSON").description == "the response was not valid JSON")
    }

    @Test("The API's error body is an API error quoting its message")
    func apiError() throws {
        let error = try decodingError("crafted/api-error.json")
        #expect(error == .api(message: "The specified city ID is invalid."))
        #expect(error?.description == "the API said \"The specified city ID is invalid.\"")
    }

    @Test("Only the JMA failure message counts as a transient API error")
    func transientAPIError() throws {
        #expect(ResponseDecoder.isTransientAPIError(try fixture("crafted/api-error-jma.json")))
        #expect(!ResponseDecoder.isTransientAPIError(try fixture("crafted/api-error.json")))
        #expect(!ResponseDecoder.isTransientAPIError(try fixture("130010.json")))
        #expect(!ResponseDecoder.isTransientAPIError(try fixture("crafted/html.json")))
    }
}
