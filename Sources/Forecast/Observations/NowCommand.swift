extension Command {
    /// `forecast now [options] <city>...`: the latest observations.
    static let now = Command(
        name: "now",
        options: OptionSpec.fetching(first: [.format(nowFormats, templates: nowPlaceholders)], bar: true),
        formats: nowFormats, placeholders: [.temperatureNow, .humidity, .wind, .rainLastHour],
        misnomers: ["current", "observations"],
        help: {
            CommandHelp(
                summary: "The latest observations at each city's AMeDAS station, from the weather agency's files (出典: 気象庁).",
                about: """
                    The latest observations of the weather agency's AMeDAS station of each city, which \
                    it publishes every ten minutes: the temperature, humidity, wind, precipitation, sunshine, snow \
                    depth, sea-level pressure and, on the hour, the weather. Two files serve any number \
                    of cities (www.jma.go.jp/bosai/amedas): latest_time.txt, which names the newest map \
                    file, and that map file, kept until the next is due. A value the station did not \
                    measure, or whose quality flag says it is no measurement, is empty. Source: Japan \
                    Meteorological Agency (出典: 気象庁), read and reformatted by forecast.
                    """,
                examples: [
                    .init("forecast now 東京", "a table on a terminal, TSV into a pipe"),
                    .init("forecast now -f line 東京 大阪", "東京 29.1°C 56% 南南東 3.8m/s"),
                    .init("forecast now -f '%l %t° %h' 東京", "東京 29.1° 56%"),
                    .init("forecast now --watch -f waybar 東京", "a bar, printed again as each file is due"),
                ],
                note: "Two files serve any number of cities.",
                placeholders: nowPlaceholders,
                section: ("NOW", """
                    `forecast now <city>...` prints the latest observations of each city's AMeDAS station \
                    (アメダス), published every ten minutes: temperature, humidity, wind, precipitation (10 min, \
                    1 h, 24 h), sunshine, snow depth, sea-level pressure and, on the hour, the weather. Two \
                    files of the agency serve any number of cities (www.jma.go.jp/bosai/amedas), kept until \
                    the next is due 17 minutes after its time. A value the station did not measure, or \
                    whose quality flag makes it no measurement, is empty; one over 3 hours old is printed, \
                    marked stale, exit 1. Source: Japan Meteorological Agency (出典: 気象庁).
                    """))
        },
        run: .cities(NowRun()))

    private static let nowFormats = OutputFormat.all(but: [.detail])
    private static let nowPlaceholders = "(%t the temperature, %h the humidity, %W the wind, %R the last hour's rain)"
}

/// How `forecast now` has its results: the client's observations, looked at again by `--watch` when the next is due.
struct NowRun: CityRun {
    func results(_ context: RunContext) -> CityResults<Observation> {
        context.client!.observations(for: context.cities, jobs: context.jobs)
    }

    func nextLook(after results: [CityResult<Observation>], now: Int) -> Int {
        WatchSchedule.nextLook(after: now, observed: results.map { $0.value.flatMap { AmedasTime(observed: $0.observed)?.epoch } })
    }
}

extension WatchSchedule {
    /// The moment after `now` when a look that found observations of the times `observed` (seconds since 1970; nil for
    /// a city with none) is next due: when the next map file is due after the oldest of them, 17 minutes after its
    /// time, or a minute from now if that has passed (the agency is late, and `latest_time.txt` is asked at most once a
    /// minute), or when none has a time.
    public static func nextLook(after now: Int, observed: [Int?]) -> Int {
        guard let oldest = observed.compactMap({ $0 }).min() else { return now + AmedasLatestSource.recheck }
        return max(oldest + AmedasLatestSource.due, now + AmedasLatestSource.recheck)
    }
}

extension FormatTemplate.Placeholder {
    /// `%h`: the humidity now, with `%`.
    public static let humidity = Self("h", "humidity now, with % (forecast now)")
    /// `%R`: the precipitation of the last hour, mm.
    public static let rainLastHour = Self("R", "precipitation of the last hour, mm (forecast now)")
}
