import Foundation
@testable import ForecastCLI
import Testing

/// The declaration swift-argument-parser writes the completions and the man page from
/// (`Declaration.swift`) declares each command's options one property at a time, apart from the
/// option table that runs are parsed with. These tests read it as the man page's writer does,
/// through `forecast --experimental-dump-help`, and compare it with the table, so that an option
/// added to the table and forgotten in the declaration (or the other way round) fails here
/// instead of dropping out of the completions and the man page.
@Suite("The declaration behind completions and the man page")
struct DeclarationTests {
    /// An option as swift-argument-parser's JSON shows it, or as the table says it should.
    struct Declared: Hashable, CustomStringConvertible {
        /// "-j, --jobs", short name first.
        let names: String
        /// The value's name ("N"), nil for a flag.
        let valueName: String?

        var description: String { valueName.map { "\(names) \($0)" } ?? names }
    }

    /// One argument of the dump, as much of it as the tests read.
    struct Argument: Decodable {
        struct Name: Decodable {
            let kind: String
            let name: String
        }

        /// What a shell offers for it: `{"list": {"values": […]}}`, `{"file": {…}}`, `{"custom": {}}`.
        struct Completion: Decodable {
            struct List: Decodable {
                let values: [String]
            }

            let list: List?
        }

        let kind: String
        let names: [Name]?
        let valueName: String?
        let abstract: String?
        let defaultValue: String?
        let completionKind: Completion?
    }

    /// One command of the dump.
    struct Command: Decodable {
        let commandName: String
        let discussion: String?
        let arguments: [Argument]?
        let subcommands: [Command]?
    }

    struct Dump: Decodable {
        let command: Command
    }

    /// The options swift-argument-parser adds to every command itself, with its own help
    /// ("Show help information."): the table lists them for `--help`'s sake.
    static let builtIn: Set<String> = [OptionTable.help.long, OptionTable.version.long]

    /// The commands of the dump, by name: `forecast` (the fetch, the root), and below it
    /// `week` and `cities`.
    static func dumpedCommands() async throws -> [String: Command] {
        let result = try await forecast(["--experimental-dump-help"])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try JSONDecoder().decode(Dump.self, from: Data(result.stdout.utf8))
        var commands = [dump.command.commandName: dump.command]
        for command in dump.command.subcommands ?? [] {
            commands[command.commandName] = command
        }
        return commands
    }

    /// The options a command of the dump declares, by long name.
    static func declared(in command: Command) -> [String: (declared: Declared, argument: Argument)] {
        var found: [String: (declared: Declared, argument: Argument)] = [:]
        for argument in command.arguments ?? [] where argument.kind != "positional" {
            let names = argument.names ?? []
            guard let long = names.first(where: { $0.kind == "long" })?.name else { continue }
            let short = names.first { $0.kind == "short" }.map { "-\($0.name), " } ?? ""
            let declared = Declared(names: short + "--" + long, valueName: argument.kind == "option" ? argument.valueName : nil)
            found[long] = (declared, argument)
        }
        return found
    }

    /// The options the table gives a command, by long name.
    static func expected(for scope: OptionSpec.Commands) -> [String: (declared: Declared, spec: OptionSpec)] {
        var found: [String: (declared: Declared, spec: OptionSpec)] = [:]
        for spec in OptionTable.all where spec.commands.contains(scope) {
            let names = spec.short.map { "-\($0), " } ?? ""
            let valueName: String? = switch spec.arity {
            case .flag: nil
            case .value(let name): name
            }
            found[spec.long] = (Declared(names: names + "--" + spec.long, valueName: valueName), spec)
        }
        return found
    }

    @Test("Each command declares exactly the table's options for it, with their names and value names",
          arguments: [("forecast", OptionSpec.Commands.fetch), ("week", .week), ("cities", .cities)])
    func sameOptions(command name: String, scope: OptionSpec.Commands) async throws {
        let command = try #require(try await Self.dumpedCommands()[name], "the dump has no command \(name)")
        let declared = Self.declared(in: command)
        let expected = Self.expected(for: scope)
        let missing = expected.keys.filter { declared[$0] == nil }.sorted()
        let extra = declared.keys.filter { expected[$0] == nil }.sorted()
        #expect(missing.isEmpty, "\(name): in the table but not declared: \(missing)")
        #expect(extra.isEmpty, "\(name): declared but not in the table: \(extra)")
        for (long, (want, _)) in expected {
            guard let got = declared[long]?.declared else { continue }
            #expect(got == want, "\(name): declared as \(got), the table has \(want)")
        }
    }

    @Test("The man page's text of each option is its help in --help, and states no second default")
    func sameHelp() async throws {
        let commands = try await Self.dumpedCommands()
        for name in ["forecast", "week", "cities"] {
            let command = try #require(commands[name])
            for (long, (_, argument)) in Self.declared(in: command) where !Self.builtIn.contains(long) {
                // make-manpage.py appends "(default: …)" for a declared default: the help says it.
                #expect(argument.defaultValue == nil, "\(name) --\(long) declares a default of its own: \(argument.defaultValue ?? "")")
                guard let spec = OptionTable.option(long: Substring(long)) else { continue }
                // `--format` lists each command's formats.
                #expect(argument.abstract == HelpText.help(of: spec, in: Self.command(named: name)), "\(name) --\(long)")
            }
        }
    }

    @Test("Each command's options complete to the table's values in that command: --format to the formats it prints (before: the week offered detail and waybar, the catalog tsv and json, --generate-completion-script nothing)",
          arguments: [("forecast", Invocation.Command.fetch), ("week", .week), ("cities", .cities)])
    func sameValues(command name: String, command: Invocation.Command) async throws {
        let dumped = try #require(try await Self.dumpedCommands()[name], "the dump has no command \(name)")
        for (long, (_, argument)) in Self.declared(in: dumped) where !Self.builtIn.contains(long) {
            let spec = try #require(OptionTable.option(long: Substring(long)))
            let values = spec.completions(command)
            guard !values.isEmpty else { continue }
            #expect(argument.completionKind?.list?.values == values, "\(name) --\(long)")
        }
        // What -f completes to is what the command accepts (the catalog checks its format as it runs).
        let offered = OptionTable.format.completions(command)
        for format in OutputFormat.names {
            let line = (command == .fetch ? [] : [command.rawValue]) + ["-f", format, "130010"]
            let accepted = command == .cities ? try await forecast(line).status != 64 : usageError(line) == nil
            #expect(offered.contains(format) == accepted, "\(line)")
        }
    }

    /// The command of a name in the dump.
    static func command(named name: String) -> Invocation.Command {
        name == "forecast" ? .fetch : Invocation.Command(rawValue: name) ?? .fetch
    }

    @Test("The week's description in the man page names the options it does not take, from the table")
    func weekDiscussion() async throws {
        let week = try #require(try await Self.dumpedCommands()["week"])
        let discussion = try #require(week.discussion)
        let start = try #require(discussion.firstRange(of: "It takes the fetch's options but "))
        let end = try #require(discussion.firstRange(of: ", and the formats"))
        let named = discussion[start.upperBound..<end.lowerBound]
            .replacing(" and ", with: ", ").split(separator: ", ").map(String.init)
        let fetchOnly = OptionTable.all.filter { $0.commands.contains(.fetch) && !$0.commands.contains(.week) }
        #expect(named == fetchOnly.map { "--\($0.long)" })
    }
}
