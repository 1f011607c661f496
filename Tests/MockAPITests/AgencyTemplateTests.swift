import JapanTime
import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// Templates hold the office's own cities whatever sample they are made from.
@Suite("Agency templates")
struct AgencyTemplateTests {
    @Test(
        "A template made from any forecast sample holds every city of every office",
        arguments: try AgencyReading.sampleNames().filter { $0.hasPrefix("forecast-") })
    func everySampleAsBase(sample: String) throws {
        let base = try JSONValue(parsing: try fixtureBytes("jma/" + sample))
        for office in try AgencyReading.offices() {
            let cities = office.cities.map {
                AgencyTemplate.City(id: $0.id, areaName: $0.areaName, point: $0.points[0], pointName: $0.name)
            }
            let template = try #require(
                AgencyTemplate.forecast(
                    from: base, office: office.code, officeName: office.cities[0].officeName, cities: cities))
            let file = try parseJSON(Array(template.text(.compact).utf8))
            for city in office.cities {
                let problems = AgencyReading.problems(in: file, city: city)
                #expect(problems.isEmpty, "\(sample) as office \(office.code), city \(city.id): \(problems)")
            }
        }
    }

    @Test("The weekly report names the office and its first city's point; the averages that point")
    func weeklyReport() throws {
        let base = try JSONValue(parsing: try fixtureBytes("jma/forecast-460100-20260812.json"))
        let cities = [
            AgencyTemplate.City(id: "280010", areaName: "南部", point: "63518", pointName: "神戸"),
            AgencyTemplate.City(id: "280020", areaName: "北部", point: "63051", pointName: "豊岡"),
        ]
        let template = try #require(
            AgencyTemplate.forecast(from: base, office: "280000", officeName: "兵庫県", cities: cities))
        let weekly = template[1]
        #expect(weekly["timeSeries"][0]["areas"].array?.count == 1)
        #expect(weekly["timeSeries"][0]["areas"][0]["area"] == .strings(["name": "兵庫県", "code": "280000"]))
        #expect(weekly["timeSeries"][1]["areas"].array?.count == 1)
        #expect(weekly["timeSeries"][1]["areas"][0]["area"] == .strings(["name": "神戸", "code": "63518"]))
        #expect(weekly["tempAverage"]["areas"][0]["area"]["code"] == .string("63518"))
        #expect(weekly["precipAverage"]["areas"].array?.count == 1)
        #expect(template[0]["publishingOffice"] == base[0]["publishingOffice"])
        // The values are drawn from the cities' IDs for the date of each time: the sample's 3-day
        // forecast holds 2026-08-12 to 14, its week 2026-08-13 to 19.
        let august12 = try #require(JST.parseDay("2026-08-12"))
        let kobe = DerivedWeather(seed: "280010"), toyooka = DerivedWeather(seed: "280020")
        let weather = template[0]["timeSeries"][0]["areas"]
        #expect(weather[0]["weatherCodes"] == .array((0...2).map { .string(kobe.kind(day: august12 + $0).code) }))
        #expect(weather[1]["weatherCodes"] == .array((0...2).map { .string(toyooka.kind(day: august12 + $0).code) }))
        #expect(weather[1]["winds"][1] == .string(toyooka.wind(day: august12 + 1)))
        let week = weekly["timeSeries"][0]["areas"][0]
        #expect(week["weatherCodes"] == .array((1...7).map { .string(kobe.kind(day: august12 + $0).code) }))
        #expect(week["pops"][1] == .string(String(kobe.rain(day: august12 + 2))))
        #expect(weekly["timeSeries"][1]["areas"][0]["tempsMax"][3] == .string(String(kobe.maximum(day: august12 + 4))))
        // What the sample leaves empty stays empty: the week's first chance of rain, its first
        // two reliabilities.
        #expect(week["pops"][0] == .string("") && week["reliabilities"][0] == .string("") && week["reliabilities"][1] == .string(""))
        #expect(weekly["tempAverage"]["areas"][0]["min"].string?.hasPrefix("\(kobe.normalMinimum).") == true)
    }

    @Test("Each derived office has weather of its own: codes, chances of rain, temperatures (before: Tokyo's sample's)")
    func ownWeather() throws {
        let agency = try AgencyStore.load(fixtures: fixturesDirectory.path)
        func values(_ file: JSONValue) -> [String] {
            let threeDay = file[0]["timeSeries"], week = file[1]["timeSeries"]
            return [
                threeDay[0]["areas"][0]["weatherCodes"], threeDay[1]["areas"][0]["pops"], threeDay[2]["areas"][0]["temps"],
                week[0]["areas"][0]["weatherCodes"], week[1]["areas"][0]["tempsMax"],
            ].map { $0.text(.compact) }
        }
        let tokyo = values(try #require(agency.forecasts["130000"]).json)
        var seen: [[String]: String] = [:]
        for (office, file) in agency.forecasts where !agency.sampleOffices.contains(office) {
            let own = values(file.json)
            #expect(own != tokyo, "office \(office) has the sample's weather")
            #expect(seen[own] == nil, "office \(office) has the weather of \(seen[own] ?? "")")
            seen[own] = office
        }
        #expect(seen.count == 50)
    }

    @Test("An inland office's file has no waves; a coastal one's has")
    func waves() throws {
        let agency = try AgencyStore.load(fixtures: fixturesDirectory.path)
        for (office, inland) in [("110000", true), ("290000", true), ("270000", false), ("016000", false)] {
            let areas = try #require(agency.forecasts[office]).json[0]["timeSeries"][0]["areas"].array ?? []
            #expect(!areas.isEmpty)
            #expect(areas.allSatisfy { ($0["waves"] == .null) == inland }, "\(office)")
        }
    }

    @Test("A sample of another shape gives no template")
    func unusableSample() throws {
        let city = AgencyTemplate.City(id: "270000", areaName: "大阪府", point: "62078", pointName: "大阪")
        for text in ["{}", "[]", "[{\"timeSeries\": [{\"areas\": []}]}]", "[1]"] {
            let sample = try JSONValue(parsing: Array(text.utf8))
            #expect(
                AgencyTemplate.forecast(from: sample, office: "270000", officeName: "大阪府", cities: [city]) == nil,
                "\(text)")
        }
    }
}
