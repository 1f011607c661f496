@testable import Forecast
import Foundation
import JapanTime
import Testing
import TestSupport

/// The agency's 3-hourly forecast (`forecast hours`): the real file of 東京地方 issued 2026-10-04 05:00, what a city
/// reads from it at a moment, the chance of rain from the office's file, and every format.
@Suite("The next hours: the 3-hourly file and its formats")
struct HoursTests {
    static let name = "vpfd-130010-20261004.json"

    static func body() throws -> Data {
        try fixture("jma/hours/" + name)
    }

    /// The file with `edit` made to its JSON object.
    static func edited(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: try body()) as? [String: Any])
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// 東京 read from `body` at `time` (JST, "2026-10-04T05:30"), with the chances of rain `rain` gives.
    static func hours(_ body: Data, at time: String, rain: ((Int) -> Int?)? = nil) throws -> CityHours {
        let now = try #require(JST.parseInstant(time + ":00+09:00"))
        return try CityHours(try HoursFile.decode(body, id: "130010"), office: "130000", now: now, rain: rain, rainProblem: nil)
    }

    @Test("The real file at 05:30: its 14 periods in order, each temperature the point's at the period's start, the wind's range as two numbers")
    func realFile() throws {
        let hours = try Self.hours(try Self.body(), at: "2026-10-04T05:30")
        #expect(hours.hours.count == 14 && hours.publicTime == "2026-10-04T05:00:00+09:00")
        #expect(hours.point?.ja == "東京" && hours.point?.en == "Tokyo")
        #expect(hours.hours.map { CityHours.minute($0.start) }.prefix(2) == ["2026-10-04T06:00+09:00", "2026-10-04T09:00+09:00"])
        #expect(hours.hours.map(\.temperature) == [17, 21, 23, 23, 20, 19, 18, 18, 19, 22, 21, 21, 19, 19])
        #expect(hours.hours.map(\.word).prefix(3) == ["晴れ", "くもり", "晴れ"])
        #expect(hours.hours[2].windDirection == .ne && hours.hours[0].windDirection == .n)
        #expect(hours.hours.allSatisfy { $0.windLeast == 3 && $0.windMost == 5 && $0.chanceOfRain == nil })
    }

    @Test("A period is shown until it ends: at 10:00 the 09:00 period is first; at 2026-10-06 00:00 none is left, and the city fails saying so")
    func periodsUnderWay() throws {
        let morning = try Self.hours(try Self.body(), at: "2026-10-04T10:00")
        #expect(morning.hours.count == 13 && CityHours.minute(morning.hours[0].start) == "2026-10-04T09:00+09:00")
        #expect(morning.problem == nil)
        let late = try Self.hours(try Self.body(), at: "2026-10-06T00:00")
        #expect(late.hours.isEmpty)
        #expect(late.problem?.description == "every period of the agency's 3-hourly file issued 2026-10-04 05:00 JST has ended")
    }

    @Test("A temperature is matched by its time, never by its place: without the point's first instant, 06:00 has none and 09:00 keeps 21")
    func temperatureByTime() throws {
        let body = try Self.edited { file in
            var point = file["pointTimeSeries"] as! [String: Any]
            point["timeDefines"] = Array((point["timeDefines"] as! [Any]).dropFirst())
            point["temperature"] = Array((point["temperature"] as! [Any]).dropFirst())
            file["pointTimeSeries"] = point
        }
        let hours = try Self.hours(body, at: "2026-10-04T05:30")
        #expect(hours.hours[0].temperature == nil && hours.hours[1].temperature == 21 && hours.hours[2].temperature == 23)
    }

    @Test("Arrays that disagree in length, or a body that is not JSON, fail the file, naming it")
    func badFiles() throws {
        let short = try Self.edited { file in
            var area = file["areaTimeSeries"] as! [String: Any]
            area["weather"] = Array((area["weather"] as! [Any]).dropLast())
            file["areaTimeSeries"] = area
        }
        #expect(throws: ForecastError.other("the agency's 3-hourly file 130010.json has 14 periods but 13 values of weather")) {
            try HoursFile.decode(short, id: "130010")
        }
        let temperatures = try Self.edited { file in
            var point = file["pointTimeSeries"] as! [String: Any]
            point["temperature"] = [17]
            file["pointTimeSeries"] = point
        }
        #expect(throws: ForecastError.other("the agency's 3-hourly file 130010.json has 15 instants but 1 temperatures")) {
            try HoursFile.decode(temperatures, id: "130010")
        }
        #expect(throws: ForecastError.self) { try HoursFile.decode(Data("<html>".utf8), id: "130010") }
        let missing = try Self.edited { $0["areaTimeSeries"] = nil }
        let error = #expect(throws: ForecastError.self) { try HoursFile.decode(missing, id: "130010") }
        #expect(error?.description.hasPrefix("the agency's 3-hourly file 130010.json is not of its shape: areaTimeSeries") == true)
    }

    @Test("A range of one number has no top; a direction or a weather word the tool does not know is printed as the file has it")
    func unusualValues() throws {
        let body = try Self.edited { file in
            var area = file["areaTimeSeries"] as! [String: Any]
            var winds = area["wind"] as! [[String: Any]]
            winds[0] = ["direction": "北北北", "speed": 7, "range": "20"]
            area["wind"] = winds
            var weather = area["weather"] as! [String]
            weather[0] = "雷雨"
            area["weather"] = weather
            file["areaTimeSeries"] = area
        }
        let first = try Self.hours(body, at: "2026-10-04T05:30").hours[0]
        #expect(first.windDirection == nil && first.windLeast == 20 && first.windMost == nil)
        #expect(first.windText(.ja) == "20+m/s" && first.weather(.en) == "雷雨" && first.icon == nil)
        let note = try Self.hours(body, at: "2026-10-04T05:30").verboseNote(for: try CityCatalog.resolve("130010"))
        #expect(note == "forecast: 130010 東京: the 3-hourly file has weather words \"雷雨\" and wind directions \"北北北\" the tool does not know")
        #expect(try Self.hours(try Self.body(), at: "2026-10-04T05:30").verboseNote(for: try CityCatalog.resolve("130010")) == nil)
        let second = try Self.hours(body, at: "2026-10-04T05:30").hours[1]
        #expect(second.weather(.en) == "cloudy" && second.windText(.en) == "N 3-5m/s" && second.windText(.ja) == "北 3-5m/s")
    }

    @Test("The weather words in English are the observations' (雨または雪: rain or snow), each with a code for its icon")
    func words() {
        #expect(HoursWeather.allCases.map(\.english) == ["clear", "cloudy", "rain", "rain or snow", "snow"])
        #expect(HoursWeather.allCases.map { WeatherCode.lookup($0.code).map { WeatherIcon($0).rawValue } } == ["☀️", "☁️", "🌧️", "🌨️", "❄️"])
    }

    @Test("The chance of rain is the office file's 6-hour block that holds the instant; none before its first block or for another area")
    func chanceOfRain() throws {
        let file = try AgencyRain.decode(try fixture("jma/forecast-130000-20260312.json"))
        func at(_ area: String, _ time: String) throws -> Int? {
            file.chanceOfRain(area: area, at: try #require(JST.parseInstant(time + ":00+09:00")))
        }
        #expect(try at("130020", "2026-03-12T09:00") == 20)
        #expect(try at("130020", "2026-03-13T13:00") == 20 && (try at("130020", "2026-03-13T18:00")) == 40)
        #expect(try at("130040", "2026-03-13T23:59") == 60)
        #expect(try at("130020", "2026-03-12T03:00") == nil && (try at("999999", "2026-03-12T09:00")) == nil)
    }

    @Test("The rain reader of the office's file names what is wrong in it: too few series, an area without chances of rain")
    func rainReaderErrors() throws {
        func problem(_ json: String) -> String? {
            do {
                _ = try AgencyRain.decode(Data(json.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        let one = #"[{"reportDatetime":"2026-03-12T05:00:00+09:00","timeSeries":[{"timeDefines":[],"areas":[]}]}]"#
        #expect(problem(one)?.contains("1 series, expected at least 2") == true)
        let noPops = #"[{"reportDatetime":"x","timeSeries":[{},{"timeDefines":[],"areas":[{"area":{"code":"130010"}}]}]}]"#
        #expect(problem(noPops)?.contains("[0].timeSeries[1].areas[0].pops") == true)
        #expect(problem("<html>") != nil)
    }

    static func result(_ hours: CityHours) throws -> CityResult<CityHours> {
        CityResult(city: try CityCatalog.resolve("130010"), outcome: .success(hours), provider: .jma)
    }

    @Test("TSV, JSON, the line and a template of the real file at 05:30, the chance of rain 10% a period")
    func formats() throws {
        let hours = try Self.hours(try Self.body(), at: "2026-10-04T05:30", rain: { _ in 10 })
        let results = [try Self.result(hours)]
        let tsv = TSVFormatter().format(results).split(separator: "\n").map(String.init)
        #expect(tsv[0] == "id\tcity\tprefecture\ttime\tweather\ttemp_c\twind_dir\twind_min_ms\twind_max_ms\tpop")
        #expect(tsv[1] == "130010\t東京\t東京都\t2026-10-04T06:00+09:00\t晴れ\t17\tN\t3\t5\t10" && tsv.count == 15)
        #expect(TSVFormatter(language: .en).format(results).split(separator: "\n")[2] == "130010\tTokyo\tTokyo\t2026-10-04T09:00+09:00\tcloudy\t21\tN\t3\t5\t10")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONFormatter().format(results).utf8)) as? [[String: Any]])
        #expect(json[0]["office"] as? String == "130000" && json[0]["public_time"] as? String == "2026-10-04T05:00:00+09:00")
        #expect(json[0]["source"] as? String == "jma" && (json[0]["temperature_point"] as? [String: Any])?["name"] as? String == "東京")
        let first = try #require((json[0]["hours"] as? [[String: Any]])?.first)
        #expect(first["time"] as? String == "2026-10-04T06:00:00+09:00" && first["temp_c"] as? Int == 17 && first["rain"] as? Int == 10)
        #expect(first["wind_dir"] as? String == "N" && first["wind_min_ms"] as? Int == 3 && first["wind_max_ms"] as? Int == 5)

        #expect(LineFormatter(days: 2).format(results) == "東京 6時 ☀️ 17°C 10% | 9時 ☁️ 21°C 10%\n")
        let template = try FormatTemplate("%d %T %c %C %t° %W %p")
        #expect(TemplateFormatter(template: template, days: 2, language: .en).format(results)
            == "2026-10-04 06:00 ☀️ clear 17° N 3-5m/s 10%\n2026-10-04 09:00 ☁️ cloudy 21° N 3-5m/s 10%\n")
    }

    @Test("--watch looks again when the first period shown ends, or at the next release if that is sooner")
    func watch() throws {
        func look(at time: String) throws -> Int {
            let now = try #require(JST.parseInstant(time + ":00+09:00"))
            return HoursRun().nextLook(after: [try Self.result(try Self.hours(try Self.body(), at: time))], now: now)
        }
        #expect(try look(at: "2026-10-04T06:30") == JST.parseInstant("2026-10-04T09:00:00+09:00"), "the 06:00 period ends first")
        #expect(try look(at: "2026-10-04T10:00") == JST.parseInstant("2026-10-04T11:00:00+09:00"), "the 11:00 release comes first")
    }

    @Test("Waybar: the first period as text, its weather's class, the tooltip's table as many periods as asked")
    func waybar() throws {
        let results = [try Self.result(try Self.hours(try Self.body(), at: "2026-10-04T05:30"))]
        var waybar = WaybarFormatter()
        waybar.days = 8
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.format(results).utf8)) as? [String: Any])
        #expect(object["text"] as? String == "東京 6時 ☀️ 17°C -" && object["class"] as? [String] == ["sunny"] && object["alt"] as? String == "100")
        let tooltip = try #require(object["tooltip"] as? String)
        #expect(tooltip.contains("21:00") && !tooltip.contains("2026-10-05 06:00") && tooltip.split(separator: "\n").filter { $0.contains(":00  ") }.count == 8)
    }

    @Test("The table, ja and en, at every width from 40 to 120: within the width where a row can be, a day's label where the day changes, the credit last")
    func table() throws {
        // The widest wind: a 16-point word and a range of two two-digit numbers.
        let windy = try Self.edited { file in
            var area = file["areaTimeSeries"] as! [String: Any]
            var winds = area["wind"] as! [[String: Any]]
            winds[1] = ["direction": "北北東", "speed": 5, "range": "10 15"]
            area["wind"] = winds
            file["areaTimeSeries"] = area
        }
        let results = [try Self.result(try Self.hours(windy, at: "2026-10-04T05:30", rain: { _ in 40 }))]
        for language in [Language.ja, .en] {
            for width in 40...120 {
                let lines = TableFormatter(color: false, language: language, width: width).format(results).split(separator: "\n").map(String.init)
                #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(language) at \(width):\n\(lines.joined(separator: "\n"))")
                #expect(lines.last == (language == .ja ? "出典: 気象庁" : "Source: Japan Meteorological Agency") || width < 45)
                #expect(lines.filter { $0.contains(language == .ja ? "10-05 月" : "10-05 Mon") }.count == 1, "\(language) at \(width)")
            }
        }
    }
}
