import Forecast

/// What `forecast --help` and `forecast cities --help` print, made from the option table.
///
/// The first screen (24 lines) has the usage, three examples, the five options most runs use
/// and where to read the rest; the other options and the reference sections follow. The same
/// sections are the discussion swift-argument-parser is given, from which the man page is
/// written.
enum HelpText {
    /// The widest a help line is.
    static let width = 80

    /// An example: the command, and what it prints (its first line) or does.
    struct Example {
        let command: String
        let result: String
        /// True when `result` is the first line the command prints for the mock's cities.
        var isOutput = false
    }

    /// The examples of the first screen. The printed ones are what the mock of the API prints
    /// for these cities (a test runs them).
    static let firstExamples = [
        Example(command: "forecast 130010 140010", result: "東京 and 横浜, one after the other"),
        Example(command: "forecast -p 東京 横浜 大阪", result: "concurrently, printed in the order given"),
        Example(command: "forecast -f line 東京", result: "東京 晴のち曇 -/27° 10%", isOutput: true),
    ]

    /// The examples further down.
    static let moreExamples = [
        Example(command: "forecast 130010 | cut -f2,5,6", result: "piped: tab-separated, for scripts"),
        Example(command: "forecast -f '%c %l %H°' 東京", result: "🌤️ 東京 27°", isOutput: true),
        Example(command: "forecast -f detail 東京", result: "the overview and the wind and waves"),
        Example(command: "forecast --lang en 東京", result: "in English: Tokyo, Clear, cloudy later"),
        Example(command: "forecast tokyo osaka", result: "romaji, English names, kana"),
        Example(command: "forecast cities 沖縄 | forecast -p -", result: "every city of 沖縄県"),
    ]

    /// A section's text: prose, wrapped to the help's width, or lines set as they are.
    enum Body {
        case prose(String)
        case lines([String])
    }

    /// The reference sections, in order, each a heading and its text.
    static let sections: [(heading: String, body: Body)] = [
        ("CITIES", .prose("""
            A city is a 6-digit ID (130010) or a name from the catalog in any of its forms: \
            東京, Tokyo, Tōkyō, toukyou, トウキョウ, とうきょう (case, width, spaces, hyphens and \
            long vowels do not matter). A prefecture (北海道, 沖縄県, okinawa) stands for all \
            its cities; a name that is also a city's (大阪, 京都) means the city. \
            `forecast cities` lists all 142. "-" reads more cities from standard input: words \
            separated by spaces, or `forecast cities` lines (the first field); blank lines and \
            # comments are skipped.
            """)),
        ("THE WEEK AHEAD", .prose(weekSummary)),
        ("NOW", .prose(nowSummary)),
        ("WARNINGS", .prose(warningsSummary)),
        ("THE SUN", .prose(sunSummary)),
        ("TEMPLATES", .prose("""
            A --format value with a % is a template, printed once per city (per city and day \
            with --days): %i ID, %l city, %c weather icon (emoji), %C weather phrase, %H max \
            °C, %L min °C, %p highest rain chance still ahead that day (10%), %d date, %D day \
            label (今日; in the week, its day of the week), %w day of the week, %r the week's \
            reliability (- here), %P prefecture, %t the temperature now, %h the humidity now, \
            %W the wind now, %R the last hour's precipitation (those four in `forecast now`, - \
            here), %S the sunrise and %s the sunset of the row's day (computed, no request), %% \
            a %. An unknown value prints as -; an unknown placeholder \
            is a usage error. No colour, no control characters. Icons: ☀️ clear, 🌤️ clear \
            with cloud, ☁️ cloudy, 🌥️ cloudy with sun, 🌫️ fog, 🌦️ rain with sun, 🌧️ rain, \
            ❄️ snow, 🌨️ snow with rain or sun, ⛈️ thunder.
            """)),
        ("CONFIG FILE", .prose("""
            Default arguments: an option a line (--format line, -p), or cities separated by \
            spaces; # at the start of a line or after a space starts a comment. The command \
            line wins: its options replace the file's (--refresh undoes --no-cache, \
            --no-parallel undoes -p and -j, --no-watch undoes --watch), a file's option that \
            does not apply is dropped, and the file's cities count only when the command line \
            names none (one that names no city is still reported, with its line). Read from \
            $FORECAST_CONFIG, else $XDG_CONFIG_HOME/forecast/config, else \
            ~/.config/forecast/config; -v says which file was read. A file that is there but \
            cannot be read is a usage error; FORECAST_CONFIG=/dev/null runs without one.
            """)),
        ("EXIT STATUS", .prose("""
            0 every city succeeded; 1 some city failed (the others are printed; a stale copy \
            printed for it with --stale-if-error counts as failed); 64 usage error or unknown \
            city (nothing is fetched); 74 the output cannot be written (a full disk, an I/O \
            error: one line on stderr); 130 interrupted. Output into a pipe that closes early \
            (as head's does) ends quietly with 0.
            """)),
        ("STATUS BARS", .prose("""
            `forecast --watch -f line 東京` (or a template, or -f waybar) prints at once, then \
            again when the forecast changes: it wakes after each release (05:00, 11:00, 17:00 \
            JST) and at midnight, through the cache, keeps its last text marked stale when a \
            look fails, and ends with 0 on SIGTERM. -f waybar prints waybar's JSON (text, \
            tooltip, class, alt; --text-format for the text). For a bar that polls: `forecast \
            -f line --max-time 5 --stale-if-error 1d 東京` never hangs past 5 s and prints the \
            last forecast, marked "(stale, 3 h old)", when the API is down.
            """)),
        ("TRUST", .prose("""
            HTTPS servers are trusted through the system's CA store. --cacert FILE trusts the \
            CAs of FILE instead (a private CA, a company proxy); without it, CURL_CA_BUNDLE \
            names such a file, else SSL_CERT_FILE a file and SSL_CERT_DIR a hashed directory \
            (openssl rehash), as curl reads them.
            """)),
        ("ENVIRONMENT", .lines([
            "FORECAST_CONFIG     the config file of default arguments",
            "FORECAST_BASE_URL   the API root, as --base-url",
            "FORECAST_JMA_URL    the weather agency's site, as --jma-url",
            "FORECAST_CACHE_DIR  the cache (else $XDG_CACHE_HOME/forecast or",
            "                    ~/.cache/forecast)",
            "NO_COLOR            if set and not empty: no colour, unless --color always",
            "CLICOLOR_FORCE      if set, not empty and not 0: colour even into a pipe",
            "                    (NO_COLOR and --color win)",
            "COLUMNS             the terminal's width for the table and --format",
            "                    detail (else asked of the terminal)",
            "CURL_CA_BUNDLE      a CA file to trust instead of the system's store",
            "SSL_CERT_FILE       the same, when CURL_CA_BUNDLE is not set",
            "SSL_CERT_DIR        a hashed CA directory, likewise",
        ])),
    ]

    /// A section's lines, without their indent.
    static func lines(of body: Body) -> [String] {
        switch body {
        case .prose(let text): TextWrap.lines(text, width: width - 2)
        case .lines(let lines): lines
        }
    }

    /// The examples as a section's lines: the command, then what it prints or does.
    static func exampleLines(_ examples: [Example]) -> [String] {
        examples.map { pad($0.command, to: 36) + $0.result }
    }

    static let usage = """
        forecast [options] <city>...
               forecast week|now|warnings|sun [options] <city>...
               forecast cities [options] [<query>]
        """
    static let abstract = "Japanese weather forecasts from weather.tsukumijima.net, for people and scripts."

    /// `forecast --help`.
    static var fetch: String {
        var text = "Usage: \(usage)\n\n\(abstract)\n\nExamples:\n"
        for example in firstExamples {
            text += "  " + pad(example.command, to: 28) + example.result + "\n"
        }
        let options = OptionTable.all.filter { $0.commands.contains(.fetch) }
        text += "\nOptions:\n"
        text += options.filter { $0.section == .first }.map(optionLines).joined()
        text += "\nThe other options, templates, the config file and the exit status follow;\n"
        text += "`man forecast` has them all.\n\nMore options:\n"
        text += options.filter { $0.section == .more }.map(optionLines).joined()
        text += "\nMore examples:\n" + exampleLines(moreExamples).map { "  \($0)\n" }.joined()
        for section in sections {
            text += "\n\(section.heading):\n" + lines(of: section.body).map { "  \($0)\n" }.joined()
        }
        return text
    }

    /// The help of a command.
    static func help(for command: Invocation.Command) -> String {
        switch command {
        case .fetch: fetch
        case .cities: cities
        case .week: week
        case .now: now
        case .warnings: warnings
        case .sun: sun
        }
    }

    /// Where the week comes from, and what `--source` does, for the fetch's help.
    static let weekSummary = """
        `forecast week <city>...` prints the weather agency's own weekly forecast (週間天気予報), \
        seven days a city, from its forecast office's file (www.jma.go.jp/bosai/forecast); the \
        cities of one office share one download. The 3-day forecast comes from \
        weather.tsukumijima.net; with --source auto (the default) a city it fails is built from \
        the agency's file instead, and said so on stderr. Source: Japan Meteorological Agency \
        (出典: 気象庁), read and reformatted by forecast.
        """

    /// What `forecast now` prints, for the fetch's help.
    static let nowSummary = """
        `forecast now <city>...` prints the latest observations of each city's AMeDAS station \
        (アメダス), published every ten minutes: temperature, humidity, wind, precipitation (10 min, \
        1 h, 24 h), sunshine, snow depth, sea-level pressure and, on the hour, the weather. Two \
        files of the agency serve any number of cities (www.jma.go.jp/bosai/amedas), kept until \
        the next is due 17 minutes after its time. A value the station did not measure, or \
        whose quality flag makes it no measurement, is empty; one over 3 hours old is printed, \
        marked stale, exit 1. Source: Japan Meteorological Agency (出典: 気象庁).
        """

    /// What `forecast warnings` prints, for the fetch's help.
    static let warningsSummary = """
        `forecast warnings <city>...` prints the warnings and advisories (警報・注意報) in force in \
        each city's area, highest level first: 5 emergency warning (特別警報), 4 danger warning \
        (危険警報), 3 warning (警報), 2 advisory (注意報). One file of the agency serves an office's \
        cities (www.jma.go.jp/bosai/warning, the r8 format), kept 5 minutes. A city with nothing \
        in force prints one TSV row of level 0 (the line's -, JSON's []). With --warnings, the \
        3-day forecast and the week name the warnings of level 3 or more under the table and in \
        JSON's "warnings", at one more request per office. Source: Japan Meteorological Agency \
        (出典: 気象庁).
        """

    /// What `forecast sun` prints, for the fetch's help.
    static let sunSummary = """
        `forecast sun <city>...` prints each city's sunrise and sunset, in JST to the minute, \
        computed offline from the catalog's coordinates of the city (its AMeDAS point) as the \
        national almanac (国立天文台) defines them: the Sun's upper limb on a sea-level horizon, \
        with standard refraction. No request, no cache. --date YYYY-MM-DD (default today in \
        Japan) and --days N (1 to \(Options.mostSunDays), default \(Options.defaultSunDays)) choose the days. %S and %s print the sunrise \
        and the sunset in every command's templates, on each row's date.
        """

    /// A command's line in the man page's list and beside its name when Tab offers it.
    static func summary(of command: Invocation.Command) -> String {
        switch command {
        case .fetch: abstract
        case .week: "The weather agency's weekly forecast, seven days a city, from its own file (出典: 気象庁)."
        case .now: "The latest observations at each city's AMeDAS station, from the weather agency's files (出典: 気象庁)."
        case .warnings: "The warnings and advisories in force in each city's area, from the weather agency's files (出典: 気象庁)."
        case .sun: "Sunrise and sunset at each city, computed offline as the national almanac defines them (国立天文台)."
        case .cities: "List the cities: ID, name, prefecture and English name, tab-separated (or JSON with -f json)."
        }
    }

    /// What the man page adds to a command's summary: the options it does not take, its formats
    /// and its templates' own placeholders.
    static func note(of command: Invocation.Command) -> String {
        let formats = sentence(OutputFormat.names(for: command), and: "templates")
        let takes = "It takes the fetch's options but \(fetchOnlyOptions(command)), and the formats \(formats)"
        return switch command {
        case .fetch: discussion
        case .week: "\(takes) (%w the day of the week, %r the reliability). The cities of one office share one download of its file."
        case .now: "\(takes) (%t the temperature, %h the humidity, %W the wind, %R the last hour's rain). Two files serve any number of cities."
        case .warnings: "\(takes) (%C the warnings in force). One file serves an office's cities."
        case .sun: "It prints the formats \(formats) (%S the sunrise, %s the sunset), for --days days from --date. No request is made."
        case .cities: """
            With a query, only the cities whose ID, name, prefecture, English name, reading or \
            romaji contains it (東京, 北海道, 47, island, とうきょう). Case, width, spaces, hyphens \
            and long vowels are ignored, as in city arguments.
            """
        }
    }

    /// The man page's line for the cities of a command that takes them.
    static let cityHelp = "6-digit IDs, names or prefectures; - reads them from standard input."
    /// The man page's line for the catalog's query.
    static let queryHelp = "Text to look for in the ID, name, prefecture, English name, reading or romaji."

    /// `--format`'s help in a command: the formats it prints (``OutputFormat/named(for:)``), and
    /// a template where it takes one.
    static func formatHelp(for command: Invocation.Command) -> String {
        let names = OutputFormat.names(for: command).map { name in
            guard name == OutputFormat.auto.name else { return name }
            return command == .cities ? "\(name) (default: tsv)" : "\(name) (default: a table on a terminal, else tsv)"
        }
        return switch command {
        case .fetch: sentence(names, or: "a %-template (below)")
        case .week: sentence(names, or: "a %-template (%w the day of the week, %r the reliability)")
        case .now: sentence(names, or: "a %-template (%t the temperature, %h the humidity, %W the wind, %R the last hour's rain)")
        case .warnings: sentence(names, or: "a %-template (%C the warnings in force, %d the date)")
        case .sun: sentence(names, or: "a %-template (%S the sunrise, %s the sunset, %d the date)")
        case .cities: sentence(Array(names.dropLast()), or: names[names.count - 1])
            + ": one array of {\"id\", \"name\", \"prefecture\", \"name_en\", \"prefecture_en\"}"
        }
    }

    /// The options of `forecast` that `command` (the week, the observations) does not take, for
    /// a sentence: "--days, --base-url, … and --text-format".
    static func fetchOnlyOptions(_ command: Invocation.Command) -> String {
        let names = OptionTable.all.filter { $0.commands.contains(.fetch) && !$0.commands.contains(command.scope) }.map { "--\($0.long)" }
        return sentence(Array(names.dropLast()), and: names.last ?? "")
    }

    /// "a, b and c": `items`, then `last` after "and".
    static func sentence(_ items: [String], and last: String) -> String {
        items.isEmpty ? last : items.joined(separator: ", ") + " and " + last
    }

    /// "a, b or c": `items`, then `last` after "or".
    static func sentence(_ items: [String], or last: String) -> String {
        items.isEmpty ? last : items.joined(separator: ", ") + " or " + last
    }

    /// `forecast week --help`.
    static var week: String {
        let about = """
            The weather agency's weekly forecast (週間天気予報), seven days a city, from its own file \
            of the city's forecast office (www.jma.go.jp/bosai/forecast); the cities of one office \
            share one download. The weather, chance of rain and reliability (A, B, C) are the \
            office's weekly area's; the temperatures are the city's own station's, or empty where \
            the file has none of its stations. Source: Japan Meteorological Agency (出典: 気象庁), \
            read and reformatted by forecast.
            """
        return help(for: .week, about: about, examples: [
            Example(command: "forecast week 東京", result: "a table on a terminal, TSV into a pipe"),
            Example(command: "forecast week -f line 沖縄", result: "a line a city, the days after |"),
            Example(command: "forecast week -f json -p 北海道", result: "JSON, the offices fetched at once"),
        ])
    }

    /// The help of a subcommand that fetches: its usage, what it does, examples and options.
    static func help(for command: Invocation.Command, about: String, examples: [Example]) -> String {
        var text = "Usage: \(command.usage)\n\n"
        text += TextWrap.lines(about, width: width).map { $0 + "\n" }.joined()
        text += "\nExamples:\n" + exampleLines(examples).map { "  \($0)\n" }.joined()
        return text + "\nOptions:\n" + optionLines(for: command)
    }

    /// `forecast now --help`.
    static var now: String {
        let about = """
            The latest observations of the weather agency's AMeDAS station of each city, which \
            it publishes every ten minutes: the temperature, humidity, wind, precipitation, sunshine, snow \
            depth, sea-level pressure and, on the hour, the weather. Two files serve any number \
            of cities (www.jma.go.jp/bosai/amedas): latest_time.txt, which names the newest map \
            file, and that map file, kept until the next is due. A value the station did not \
            measure, or whose quality flag says it is no measurement, is empty. Source: Japan \
            Meteorological Agency (出典: 気象庁), read and reformatted by forecast.
            """
        return help(for: .now, about: about, examples: [
            Example(command: "forecast now 東京", result: "a table on a terminal, TSV into a pipe"),
            Example(command: "forecast now -f line 東京 大阪", result: "東京 29.1° 56% 南南東 3.8m/s"),
            Example(command: "forecast now -f '%l %t° %h' 東京", result: "東京 29.1° 56%"),
            Example(command: "forecast now --watch -f waybar 東京", result: "a bar, printed again as each file is due"),
        ])
    }

    /// `forecast warnings --help`.
    static var warnings: String {
        let about = """
            The warnings and advisories (警報・注意報) the weather agency has in force in each \
            city's area, highest level first: 5 emergency warning (特別警報), 4 danger warning \
            (危険警報), 3 warning (警報), 2 advisory (注意報); a status such as 警報から注意報 \
            says a warning became an advisory. One file of the city's office serves its cities \
            (www.jma.go.jp/bosai/warning/data/r8), kept 5 minutes; 十勝 and 奄美 have files of \
            their own. A city with nothing in force prints one TSV row of level 0, the line's -, \
            JSON's empty list. A code the tool does not know is shown as 不明な警報・注意報 (NN). \
            Source: Japan Meteorological Agency (出典: 気象庁), read and reformatted by forecast.
            """
        return help(for: .warnings, about: about, examples: [
            Example(command: "forecast warnings 東京", result: "a table on a terminal, TSV into a pipe"),
            Example(command: "forecast warnings -f line 東京", result: "東京 大雨警報 雷注意報 土砂災害注意報"),
            Example(command: "forecast warnings --watch -f waybar 東京", result: "a bar, its class the highest level"),
        ])
    }

    /// `forecast sun --help`.
    static var sun: String {
        let about = """
            Sunrise and sunset at each city, in JST to the minute, with the daylight between \
            them, computed offline from the catalog's coordinates of the city (its AMeDAS point) \
            as the national almanac (国立天文台「各地のこよみ」) defines them: the moment the Sun's \
            upper limb touches a sea-level horizon, with standard refraction (−0°50′). The times \
            are within a minute of the almanac's; a place above the sea sees the Sun a little \
            earlier and later. No request is made and no file is read.
            """
        return help(for: .sun, about: about, examples: [
            Example(command: "forecast sun 東京", result: "a table on a terminal, TSV into a pipe"),
            Example(command: "forecast sun -f line 東京", result: "東京 ↑06:50 ↓16:38"),
            Example(command: "forecast sun --date 2026-06-21 --days 7 那覇", result: "a week from the solstice"),
            Example(command: "forecast -f '%l %C ↓%s' 東京", result: "東京 晴のち曇 ↓18:34"),
        ])
    }

    /// `forecast cities --help`.
    static var cities: String {
        """
        Usage: forecast cities [options] [<query>]

        The catalog's 142 cities, one a line, tab-separated: ID, name, prefecture and
        English name; with --lang en, ID, English name, prefecture (in romaji) and
        Japanese name. With a query, only the cities whose ID, name, prefecture,
        English name, reading or romaji contains it (東京, 北海道, 47, island,
        とうきょう); case, width, spaces, hyphens and long vowels do not matter.

        Options:

        """ + optionLines(for: .cities) + "\n"
    }

    /// The options of a command other than the fetch, each with its help there.
    static func optionLines(for command: Invocation.Command) -> String {
        OptionTable.all.filter { $0.commands.contains(command.scope) }.map { spec in
            optionLines(OptionSpec(spec.long, short: spec.short, spec.arity, help: help(of: spec, in: command), effect: spec.effect))
        }.joined()
    }

    /// An option's help in a command: the table's, but for `--format`, which lists the
    /// command's formats, and `--lang` in the catalog, which has no weather to translate.
    static func help(of spec: OptionSpec, in command: Invocation.Command) -> String {
        switch (spec.long, command) {
        case (OptionTable.format.long, _): formatHelp(for: command)
        case (OptionTable.lang.long, .cities): "ja (default) or en: the names and prefectures in Japanese or in English"
        case (OptionTable.days.long, .sun): "days from --date, 1 to \(Options.mostSunDays) (default \(Options.defaultSunDays))"
        default: spec.help
        }
    }

    /// What the man page says under DESCRIPTION, before its reference sections.
    static let description = """
        `forecast` prints the weather forecast of Japanese cities: the 3-day forecast of \
        weather.tsukumijima.net, and the week ahead from the Japan Meteorological Agency's own \
        files. On a terminal it prints a table; into a pipe, tab-separated values; and on request \
        JSON, one line a city or a template of your own, for scripts and status bars.
        """

    /// The discussion swift-argument-parser is given for the man page: the description, then
    /// the reference sections, each under its heading.
    ///
    /// Prose is given whole, a paragraph a line, for the man page's formatter to fill: a line
    /// the help wraps between two characters of Japanese (週 and 間) has no space to break at,
    /// and the page would join the two with one.
    static var discussion: String {
        let examples = ("EXAMPLES", exampleLines(firstExamples + moreExamples))
        let reference = ([examples] + sections.map { section in
            switch section.body {
            case .prose(let text): (section.heading, [text])
            case .lines(let lines): (section.heading, lines)
            }
        }).map { heading, lines in
            "\(heading):\n" + lines.map { "  \($0)" }.joined(separator: "\n")
        }
        return ([description] + reference).joined(separator: "\n\n")
    }

    /// An option's lines: its spellings, then its help wrapped to the width from column 22.
    /// A name too wide for two spaces before the column has a line of its own.
    static func optionLines(_ spec: OptionSpec) -> String {
        var name = spec.short.map { "-\($0), " } ?? "    "
        name += spec.usage
        let indent = 22
        let lines = TextWrap.lines(spec.help, width: width - indent)
        var text = "  " + pad(name, to: indent - 2)
        if DisplayWidth.of(name) + 2 > indent - 2 {
            text = "  " + name + "\n" + String(repeating: " ", count: indent)
        }
        text += lines.joined(separator: "\n" + String(repeating: " ", count: indent)) + "\n"
        return text
    }

    /// `text` followed by spaces to `width` display cells, and at least two.
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(2, width - DisplayWidth.of(text)))
    }
}
