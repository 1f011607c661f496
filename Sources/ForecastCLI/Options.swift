import Forecast

/// The values of every option, each with its default: the one place a default is written.
///
/// The option table (``OptionTable``) sets them from the command line and the config file;
/// the help text states these defaults by reading them from here.
struct Options: Sendable, Equatable {
    var parallel = false
    /// `--no-parallel`: undoes a `--parallel` or `--jobs` of the config file.
    var noParallel = false
    /// Requests in flight; nil for ``defaultJobs`` (and, without `--parallel`, one).
    var jobs: Int?
    var format: OutputFormat = .auto
    /// Days per city; nil for ``defaultDays(for:)``.
    var days: Int?
    var noHeader = false
    /// Seconds one attempt of one request may take.
    var timeout = 15.0
    var retries = 2
    /// Seconds between request starts; nil for the client's rule (0.5 s for the public API).
    var interval: Double?
    var baseURL: String?
    var refresh = false
    var noCache = false
    var cacert: String?
    var maxTime: Double?
    var staleIfError: StaleDuration?
    var color: ColorMode = .auto
    var lang: LanguageOption = .ja
    var verbose = false
    /// Where the 3-day forecast comes from.
    var source: ClientConfiguration.Source = .auto
    /// The agency's site; nil for `$FORECAST_JMA_URL`, else the agency's own.
    var jmaURL: String?
    /// Keep running, and print again when what is printed changes (`--watch`).
    var watch = false
    /// Name the warnings of level 3 or more in force with the forecast (`--warnings`).
    var warnings = false
    /// The command the options are read for: an option's rule may depend on it (`--days`).
    var command = Invocation.Command.fetch
    /// The sun's first day, "YYYY-MM-DD" (`--date`); nil for today in Japan.
    var date: String?
    /// The template of waybar's `text` (`--text-format`); nil for the line format's.
    var textFormat: FormatTemplate?

    /// `--jobs` when not given.
    static let defaultJobs = 8
    /// The most days of the 3-day forecast, and of the sun (a leap year).
    static let mostForecastDays = 3
    static let mostSunDays = 366
    /// The years `--date` takes: where NOAA's formulas keep to the minute.
    static let sunYears = 1900...2100

    /// `--days` when not given: one for the formats of one line per city, else three; the sun's
    /// one day (``defaultSunDays``) whatever the format.
    static func defaultDays(for format: OutputFormat, in command: Invocation.Command = .fetch) -> Int {
        command == .sun ? defaultSunDays : format.isOneLine ? 1 : 3
    }

    /// `forecast sun`'s days when `--days` is not given.
    static let defaultSunDays = 1

    /// The options as they stand before any is given.
    static let defaults = Options()

    /// Whether cities are fetched concurrently: `--parallel` or `--jobs`, unless `--no-parallel`.
    var isParallel: Bool {
        (parallel || jobs != nil) && !noParallel
    }
}
