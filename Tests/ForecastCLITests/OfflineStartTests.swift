import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// Issue "A new user's second hour", the offline start: a mock that tells cities apart (9), a
/// quick start that builds what a user runs (10), and a `forecast-mock` the documents' commands
/// can find (11).
@Suite("A new user's second hour: the offline start")
struct OfflineStartTests {
    /// The package's root.
    static let root = fixturesDirectory.deletingLastPathComponent()

    @Test("forecast week: 東京, 大阪, 札幌 and 那覇 each have a week of their own, all starting on one day (before: Tokyo's, from two days)")
    func weeks() async throws {
        try await withMock(MockConfiguration(stampsRelease: true)) { _, env in
            let result = try await forecast(["week", "-f", "tsv", "東京", "大阪", "札幌", "那覇"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            var weeks: [String: [[Substring]]] = [:]
            for line in result.stdout.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                weeks[String(fields[1]), default: []].append(fields)
            }
            #expect(weeks.count == 4)
            let starts = Set(weeks.values.compactMap { $0.first?[3] })
            #expect(starts.count == 1, "the weeks start on \(starts.sorted())")
            // date, weather, minimum, maximum, chance of rain of each day
            let days = weeks.mapValues { $0.map { [$0[3], $0[5], $0[6], $0[7], $0[8]].joined(separator: " ") } }
            #expect(Set(days.values).count == 4, "\(days)")
        }
    }

    @Test("forecast -f line 大阪 札幌 那覇: three lines of their own, none Tokyo's (before: Tokyo's three times)")
    func lines() async throws {
        try await withMock { _, env in
            let result = try await forecast(["-f", "line", "東京", "大阪", "札幌", "那覇"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.map { $0.prefix { $0 != " " } } == ["東京", "大阪", "札幌", "那覇"])
            let weather = lines.map { $0.drop { $0 != " " } }
            #expect(Set(weather).count == 4, "\(result.stdout)")
        }
    }

    @Test("--source jma -f detail 那覇: the overview of 那覇's own areas (before: 関東甲信's)")
    func overview() async throws {
        try await withMock(MockConfiguration(stampsRelease: true)) { _, env in
            let result = try await forecast(
                ["--source", "jma", "-f", "detail", "-d", "1", "那覇"], environment: env.merging(["COLUMNS": "100"]) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("本島中南部では、今日は"), "\(result.stdout)")
            #expect(!result.stdout.contains("関東甲信") && !result.stdout.contains("東京地方"), "\(result.stdout)")
        }
    }

    @Test("make builds the command alone, make mock the mock, make bench the benchmarks (before: make built the mock too, most of a fresh install's time)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "make is not installed"))
    func makeBuilds() async throws {
        func builds(_ goal: [String]) async throws -> [String] {
            // -n: print the commands without running them; -B: as if nothing were built yet.
            let make = URL(fileURLWithPath: "/usr/bin/make")
            let result = try await CommandProcess(["-C", Self.root.path, "-n", "-B"] + goal, executable: make).finish()
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").filter { $0.contains("swift build") }.map { line in
                // into .build/release, where README and GUIDE run them from
                #expect(line.contains("swift build -c release") && !line.contains("--scratch-path"), "\(line)")
                return line.firstRange(of: "--product ").map { String(line[$0.upperBound...].prefix { $0 != " " }) } ?? "everything"
            }
        }
        #expect(try await builds([]) == ["forecast"])
        #expect(try await builds(["mock"]) == ["forecast-mock"])
        #expect(try await builds(["bench"]) == ["CurlHTTPBench", "CurlHTTPSoak"])
    }

    @Test("README and GUIDE run forecast-mock from where make puts it, .build/release/ (before: a bare forecast-mock, which make install does not install)")
    func mockCommands() throws {
        var commands = 0
        for document in ["README.md", "GUIDE.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            var inBlock = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    inBlock.toggle()
                    continue
                }
                // A transcript names the mock's options in a comment; it is run by the tests.
                guard inBlock, !line.hasPrefix("$ ") else { continue }
                for match in line.matches(of: /(^|[\s;&|(])forecast-mock(\s|$)/) {
                    let before = line[..<match.range.lowerBound]
                    #expect(before.hasSuffix("swift run -c release"), "\(document): \(line)")
                }
                commands += line.matches(of: /\.build\/release\/forecast-mock(\s|$)/).count
            }
        }
        #expect(commands >= 2, "README's offline start and GUIDE's --tls example")
    }
}
