@testable import Forecast
@testable import ForecastCLI
import Forecast
import Foundation
import Testing
import TestSupport

/// GUIDE.md's table of options says what the option table and ``Options`` say: each option
/// once, spelled as the command spells it, with its value's name, and the default the code has.
/// A default is written once, in the code; the guide's copy of it is checked here.
@Suite("GUIDE's table of options")
struct GuideOptionTableTests {
    /// One row of the table: the option as written, its default and its meaning.
    struct Row: CustomStringConvertible {
        let option: String
        let defaultCell: String
        let meaning: String
        var description: String { option }

        /// The code spans of the default cell, in order: "`3`; `1` for `line`" → 3, 1, line.
        var defaultValues: [String] {
            defaultCell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    /// The rows of the table under GUIDE.md's "## Options".
    static func rows() throws -> [Row] {
        let guide = try String(contentsOf: fixturesDirectory.deletingLastPathComponent().appendingPathComponent("GUIDE.md"), encoding: .utf8)
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        let section = try #require(lines.firstIndex(of: "## Options"), "GUIDE.md has no section \"## Options\"")
        let header = try #require(lines[section...].firstIndex(of: "| option | default | meaning |"), "no table of options")
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            // Cells split at a "|" that is not escaped; a code span writes "ja\|en" for "ja|en".
            let cells = line.dropFirst().dropLast().replacing("\\|", with: "\u{0}").split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.replacing("\u{0}", with: "|").trimmingCharacters(in: .whitespaces) }
            return Row(option: cells[0], defaultCell: cells.count > 1 ? cells[1] : "", meaning: cells.count > 2 ? cells[2] : "")
        }
    }

    /// "`-j, --jobs N`": the option as the help lists it, short name first.
    static func written(_ spec: OptionSpec) -> String {
        "`" + (spec.short.map { "-\($0), " } ?? "") + spec.usage + "`"
    }

    /// The defaults the guide states, each as the code has it: the values the default cell's
    /// code spans begin with. An option not here has no value as its default (a flag that is
    /// off, a limit that is not set), and its cell says so in words, with no code span.
    static let defaults: [String: [String]] = {
        let client = ClientConfiguration()
        return [
            OptionTable.jobs.long: ["\(OptionSpec.defaultJobs)"],
            OptionTable.format.long: [Key.format.defaultValue.name],
            OptionTable.days.long: ["3", "1"],
            OptionTable.lang.long: [Key.lang.defaultValue.rawValue],
            OptionTable.units.long: [Key.units.defaultValue.rawValue],
            OptionTable.timeout.long: [NumberText.decimal(Key.timeout.defaultValue)],
            OptionTable.retries.long: ["\(Key.retries.defaultValue)"],
            OptionTable.interval.long: [
                NumberText.decimal(ClientConfiguration.publicAPIInterval.seconds), client.endpoint.host, client.agencyEndpoint.host, "0",
            ],
            OptionTable.baseURL.long: ["$FORECAST_BASE_URL", ClientConfiguration.publicBaseURL],
            OptionTable.source.long: [Key.source.defaultValue.rawValue],
            OptionTable.jmaURL.long: ["$FORECAST_JMA_URL", ClientConfiguration.agencyBaseURL],
            OptionTable.color.long: [Key.color.defaultValue.rawValue],
        ]
    }()

    @Test("Every option has one row, spelled as the command spells it, with its value's name")
    func everyOption() throws {
        let rows = try Self.rows()
        let written = rows.map(\.option)
        for spec in OptionTable.all {
            #expect(written.filter { $0 == Self.written(spec) }.count == 1, "GUIDE.md's table should have one row \(Self.written(spec))")
        }
        let known = Set(OptionTable.all.map(Self.written))
        #expect(written.filter { !known.contains($0) }.isEmpty, "rows of no option (or spelled otherwise): \(written.filter { !known.contains($0) })")
        #expect(rows.allSatisfy { !$0.meaning.isEmpty }, "a row without its meaning")
    }

    @Test("Each row states the default the code has, and the help states the same")
    func defaults() throws {
        let rows = try Self.rows()
        for spec in OptionTable.all {
            guard let row = rows.first(where: { $0.option == Self.written(spec) }) else { continue }
            guard let values = Self.defaults[spec.long] else {
                #expect(!spec.help.contains("(default"), "--\(spec.long)'s help states a default this test does not know")
                #expect(row.defaultValues.isEmpty, "--\(spec.long) has no default value, but GUIDE states \(row.defaultCell)")
                continue
            }
            #expect(Array(row.defaultValues.prefix(values.count)) == values, "--\(spec.long): GUIDE says \(row.defaultCell), the code \(values)")
            if spec.help.contains("(default") {
                for value in values {
                    #expect(spec.help.contains(value), "--\(spec.long)'s help does not say \(value): \(spec.help)")
                }
            }
        }
    }

    @Test("--interval's default is the pace the client keeps: the API's host and the agency's, and no other")
    func intervalDefault() {
        let client = ClientConfiguration()
        let pace = ClientConfiguration.publicAPIInterval
        #expect(client.pacing.interval(forHost: client.endpoint.host) == pace)
        #expect(client.pacing.interval(forHost: client.agencyEndpoint.host) == pace)
        let elsewhere = ClientConfiguration(baseURL: "http://127.0.0.1:8080", agencyURL: "http://localhost:8081")
        #expect(elsewhere.pacing.interval(forHost: "127.0.0.1") == .zero)
        #expect(elsewhere.pacing.interval(forHost: "localhost") == .zero)
        // Given, it is both hosts' pace, whichever they are.
        let given = ClientConfiguration(baseURL: "http://127.0.0.1:8080", interval: .seconds(2), agencyURL: "http://localhost:8081")
        #expect(given.pacing.interval(forHost: "127.0.0.1") == .seconds(2))
        #expect(given.pacing.interval(forHost: "localhost") == .seconds(2))
    }
}
