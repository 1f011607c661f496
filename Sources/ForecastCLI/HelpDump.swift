import Forecast

/// `forecast ---dump-help`: the commands and the options each takes, as JSON, which
/// `Scripts/make-manpage.py` writes the man page from. Every option of every command is there,
/// under each command that takes it, with the help `--help` prints for it there.
enum HelpDump {
    /// The JSON, on one line.
    static var json: String {
        let subcommands = Registry.commands.dropFirst().map { command($0, abstract: $0.help().summary, discussion: note(of: $0), subcommands: []) }
        let root = command(Registry.threeDay, abstract: Registry.threeDay.help().summary, discussion: HelpText.discussion, subcommands: Array(subcommands))
        return JSONText.object([("command", root)]).text + "\n"
    }

    /// What the man page says of a command after its summary: for a command of cities, the
    /// options of `forecast` it does not take (if it fetches) and the formats it prints.
    static func note(of command: Command) -> String {
        let help = command.help()
        guard command.operand == .cities else { return help.note }
        let formats = Sentence.list(command.formatNames, and: "templates")
        guard command.fetches else { return "It prints the formats \(formats) \(help.placeholders), \(help.note)" }
        return "It takes the fetch's options but \(HelpText.fetchOnlyOptions(command)), and the formats \(formats) \(help.placeholders). \(help.note)"
    }

    private static func command(_ command: Command, abstract: String, discussion: String, subcommands: [JSONText]) -> JSONText {
        let operand: [(String, JSONText)] = command.operand == .query
            ? [("valueName", .string("query")), ("abstract", .string("The start of an ID, or text to look for in the name, prefecture, English name, reading or romaji."))]
            : [("valueName", .string("city")), ("abstract", .string("6-digit IDs, names, prefectures, municipalities or LAT,LON points; - reads them from standard input."))]
        let options = command.options.map { spec in
            var names: [JSONText] = [.object([("kind", .string("long")), ("name", .string(spec.long))])]
            if let short = spec.short {
                names.append(.object([("kind", .string("short")), ("name", .string(String(short)))]))
            }
            var members: [(String, JSONText)] = [("kind", .string(spec.takesValue ? "option" : "flag")), ("names", .array(names))]
            if case .value(let name) = spec.arity {
                members.append(("valueName", .string(name)))
            }
            return JSONText.object(members + [("abstract", .string(spec.help))])
        }
        return .object([
            ("commandName", .string(command.name.isEmpty ? "forecast" : command.name)),
            ("abstract", .string(abstract)), ("discussion", .string(discussion)),
            ("arguments", .array([.object([("kind", .string("positional"))] + operand)] + options)), ("subcommands", .array(subcommands)),
        ])
    }
}
