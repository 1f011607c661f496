import Forecast
import Foundation
import MockAPI
@testable import ForecastCLI
import Testing
import TestSupport

/// `--help`, the man page and GUIDE.md say what the command does (issue 28, "Help, man page and
/// README agree"): the values `-f` takes, and the column the options' help starts in.
@Suite("Help, the man page and GUIDE say what the command does")
struct HelpAgreementTests {
    /// The arguments that print a command's help.
    static func helpArguments(_ command: Invocation.Command) -> [String] {
        (command == .fetch ? [] : [command.rawValue]) + ["--help"]
    }

    /// The help of an option in a help text: the rest of the line that names it, and the lines
    /// that continue it.
    static func optionHelp(_ spelling: String, in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.drop(while: { $0 == " " }).hasPrefix(spelling) }) else { return nil }
        let continued = lines[(first + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: 22)) }
        return ([lines[first].drop(while: { $0 == " " }).dropFirst(spelling.count)] + continued)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The format names a text names, as words.
    static func formatNames(in text: String) -> Set<String> {
        let words = Set(text.split { !$0.isLetter }.map(String.init))
        return Set(OutputFormat.names.filter(words.contains))
    }

    @Test("-f's help names the formats the command takes, in --help and the man page (before: none said auto; the catalog's said tsv and json)",
          arguments: Invocation.Command.allCases)
    func formatValues(command: Invocation.Command) async throws {
        let help = try await forecast(Self.helpArguments(command)).stdout
        let text = try #require(Self.optionHelp("-f, --format F", in: help), "\(help)")
        #expect(Self.formatNames(in: text) == Set(OutputFormat.names(for: command)), "\(text)")
        let dumped = try #require(try await DeclarationTests.dumpedCommands()[command == .fetch ? "forecast" : command.rawValue])
        let abstract = try #require(DeclarationTests.declared(in: dumped)[OptionTable.format.long]?.argument.abstract)
        #expect(Self.formatNames(in: abstract) == Set(OutputFormat.names(for: command)), "\(abstract)")
    }

    @Test("Every option's help starts in column 22 of --help, or on the line below a long name (before: --source SOURCE's started in 23)",
          arguments: Invocation.Command.allCases)
    func optionColumn(command: Invocation.Command) async throws {
        let help = try await forecast(Self.helpArguments(command)).stdout
        let option = /^  (-[a-z], |    )--[a-z-]+( [^ ]+)?/
        var checked = 0
        for line in help.split(separator: "\n") {
            guard let name = try option.prefixMatch(in: line) else { continue }
            checked += 1
            let rest = line[name.range.upperBound...]
            guard !rest.isEmpty else { continue }
            let start = rest.firstIndex { $0 != " " } ?? rest.endIndex
            #expect(DisplayWidth.of(String(line[..<start])) == 22 && rest.hasPrefix("  "), "\(line)")
        }
        #expect(checked >= (command == .cities ? 5 : 20))
    }
}
