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
        // The 3-day report's entries take the sample's values in turn.
        let weather = template[0]["timeSeries"][0]["areas"]
        #expect(weather[1]["weatherCodes"] == base[0]["timeSeries"][0]["areas"][1]["weatherCodes"])
        #expect(template[0]["publishingOffice"] == base[0]["publishingOffice"])
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
