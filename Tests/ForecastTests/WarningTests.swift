@testable import Forecast
import Foundation
import CurlHTTP
import MockAPI
import Testing
import TestSupport

/// The agency's warning files in the r8 format: what is in force for an area, in order, and the
/// code table.
@Suite("Warnings: the r8 files")
struct WarningTests {
    static func file(_ office: String) throws -> WarningFile {
        try WarningFile.decode(try fixture("jma/warnings/r8-\(office)-20260813.json"), office: office)
    }

    @Test("東京地方 in the real file: a warning downgraded from a danger warning, two advisories; 解除 and none left out, highest level first")
    func tokyo() throws {
        let tokyo = try Self.file("130000").warnings(for: "130010", office: "130000")
        #expect(tokyo.office == "130000" && tokyo.reported == "2026-08-13T19:48:00+09:00")
        #expect(tokyo.warnings.map(\.code) == ["03", "14", "29"])
        #expect(tokyo.warnings.map(\.level) == [3, 2, 2])
        #expect(tokyo.warnings.map { $0.name(in: .ja) } == ["大雨警報", "雷注意報", "土砂災害注意報"])
        #expect(tokyo.warnings.map(\.status) == ["危険警報から警報", "継続", "危険警報から注意報"])
        #expect(tokyo.warnings.map { $0.status(in: .en) } == ["danger warning to warning", "continued", "danger warning to advisory"])
        #expect(tokyo.warnings.map(\.reported) == ["2026-08-13T19:48:00+09:00", "2026-08-13T16:27:00+09:00", "2026-08-13T19:48:00+09:00"])
        #expect(tokyo.warnings[1].additions == ["竜巻", "ひょう"] && tokyo.highestLevel == 3)
        // 130040: the waves advisory was lifted (解除); the thunderstorm one is new.
        let ogasawara = try Self.file("130000").warnings(for: "130040", office: "130000")
        #expect(ogasawara.warnings.map(\.code) == ["14"] && ogasawara.warnings[0].status == "発表" && ogasawara.warnings[0].additions == ["突風"])
    }

    @Test("十勝 and 奄美 read files of their own; 奄美 has nothing in force, with the file's newest time")
    func ownFiles() throws {
        let tokachi = try Self.file("014030").warnings(for: "014030", office: "014030")
        #expect(tokachi.warnings.map { $0.name(in: .en) } == ["dense fog advisory"])
        let amami = try Self.file("460040").warnings(for: "460040", office: "460040")
        #expect(amami.warnings.isEmpty && amami.highestLevel == 0 && amami.reported == "2026-08-13T10:16:00+09:00")
        let city = try CityCatalog.resolve("014030")
        #expect(try WarningSource(agencyURL: "https://x", endpoint: Endpoint(url: "https://x")).key(for: city) == "014030")
        #expect(try WarningSource(agencyURL: "https://x", endpoint: Endpoint(url: "https://x")).key(for: CityCatalog.resolve("014010")) == "014100")
    }

    @Test("An unknown code is shown, never dropped: its code, a name that says so, no level, after the known ones")
    func unknownCode() throws {
        let body = #"[{"reportDatetime": "2026-08-13T10:00:00+09:00", "warning": {"class10Items": [{"areaCode": "130010", "kinds": [{"code": "77", "status": "発表"}, {"code": "10", "status": "継続"}, {"code": "33", "status": "発表"}]}]}}]"#
        let warnings = try WarningFile.decode(Data(body.utf8), office: "130000").warnings(for: "130010", office: "130000").warnings
        #expect(warnings.map(\.code) == ["33", "10", "77"])
        #expect(warnings[2].level == nil && warnings[2].name(in: .ja) == "不明な警報・注意報 (77)" && warnings[2].name(in: .en) == "unknown warning (77)")
        #expect(warnings[0].name(in: .en) == "heavy rain emergency warning" && warnings[0].level == 5)
    }

    @Test("A file that does not list the area, or is not of the r8 shape, fails in words")
    func failures() throws {
        #expect(throws: ForecastError.other("the agency's warning file of office 130000 does not list area 140010")) {
            try Self.file("130000").warnings(for: "140010", office: "130000")
        }
        // The frozen old format is a single object.
        let old = try fixture("jma/warnings/r8-130000-20260813.json").prefix(0) + Data(#"{"reportDatetime": "2026-05-28T10:16:00+09:00", "areaTypes": []}"#.utf8)
        do {
            _ = try WarningFile.decode(old, office: "130000")
            Issue.record("the old format decoded")
        } catch {
            #expect(error.description.hasPrefix("the agency's warning file of office 130000 is not of the r8 shape: "), "\(error)")
        }
        #expect(throws: ForecastError.notJSON(what: "an HTML page")) { try WarningFile.decode(Data("<html></html>".utf8), office: "130000") }
    }

    @Test("The code table is the fixture's: every code, name and level (its weight / 10)")
    func codeTable() throws {
        let rows = String(decoding: try fixture("jma/warnings/warning-codes.tsv"), as: UTF8.self)
            .split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
        #expect(WarningCode.table.map(\.code) == rows.map { $0[0] })
        #expect(WarningCode.table.map(\.name) == rows.map { $0[1] })
        #expect(WarningCode.table.map(\.level) == rows.map { Int($0[2])! / 10 })
        #expect(WarningCode.table.allSatisfy { !$0.english.isEmpty })
        #expect(WarningCode.table.map(\.code) == WarningCode.table.map(\.code).sorted())
    }
}

/// `ForecastClient.warnings(for:jobs:)` against the mock.
@Suite("Warnings: the client", .timeLimit(.minutes(5)))
struct WarningClientTests {
    @Test("11 cities of 5 offices: 5 requests, each city its area's; a second run within 5 minutes: none")
    func requests() async throws {
        try await withTemporaryFolder { folder in
            let clock = CacheTests.Clock(1_786_600_000)
            let cache = ForecastCache(directory: folder.path, now: clock.now)
            try await MockServer.withServer { server in
                let ids = ["130010", "130020", "130030", "130040", "140010", "140020", "014010", "014030", "460010", "460040", "270000"]
                func run() async -> [CityResult<CityWarnings>] {
                    let client = ForecastClient(configuration: ClientConfiguration(
                        baseURL: server.baseURL, retries: 0, cache: cache, agencyURL: server.baseURL))
                    var all: [CityResult<CityWarnings>] = []
                    for await result in client.warnings(for: ids.map { CityCatalog.city(id: $0)! }, jobs: 4) { all.append(result) }
                    return all
                }
                // 130000, 140000, 014100 (札幌 014010), 014030, 460100 (鹿児島 460010), 460040, 270000: 7 files.
                let results = await run()
                #expect(results.map(\.city.id) == ids && results.allSatisfy { $0.error == nil })
                #expect(server.stats().requestsBySource["warning"] == ["130000": 1, "140000": 1, "014100": 1, "014030": 1, "460100": 1, "460040": 1, "270000": 1])
                #expect(results[0].value?.warnings.map(\.code) == ["03", "14", "29"])
                #expect(results[4].value?.warnings == [] && results[4].value?.office == "140000")
                clock.advance(299)
                _ = await run()
                #expect(server.stats().requestsServed == 7)
                clock.advance(1)
                _ = await run()
                #expect(server.stats().requestsServed == 14)
            }
        }
    }
}
