import Forecast

/// `forecast ---dump-help`: the commands and the options each takes, as JSON, which
/// `Scripts/make-manpage.py` writes the man page from. Every option of the table is there, under
/// each command it applies to, with the help `--help` prints for it there.
enum HelpDump {
    /// The JSON, on one line.
    static var json: String {
        let subcommands = Invocation.Command.allCases.filter { $0 != .fetch }.map {
            command($0, abstract: HelpText.summary(of: $0), discussion: HelpText.note(of: $0), subcommands: [])
        }
        let root = command(.fetch, abstract: HelpText.abstract, discussion: HelpText.discussion, subcommands: subcommands)
        return JSONText.object([("command", root)]).text + "\n"
    }

    private static func command(
        _ command: Invocation.Command, abstract: String, discussion: String, subcommands: [JSONText]
    ) -> JSONText {
        let operand: [(String, JSONText)] = [
            ("kind", .string("positional")), ("valueName", .string(command == .cities ? "query" : "city")),
            ("abstract", .string(command == .cities ? HelpText.queryHelp : HelpText.cityHelp)),
        ]
        let options = OptionTable.all.filter { $0.commands.contains(command.scope) }.map { spec in
            var names: [JSONText] = [.object([("kind", .string("long")), ("name", .string(spec.long))])]
            if let short = spec.short {
                names.append(.object([("kind", .string("short")), ("name", .string(String(short)))]))
            }
            var members: [(String, JSONText)] = [("kind", .string(spec.takesValue ? "option" : "flag")), ("names", .array(names))]
            if case .value(let name) = spec.arity {
                members.append(("valueName", .string(name)))
            }
            return JSONText.object(members + [("abstract", .string(HelpText.help(of: spec, in: command)))])
        }
        return .object([
            ("commandName", .string(command.spelling.split(separator: " ").last.map(String.init) ?? "forecast")),
            ("abstract", .string(abstract)), ("discussion", .string(discussion)),
            ("arguments", .array([.object(operand)] + options)), ("subcommands", .array(subcommands)),
        ])
    }
}
