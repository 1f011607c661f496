import Testing

@testable import Forecast

@Suite("The municipalities' tables, kept as text")
struct MunicipalityTableTests {
    @Test("The tables: 1,787 municipalities in code order, their forms in key order, each municipality found by its name, kana and English name unless the catalog has the form")
    func tables() {
        let all = Municipality.all
        #expect(all.count == 1787)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.code < $1.code })
        let names = TextTable(text: Municipality.names).allRows.map { Array($0.joined(separator: "\t").utf8) }
        #expect(names.count > 10_000)
        #expect(zip(names, names.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        let catalogKeys = Set(CityCatalog.all.flatMap(\.keys) + CityCatalog.allPrefectures.flatMap(\.keys))
        for place in all {
            #expect(Municipality.of(code: place.code) == place)
            #expect(CityCatalog.city(id: place.city) != nil, "\(place.code)")
            for form in [place.name, place.kana, place.english] {
                let key = NameKey.fold(form)
                #expect(catalogKeys.contains(key) || Municipality.named(key).contains(place), "\(place.code) \(form) → \(key)")
            }
        }
    }

    @Test("A table kept as text finds every row whose first field is the key, and nothing for keys between, before or after")
    func textTable() {
        let table = TextTable(text: "a\t1\nab\t2\nab\t3\nb\t4\nさ\t5\n")
        #expect(table.rows(where: "a") == [["a", "1"]])
        #expect(table.rows(where: "ab") == [["ab", "2"], ["ab", "3"]])
        #expect(table.rows(where: "b") == [["b", "4"]])
        #expect(table.rows(where: "さ") == [["さ", "5"]])
        for key in ["", "0", "aa", "abc", "c", "ん"] {
            #expect(table.rows(where: key).isEmpty, "\(key)")
        }
        #expect(TextTable(text: "").rows(where: "a").isEmpty)
        #expect(table.allRows.count == 5)
    }
}
