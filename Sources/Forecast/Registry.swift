/// Every command of `forecast`, and every option in the order `--help` lists them: the two lists the command line
/// reads, and the one place outside a source's folder that names its command and its options.
package enum Registry {
    /// The commands: the 3-day forecast (`forecast` itself) first, then the others as help lists them.
    package static let commands: [Command] = [
        .threeDay(decorated: [WarningMarks.Asked()]), .week(decorated: [WarningMarks.Asked()]), .hours, .now, .warnings, .sun,
        .cities,
    ]

    /// What sources answer in every command's templates: the sun's `%S` and `%s`.
    package static let templateAdditions: [any TemplateAddition] = [SunTimes()]

    /// Every placeholder a template may have: the city's and the days', then each command's
    /// own and its decorations', then what ``templateAdditions`` answer. A row that does not answer one prints `-`.
    package static let placeholders: [FormatTemplate.Placeholder] = {
        var all = FormatTemplate.Placeholder.common
        let answered = commands.flatMap { command in command.placeholders + command.decorations.flatMap { $0.placeholders } }
        for placeholder in answered + templateAdditions.flatMap(\.placeholders) where !all.contains(placeholder) {
            all.append(placeholder)
        }
        return all
    }()

    /// `forecast` itself.
    package static var threeDay: Command { commands[0] }

    /// The command the first operand names ("" for the 3-day forecast), if there is one.
    package static func command(named name: some StringProtocol) -> Command? {
        commands.first { $0.name == name }
    }

    /// The command a word that is not one probably meant: the one it is a misnomer of (hourly,
    /// warning), else the one whose name is within a small edit distance of it (wek, citis); nil
    /// when none is. Asked only of a first operand that names no city, so an ordinary run never is.
    package static func command(near word: String) -> Command? {
        let word = word.lowercased()
        if let named = commands.first(where: { $0.misnomers.contains(word) }) { return named }
        let names = commands.map(\.name).filter { !$0.isEmpty }
        return EditDistance.closest(to: word, among: names).flatMap { command(named: $0) }
    }

    /// Every option, once by name, in the order `--help` lists them; what the scanner reads an
    /// option as before the command is known (a command's own `--days` or `--format` then
    /// takes its place: the same names and value, another rule or help).
    package static let options: [OptionSpec] = [
        .parallel, .jobs, .format(OutputFormat.named, templates: "(below)"), .threeDayDays, .date, .lang, .units, .noParallel,
        .noHeader, .timeout, .retries, .interval, .baseURL, .refresh, .noCache, .cacert, .maxTime, .staleIfError, .color,
        .source, .jmaURL, .watch, .noWatch, .textFormat, .warnings, .verbose, .help, .version, .completionScript,
    ]

    /// The option of a long name ("jobs"), if there is one.
    package static func option(long: some StringProtocol) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// The option of a one-letter name, if there is one.
    package static func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }
}
