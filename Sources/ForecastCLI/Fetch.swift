import ArgumentParser
import Forecast

/// `forecast [options] <city>...`: fetch and print forecasts.
struct Fetch: AsyncParsableCommand {
    static let usage = "forecast [options] <city>...  |  forecast cities [<query>]"

    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Print the weather forecast of Japanese cities.",
        usage: usage,
        discussion: """
            A city is a 6-digit ID (130010) or a name from the catalog in any of its \
            forms: 東京, Tokyo, Tōkyō, toukyou, トウキョウ, とうきょう (case, width, spaces, \
            hyphens and long vowels do not matter). A prefecture (北海道, 沖縄県, okinawa) \
            stands for all its cities; a name that is also a city's (大阪, 京都) means the \
            city. `forecast cities` lists all 142. "-" reads more cities from standard \
            input: words separated by spaces, or `forecast cities` lines (the first field); \
            blank lines and # comments are skipped. -j N implies --parallel.

            EXAMPLES:
              forecast 130010 140010             東京 and 横浜, one after the other
              forecast -p 東京 横浜 大阪         concurrently, printed in order
              forecast 130010 | cut -f2,5,6      piped: tab-separated, for scripts
              forecast -f line 東京              東京 晴時々曇 -/27° 10%
              forecast -f '%c %l %H°' 東京       🌤️ 東京 27°  (a template, below)
              forecast -f detail 東京            the overview and the wind and waves
              forecast --lang en 東京            in English: Tokyo, Clear, cloudy later
              forecast tokyo osaka               romaji, English names, kana
              forecast cities 沖縄 | forecast -p -

            MORE:
              forecast cities [<query>]          the catalog: ID, name, prefecture, English
              forecast --version                 the version
              forecast --generate-completion-script bash|zsh|fish

            EXIT STATUS:
              0 every city succeeded; 1 some city failed (the others are printed;
              a stale copy printed for it with --stale-if-error counts as failed);
              64 usage error or unknown city (nothing is fetched); 74 the output
              cannot be written (a full disk, an I/O error: one line on stderr);
              130 interrupted. A closed pipe (| head -1) ends quietly with 0.

            CONFIG FILE:
              Default arguments, one a line (--format=line, --parallel, 東京); # starts
              a comment line. They come before the command line's, so the command
              line wins; its cities are used only when the command line names none.
              Read from $FORECAST_CONFIG, else $XDG_CONFIG_HOME/forecast/config, else
              ~/.config/forecast/config; -v says which file was read.

            TEMPLATES:
              A --format value with a % is a template, printed once per city (per
              city and day with --days): %i ID, %l city, %c weather icon (emoji),
              %C weather phrase, %H max °C, %L min °C, %p highest rain chance still
              ahead that day (10%), %d date, %D day label, %P prefecture, %% a %.
              An unknown value prints as -; an unknown placeholder is a usage error.
              No colour, no control characters. Icons: ☀️ clear, 🌤️ clear with
              cloud, ☁️ cloudy, 🌥️ cloudy with sun, 🌫️ fog, 🌦️ rain with sun,
              🌧️ rain, ❄️ snow, 🌨️ snow with rain or sun, ⛈️ thunder.

            STATUS BARS:
              forecast -f line --max-time 5 --stale-if-error 1d 東京
              never hangs past 5 s, and when the API is down prints the last
              forecast, marked "(stale, 3 h old)"; the failure goes to stderr.

            TRUST:
              HTTPS servers are trusted through the system's CA store. --cacert FILE
              trusts the CAs of FILE instead (a private CA, a company proxy); without
              it, CURL_CA_BUNDLE names such a file, else SSL_CERT_FILE a file and
              SSL_CERT_DIR a hashed directory (openssl rehash), as curl reads them.

            ENVIRONMENT:
              FORECAST_CONFIG     the config file of default arguments (else
                                  $XDG_CONFIG_HOME/forecast/config or
                                  ~/.config/forecast/config)
              FORECAST_BASE_URL   the API root, as --base-url
              FORECAST_CACHE_DIR  the cache (else $XDG_CACHE_HOME/forecast or
                                  ~/.cache/forecast)
              NO_COLOR            if set and not empty: no colour, unless
                                  --color always
              CLICOLOR_FORCE      if set, not empty and not 0: colour even
                                  into a pipe (NO_COLOR and --color win)
              COLUMNS             the terminal's width for the table and
                                  --format detail (else asked of the terminal)
              CURL_CA_BUNDLE      a CA file to trust instead of the system's
                                  store (unless --cacert)
              SSL_CERT_FILE       the same, when CURL_CA_BUNDLE is not set
              SSL_CERT_DIR        a hashed CA directory, likewise
            """,
        version: ForecastCommand.parserVersion,
        helpNames: [.short, .long])

    @Flag(name: .shortAndLong, help: "Fetch concurrently; the output keeps the order given.")
    var parallel = false

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "At most N requests in flight (default: 8); implies --parallel.", valueName: "N"))
    var jobs: Int?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "auto (table on a terminal, else tsv), table, tsv, json, line, detail, or a template with % placeholders (see TEMPLATES).",
            valueName: "format"),
        completion: .list(OutputFormat.names),
        transform: OutputFormat.parse)
    var format: OutputFormat = .auto

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Days per city, 1 to 3 (default: 3; 1 for --format line and templates).", valueName: "N"))
    var days: Int?

    @Flag(help: "TSV without its header line.")
    var noHeader = false

    @Option(help: ArgumentHelp("Seconds one attempt of one request may take.", valueName: "S"))
    var timeout: Double = 15

    @Option(help: ArgumentHelp("Extra attempts for transient failures.", valueName: "N"))
    var retries = 2

    @Option(help: ArgumentHelp(
        "Minimum seconds between request starts (default: 0.5 for the public API, 0 elsewhere).", valueName: "S"))
    var interval: Double?

    @Option(help: ArgumentHelp(
        "API root (default: $FORECAST_BASE_URL, else https://weather.tsukumijima.net).", valueName: "URL"))
    var baseURL: String?

    @Flag(help: "Fetch again even if the cache has a fresh copy (and store the new one).")
    var refresh = false

    @Flag(help: "Neither read nor write the cache.")
    var noCache = false

    @Option(help: ArgumentHelp(
        "Trust the CA certificates of this PEM file for HTTPS instead of the system's store.", valueName: "FILE"))
    var cacert: String?

    @Option(help: ArgumentHelp(
        "Give up on the cities not done after S seconds in all, retries and waits included.", valueName: "S"))
    var maxTime: Double?

    @Option(help: ArgumentHelp(
        "When a city cannot be had, print its cached copy if it is at most DURATION old (30, 90s, 45m, 6h, 2d), marked stale.",
        valueName: "DURATION"))
    var staleIfError: StaleDuration?

    @Option(help: ArgumentHelp("auto, always or never.", valueName: "when"))
    var color: ColorMode = .auto

    @Option(help: ArgumentHelp(
        "ja or en (JMA's English city names and weather phrases); LANG does not change it.",
        valueName: "lang"))
    var lang: LanguageOption = .ja

    @Flag(name: .shortAndLong, help: "One timing line per request on stderr.")
    var verbose = false

    @Argument(
        help: ArgumentHelp("6-digit IDs, names or prefectures; - reads them from standard input.", valueName: "city"),
        completion: .custom(CityCompletion.candidates))
    var cities: [String] = []

    mutating func validate() throws {
        guard (1...3).contains(days ?? 1) else {
            throw ValidationError("--days must be 1, 2 or 3 (got \(days!))")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
        guard timeout >= 0.001, timeout <= Self.longestWait else {
            throw ValidationError("--timeout must be from 0.001 to \(Int(Self.longestWait)) seconds (got \(timeout))")
        }
        guard retries >= 0, retries <= 10 else { throw ValidationError("--retries must be from 0 to 10 (got \(retries))") }
        if let interval, !(interval >= 0 && interval <= Self.longestWait) {
            throw ValidationError("--interval must be from 0 to \(Int(Self.longestWait)) seconds (got \(interval))")
        }
        if let maxTime, !(maxTime > 0 && maxTime <= Self.longestWait) {
            throw ValidationError("--max-time must be more than 0 and at most \(Int(Self.longestWait)) seconds (got \(maxTime))")
        }
        if let baseURL {
            try Self.checkBaseURL(baseURL, source: "--base-url")
        }
        if let cacert {
            try Self.checkReadableFile(cacert, source: "--cacert")
        }
        try checkContradictions()
    }

    /// The most seconds `--timeout` and `--interval` take: a day. Beyond it a number is a typo,
    /// and far beyond it would not fit in a `Duration` of milliseconds.
    static let longestWait = 86_400.0

    static func checkBaseURL(_ url: String, source: String) throws {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), url.count > 8, !url.utf8.contains(UInt8(ascii: " ")) else {
            throw ValidationError("\(source) must be an http:// or https:// URL (got \"\(url)\")")
        }
    }

    /// A CA file must be a file this user can read; checked before any request, since libcurl
    /// would only say so per city, after connecting.
    static func checkReadableFile(_ path: String, source: String) throws {
        guard FileAccess.isReadableFile(path) else {
            throw ValidationError("\(source): cannot read the CA file \"\(path)\" (no such file, or not readable)")
        }
    }

    /// A CA directory must be a directory this user can read.
    static func checkReadableDirectory(_ path: String, source: String) throws {
        guard FileAccess.isReadableDirectory(path) else {
            throw ValidationError("\(source): cannot read the CA directory \"\(path)\" (no such directory, or not readable)")
        }
    }

    func run() async throws {
        try await run(defaultsFrom: nil)
    }

    /// Runs with the defaults of a config file already merged in; `-v` names the file.
    func run(defaultsFrom configPath: String?) async throws {
        let environment = Environment.current
        if verbose, let configPath {
            Terminal.report("forecast: defaults read from \(configPath)")
        }
        let cityList = try resolveCities(readingStandardInput: { Terminal.readStandardInput() })
        let settings = try settings(
            environment: environment, stdoutIsTerminal: Terminal.isTerminal(.standardOutput),
            stderrIsTerminal: Terminal.isTerminal(.standardError), stdoutIsPipe: Terminal.isPipe(.standardOutput),
            terminalWidth: Terminal.width())
        let anyFailed = await Runner(settings: settings, cities: cityList).run()
        if anyFailed {
            throw ExitCode(1)
        }
    }
}
