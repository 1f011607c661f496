import JapanTime

@testable import Forecast
import Foundation
import Testing
import TestSupport

/// Inputs the fuzzers of `Fuzz/` found, each fed to the API its fuzzer drives. The inputs live
/// in `Fixtures/fuzz/<target>/`, where `Fuzz/run.sh` also seeds every later run with them.
@Suite("Inputs found by fuzzing")
struct FuzzRegressionTests {
    /// The cache fuzzer's clock: 2022-05-19 05:30 JST (see Fuzz/Targets/CacheFuzz.swift).
    static let fuzzClock = JST.parseInstant("2022-05-19T05:30:00+09:00")!

    /// Writes `contents` as the cache file of city 130010 on host "h" and reads it back as
    /// `ForecastCache.read` does for the client, at the fuzzer's clock.
    static func readCacheFile(_ contents: Data) throws -> Data? {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = ForecastCache(directory: dir, now: { fuzzClock })
        try FileManager.default.createDirectory(atPath: dir + "/h", withIntermediateDirectories: true)
        try contents.write(to: URL(fileURLWithPath: cache.path(host: "h", key: "130010")))
        return cache.read(host: "h", key: "130010")
    }

    @Test("A cache file whose fetch time is Int.min is not an entry (it overflowed the release arithmetic)")
    func cacheFetchedAtIntMin() throws {
        let found = try fixture("fuzz/cache/fetched-int-min")
        #expect(String(decoding: found.prefix(38), as: UTF8.self) == "forecast-cache 1 -9223372036854775808\n")
        #expect(try Self.readCacheFile(found) == nil)
        #expect(try Self.readCacheFile(Data("forecast-cache 1 -1\n".utf8) + fixture("130010.json")) == nil,
                "a fetch time before 1970 is never one the cache wrote")

        // The same body under a sound header a minute before the clock is served: only the
        // fetch time made the difference.
        let body = try fixture("130010.json")
        #expect(try Self.readCacheFile(Data("forecast-cache 1 \(Self.fuzzClock - 60)\n".utf8) + body) == body)
    }

    /// Every saved input, as "target/name".
    static let savedInputs: [String] = {
        let root = fixturesDirectory.appendingPathComponent("fuzz").path
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return targets.sorted().flatMap { target in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + target)) ?? []).sorted().map { "\(target)/\($0)" }
        }
    }()

    @Test("Every saved input goes through its fuzzer's API without a crash", arguments: savedInputs)
    func savedInput(_ name: String) throws {
        let input = try fixture("fuzz/" + name)
        switch name.split(separator: "/").first {
        case "cache":
            if let body = try Self.readCacheFile(input) {
                #expect(input.suffix(body.count) == body, "a hit serves the file's body")
            }
        case "decoder":
            do {
                _ = try ResponseDecoder.decode(input)
            } catch {
                #expect(!error.description.isEmpty)
            }
        case "resolver":
            do {
                _ = try CityCatalog.resolve(String(decoding: input, as: UTF8.self))
            } catch {
                #expect(!error.description.isEmpty)
            }
        default:
            Issue.record("Fixtures/fuzz/\(name) belongs to no fuzz target (decoder, cache, resolver)")
        }
    }
}
