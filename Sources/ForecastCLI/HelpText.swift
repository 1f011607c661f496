import Forecast

/// What `forecast --help` and each command's `--help` print, made from the commands and their options (``Registry``).
///
/// The first screen (24 lines) has the usage, three examples, the five options most runs use
/// and where to read the rest; the other options, the other examples and the reference
/// sections follow. The same sections are the man page's (``HelpDump``).
enum HelpText {
    static let width = 80

    typealias Example = CommandHelp.Example

    /// The examples of the first screen, the 3-day forecast's first three, and those further
    /// down. The printed ones are what the mock of the API prints for these cities (a test runs them).
    static var firstExamples: [Example] { Array(Registry.threeDay.help().examples.prefix(3)) }
    static var moreExamples: [Example] { Array(Registry.threeDay.help().examples.dropFirst(3)) }

    /// A section's text: prose, wrapped to the help's width, or lines set as they are.
    enum Body {
        case prose(String)
        case lines([String])
    }

    /// The reference sections, in order, each a heading and its text: the cities, each
    /// command's own section, then the rest.
    static var sections: [(heading: String, body: Body)] {
        citySection + Registry.commands.compactMap { $0.help().section.map { ($0.heading, .prose($0.prose)) } } + reference
    }

    /// What a city argument is.
    static let citySection: [(heading: String, body: Body)] = [
        ("CITIES", .prose("""
            A city is a 6-digit ID (130010) or a name from the catalog in any of its forms: \
            東京, Tokyo, Tōkyō, toukyou, トウキョウ, とうきょう (case, width, spaces, hyphens and \
            long vowels do not matter). A prefecture (北海道, 沖縄県, okinawa) stands for all \
            its cities; a name that is also a city's (大阪, 京都) means the city. \
            `forecast cities` lists all 142. When no catalog name fits, a municipality of the \
            weather agency's table (新宿区, しんじゅくく, Shinjuku City, 札幌市; without 市, 区, \
            町 or 村 where that names one place: 新宿, shinjuku; its 7-digit code, 1310400) \
            means the city it lies in, and a point, LAT,LON in degrees (35.68,139.77), the \
            nearest city; -v says which. A name several municipalities share (府中市) is an \
            error listing them: add the prefecture ("府中市 東京都", 東京都府中市) or give the \
            code. "-" reads more cities from standard input: words separated by spaces, or TSV \
            lines (the first field; a header line is skipped); blank lines and # comments are \
            skipped. A first word close to a command's name (wek, hourly) suggests the command.
            """)),
    ]

    /// The sections after the commands'.
    static let reference: [(heading: String, body: Body)] = [
        ("TEMPLATES", .prose("""
            A --format value with a % is a template, printed once per city (per city and day \
            with --days): %i ID, %l city, %c weather icon (emoji), %C weather phrase, %H max \
            °C, %L min °C, %p highest rain chance still ahead that day (10%), %d date, %D day \
            label (今日; in the week, its day of the week), %w day of the week, %u the data's \
            time (05:00; 03-12 05:00 when not today), %a its age (12 min, 3 h), %A the warnings \
            of level 3 or more in force (one request more an office; here and in the week), %r \
            the week's reliability (- here), %P prefecture, %t the temperature now, %h the humidity now, \
            %W the wind now, %R the last hour's precipitation (those four in `forecast now`, - \
            here), %S the sunrise and %s the sunset of the row's day (computed, no request), %% \
            a %. An unknown value prints as -, a failed city's values as ? (its line says \
            (failed)); an unknown placeholder is a usage error. No colour, no control characters. Icons: ☀️ clear, 🌤️ clear \
            with cloud, ☁️ cloudy, 🌥️ cloudy with sun, 🌫️ fog, 🌦️ rain with sun, 🌧️ rain, \
            ❄️ snow, 🌨️ snow with rain or sun, ⛈️ thunder.
            """)),
        ("CONFIG FILE", .prose("""
            Default arguments: an option a line (--format line, -p), or cities separated by \
            spaces; # at the start of a line or after a space starts a comment. The command \
            line wins: its options replace the file's (--refresh undoes --no-cache, \
            --no-parallel undoes -p and -j, --no-watch undoes --watch), a file's option that \
            does not apply is dropped, and the file's cities count only when the command line \
            names none (one that names no city is still reported, with its line). On the \
            command line too, a command that fetches nothing (sun, cities) ignores -v, -p, -j \
            and the cache's and network's options; any other option it does not take is a \
            usage error. Read from \
            $FORECAST_CONFIG, else $XDG_CONFIG_HOME/forecast/config, else \
            ~/.config/forecast/config; -v says which file was read. A file that is there but \
            cannot be read is a usage error; FORECAST_CONFIG=/dev/null runs without one.
            """)),
        ("EXIT STATUS", .prose("""
            0 every city succeeded, old data included (a forecast 6 h past the release that \
            should have replaced it is printed marked stale: the line's "(stale, 3 h old)", \
            waybar's class, JSON's "stale"); 1 some city failed (the others are printed; a \
            stale copy printed for it with --stale-if-error counts as failed, and so do \
            observations over 3 hours old); 64 usage error or unknown \
            city (nothing is fetched); 74 the output cannot be written (a full disk, an I/O \
            error: one line on stderr); 130 interrupted. Output into a pipe that closes early \
            (as head's does) ends quietly with 0.
            """)),
        ("STATUS BARS", .prose("""
            `forecast --watch 東京` (a line; or a template, or -f waybar) prints at once, then \
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

    /// Every command's usage: `forecast`'s, then those of the other commands of cities as one
    /// (`forecast week|now|warnings|sun`), then the catalog's.
    static var usage: String {
        let others = Registry.commands.dropFirst()
        let ofCities = others.filter { $0.operand == .cities }.map(\.name).joined(separator: "|")
        let lines = [Registry.threeDay.usage, "forecast \(ofCities) [options] <city>..."] + others.filter { $0.operand == .query }.map(\.usage)
        return lines.joined(separator: "\n       ")
    }

    /// `forecast --help`.
    static var fetch: String {
        var text = "Usage: \(usage)\n\n\(Registry.threeDay.help().summary)\n\nExamples:\n"
        for example in firstExamples {
            text += "  " + pad(example.command, to: 28) + example.result + "\n"
        }
        let options = Registry.threeDay.options
        text += "\nOptions:\n"
        text += options.filter { $0.section == .first }.map(optionLines).joined()
        text += "\nThe other options, templates, the config file and the exit status follow;\n"
        text += "`man forecast` has them all.\n\nMore options:\n"
        text += options.filter { $0.section == .more }.map(optionLines).joined()
        text += "\nOptions of the other commands (`forecast help COMMAND` has each one's):\n"
        text += otherCommandsOptions.map(optionLines).joined()
        text += "\nMore examples:\n" + exampleLines(moreExamples).map { "  \($0)\n" }.joined()
        for section in sections {
            text += "\n\(section.heading):\n" + lines(of: section.body).map { "  \($0)\n" }.joined()
        }
        return text
    }

    /// The options the 3-day forecast does not take (the sun's `--date`), each as the first command that takes it
    /// defines it, its help naming the commands: `forecast --help` lists every option the tool has.
    static var otherCommandsOptions: [OptionSpec] {
        Registry.options.compactMap { option -> OptionSpec? in
            guard Registry.threeDay.option(long: option.long) == nil else { return nil }
            let takers = Registry.commands.filter { $0.option(long: option.long) != nil }
            guard let own = takers.first?.option(long: option.long) else { return nil }
            let names = takers.map(\.name)
            return own.described("\(own.help) (\(Sentence.list(Array(names.dropLast()), and: names[names.count - 1])))")
        }
    }

    /// The help of a command: `forecast --help`'s first screen and reference for the 3-day
    /// forecast, else its usage, what it does, examples and options.
    static func help(for command: Command) -> String {
        guard !command.name.isEmpty else { return fetch }
        let help = command.help()
        var text = "Usage: \(command.usage)\n\n"
        text += TextWrap.lines(help.about, width: width).map { $0 + "\n" }.joined()
        if !help.examples.isEmpty {
            text += "\nExamples:\n" + exampleLines(help.examples).map { "  \($0)\n" }.joined()
        }
        return text + "\nOptions:\n" + command.options.map(optionLines).joined()
    }

    /// The options of `forecast` that `command` does not take, for a sentence: "--days,
    /// --base-url, … and --text-format".
    static func fetchOnlyOptions(_ command: Command) -> String {
        let names = Registry.threeDay.options.filter { command.option(long: $0.long) == nil }.map { "--\($0.long)" }
        return Sentence.list(Array(names.dropLast()), and: names.last ?? "")
    }

    /// The man page's text (``HelpDump``): the description (the 3-day forecast's `about`), then
    /// the reference sections, each under its heading.
    ///
    /// Prose is given whole, a paragraph a line, for the man page's formatter to fill: a line the help wraps between
    /// two characters of Japanese (週 and 間) has no space to break at, and the page would join the two with one.
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
        return ([Registry.threeDay.help().about] + reference).joined(separator: "\n\n")
    }

    /// An option's lines: its spellings, then its help wrapped to the width from column 22.
    /// A name too wide for two spaces before the column has a line of its own.
    static func optionLines(_ spec: OptionSpec) -> String {
        let name = (spec.short.map { "-\($0), " } ?? "    ") + spec.usage
        let indent = 22, margin = "\n" + String(repeating: " ", count: indent)
        let head = DisplayWidth.of(name) + 2 > indent - 2 ? "  " + name + margin : "  " + pad(name, to: indent - 2)
        return head + TextWrap.lines(spec.help, width: width - indent).joined(separator: margin) + "\n"
    }

    /// `text` followed by spaces to `width` display cells, and at least two.
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(2, width - DisplayWidth.of(text)))
    }
}
