/// One command of `forecast`: its name, the options it takes, the formats it prints, what its
/// help says and how it has its results.
///
/// Each is declared in its source's folder (`API/ThreeDayCommand.swift`,
/// `Sun/SunCommand.swift`) and listed once in ``Registry``. The command line's scanner, `--help`,
/// the man page, the completion and the run read these values: none of them names a command.
package struct Command: Sendable {
    /// What the command's operands are.
    package enum Operand: Sendable {
        /// Cities: IDs, names, prefectures, `-` for standard input.
        case cities
        /// One text to look for (the catalog's).
        case query
    }

    /// As the first operand names it ("week"); "" for the 3-day forecast, which is `forecast` itself.
    package let name: String
    package var operand = Operand.cities
    /// Its options, in the order `--help` lists them: ``Registry/options``' order, which a test checks.
    package let options: [OptionSpec]
    /// The named formats it prints, in the order help lists them.
    package let formats: [OutputFormat]
    /// Whether it prints a template (`-f '%l %H°'`).
    package var takesTemplates = true
    /// The placeholders its rows answer beyond the city's and the days' (the week's `%r`).
    package var placeholders: [FormatTemplate.Placeholder] = []
    /// Whether it makes requests: a command that makes none reads none of the network's
    /// variables, so that no value of theirs can stop it.
    package var fetches = true
    /// What other sources add to its output when asked (`--warnings`' marks), which ``Registry`` gives it.
    package var decorations: [any Decoration] = []
    /// Words a person may type for it that are not its name (hourly for hours, warning for
    /// warnings): a first operand that names no city and is one of them, or is close to its name,
    /// gets "did you mean" it (``Registry/command(near:)``).
    package var misnomers: [String] = []
    /// How `--help`, the man page and Tab describe it, made when asked.
    package let help: @Sendable () -> CommandHelp
    package let run: Run

    /// How it has its results.
    package enum Run: Sendable {
        /// The cities' results, printed as they come; `--watch` looks again on its schedule.
        case cities(any CityRun)
        /// The text of the catalog for a query (nil for all): what it prints, or the problem
        /// it reports (no city matches).
        case catalog(@Sendable (OptionValues, String?) -> (text: String?, problem: String?))
    }

    /// The command as a person types it: `forecast`, `forecast week`.
    package var spelling: String {
        name.isEmpty ? "forecast" : "forecast \(name)"
    }

    /// Its usage, as the line of `--help` that names it: `forecast week [options] <city>...`.
    package var usage: String {
        "\(spelling) [options] " + (operand == .query ? "[<query>]" : "<city>...")
    }

    /// Its option of a long name ("days"), if it takes one.
    package func option(long: some StringProtocol) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// Whether it prints `format`.
    package func prints(_ format: OutputFormat) -> Bool {
        if case .template = format { return takesTemplates }
        return formats.contains(format)
    }

    /// The names of the named formats it prints.
    package var formatNames: [String] {
        formats.map(\.name)
    }
}

/// What `--help`, the man page and Tab say of a command.
package struct CommandHelp: Sendable {
    /// An example: the command, and what it prints (its first line) or does.
    package struct Example: Sendable {
        package let command: String
        package let result: String
        /// True when `result` is the first line the command prints for the mock's cities.
        package var isOutput = false

        package init(_ command: String, _ result: String, isOutput: Bool = false) {
            self.command = command
            self.result = result
            self.isOutput = isOutput
        }
    }

    /// Its line in the man page's list of commands, and beside its name when Tab offers it.
    package let summary: String
    /// What its `--help` says it does, before its examples.
    package let about: String
    package let examples: [Example]
    /// What the man page adds to the summary: what it takes and prints.
    package let note: String
    /// Its templates' own placeholders, for `--format`'s help: "(%w the day of the week, %r
    /// the reliability)"; "" for a command without templates of its own.
    package var placeholders = ""
    /// Its section in `forecast --help` and the man page (THE WEEK AHEAD), if it has one.
    package var section: (heading: String, prose: String)? = nil
}

/// How a command that prints cities has its results: the one generic piece of a command, which
/// the command line's runner opens (`Runner.print`).
package protocol CityRun: Sendable {
    associatedtype Value: CityReport
    associatedtype Results: AsyncSequence<CityResult<Value>, Never>

    /// The cities' results in input order, at most `jobs` requests in flight, through
    /// `context.client` (nil for a command that fetches nothing).
    func results(_ context: RunContext) -> Results

    /// When a `--watch` that found these results at `now` looks again (seconds since 1970);
    /// never asked of a command that `--watch` does not apply to.
    func nextLook(after results: [CityResult<Value>], now: Int) -> Int

    /// The rows a city prints: `--days`' where the command has it, else all.
    func days(_ values: OptionValues, format: OutputFormat) -> Int
}

extension CityRun {
    package func nextLook(after results: [CityResult<Value>], now: Int) -> Int { now + 3600 }
    package func days(_ values: OptionValues, format: OutputFormat) -> Int { .max }
}

/// What a run of a command has to work with.
package struct RunContext: Sendable {
    /// The client of the run; nil for a command that fetches nothing.
    package let client: ForecastClient?
    package let cities: [City]
    package let jobs: Int
    package let values: OptionValues

    package init(client: ForecastClient?, cities: [City], jobs: Int, values: OptionValues) {
        self.client = client
        self.cities = cities
        self.jobs = jobs
        self.values = values
    }
}

/// What one source adds to another's output: its results, had first, made into a ``CityDecoration`` that the formats
/// print (a TSV column, a JSON member, lines under the table), without either source's formatter knowing the other.
package protocol Decoration: Sendable {
    associatedtype Value: CityReport

    /// The option that asks for it (`--warnings`).
    var option: OptionSpec { get }
    /// The template placeholders that ask for it, and that its ``CityDecoration`` answers (`%A`).
    var placeholders: [FormatTemplate.Placeholder] { get }
    /// Whether the options ask for it.
    func isAsked(_ values: OptionValues) -> Bool
    /// Its results for the run's cities.
    func results(_ context: RunContext) -> CityResults<Value>
    /// What the formats print of them.
    func decoration(of results: [CityResult<Value>]) -> any CityDecoration
}
