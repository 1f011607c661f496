import Forecast
import Foundation
import Testing
import TestSupport

@Suite("The agency's areas of the catalog's cities")
struct AgencyAreaTests {
    @Test("Every one of the 142 cities has an area, and they fall into 56 offices: a week of every city is 56 requests")
    func everyCity() throws {
        #expect(AgencyArea.all.count == 142)
        #expect(AgencyArea.all.map(\.city) == CityCatalog.all.map(\.id))
        #expect(CityCatalog.all.allSatisfy { AgencyArea.of($0) != nil })
        let offices = AgencyArea.offices(for: CityCatalog.all)
        #expect(offices.count == 56)
        #expect(Set(offices).count == 56)
        #expect(offices.prefix(4) == ["011000", "012000", "013000", "014100"])
        #expect(AgencyArea.all.allSatisfy { !$0.points.isEmpty && $0.points.allSatisfy { $0.count == 5 } })
    }

    @Test("The table is areas.tsv as generated: office, points in order, class20, names")
    func matchesTheTSV() throws {
        let text = String(decoding: try fixture("jma/areas.tsv"), as: UTF8.self)
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let area = try #require(AgencyArea.of(id: fields[0]))
            #expect(area.name == fields[1] && area.english == fields[2], "\(fields[0])")
            #expect(area.office == fields[3] && area.officeName == fields[4], "\(fields[0])")
            // The listed points, in order; 名瀬 also has its former code right after its current one.
            let listed = fields[5].split(separator: ",").map(String.init)
            #expect(area.points.filter { $0 != "88836" } == listed, "\(fields[0])")
            #expect(area.class20 == (fields[6].isEmpty ? nil : fields[6]), "\(fields[0])")
        }
    }

    @Test("Offices of a few cities, in order of their first city; unknown cities are left out")
    func offices() throws {
        let cities = try ["130010", "140010", "130020", "014030", "014010", "460040", "460010"].map(CityCatalog.resolve)
        #expect(AgencyArea.offices(for: cities) == ["130000", "140000", "014100", "460100"])
        let stranger = City(id: "999999", name: "x", prefecture: "x", region: "x", district: "x", area: "x")
        #expect(AgencyArea.offices(for: [stranger]).isEmpty)
        #expect(AgencyArea.of(stranger) == nil)
    }

    @Test("名瀬: today's station code, the one of 2021, then 沖永良部; 十勝 and 奄美 have their own pages")
    func specialCases() throws {
        let naze = try #require(AgencyArea.of(id: "460040"))
        #expect(naze.points == ["88837", "88836", "88971"])
        #expect(naze.office == "460100" && naze.page == "460040")
        #expect(naze.link == "https://www.jma.go.jp/bosai/forecast/#area_type=offices&area_code=460040")
        let tokachi = try #require(AgencyArea.of(id: "014030"))
        #expect(tokachi.office == "014100" && tokachi.page == "014030")
        #expect(AgencyArea.of(id: "380020")?.points == ["73136", "73141"])
        #expect(AgencyArea.of(id: "380020")?.class20 == nil)
        #expect(AgencyArea.of(id: "130010")?.page == "130000")
    }
}
