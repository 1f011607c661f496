import Testing

@testable import Forecast

@Suite("Lookups in the compiled-in tables")
struct SortedLookupTests {
    @Test("Every city, weather code and agency area is found by its key, each table's order being its key's")
    func everyEntryIsFound() {
        for city in CityCatalog.all {
            #expect(CityCatalog.city(id: city.id) == city, "\(city.id)")
        }
        for code in WeatherCode.table {
            #expect(WeatherCode.lookup(code.code) == code, "\(code.code)")
        }
        for area in AgencyArea.all {
            #expect(AgencyArea.of(id: area.city) == area, "\(area.city)")
        }
    }

    @Test("Keys before, between and after a table's are not found")
    func missesAreNil() {
        for id in ["", "000000", "011001", "130011", "479999", "999999", "13001"] {
            #expect(CityCatalog.city(id: id) == nil, "\(id)")
            #expect(AgencyArea.of(id: id) == nil, "\(id)")
        }
        for code in [0, 99, 109, 129, 451, 1000, -1] {
            #expect(WeatherCode.lookup(code) == nil, "\(code)")
        }
    }

    @Test("The search on small arrays: empty, one element, first, last, absent")
    func smallArrays() {
        let empty: [Int] = []
        #expect(empty.sortedLookup(1, by: { $0 }) == nil)
        #expect([5].sortedLookup(5, by: { $0 }) == 5)
        #expect([5].sortedLookup(4, by: { $0 }) == nil)
        #expect([5].sortedLookup(6, by: { $0 }) == nil)
        let odd = [1, 3, 5, 7, 9]
        for value in odd {
            #expect(odd.sortedLookup(value, by: { $0 }) == value)
            #expect(odd.sortedLookup(value + 1, by: { $0 }) == nil)
        }
        #expect(odd.sortedLookup(0, by: { $0 }) == nil)
    }
}
