extension Command {
    /// `forecast week [options] <city>...`: the agency's weekly forecast, and what `decorations` add to it.
    static func week(decorated decorations: [any Decoration]) -> Command {
        Command(
            name: "week",
            options: OptionSpec.fetching(first: [.format(weekFormats, templates: weekPlaceholders)], bar: false, last: decorations.map(\.option)),
            formats: weekFormats, placeholders: [.reliability], decorations: decorations, misnomers: ["weekly"],
            help: {
                CommandHelp(
                    summary: "The weather agency's weekly forecast, seven days a city, from its own file (出典: 気象庁).",
                    about: """
                        The weather agency's weekly forecast (週間天気予報), seven days a city, from its own file \
                        of the city's forecast office (www.jma.go.jp/bosai/forecast); the cities of one office \
                        share one download. The weather, chance of rain and reliability (A, B, C) are the \
                        office's weekly area's; the temperatures are the city's own station's, or empty where \
                        the file has none of its stations. Source: Japan Meteorological Agency (出典: 気象庁), \
                        read and reformatted by forecast.
                        """,
                    examples: [
                        .init("forecast week 東京", "a table on a terminal, TSV into a pipe"),
                        .init("forecast week -f line 沖縄", "a line a city, the days after |"),
                        .init("forecast week -f json -p 北海道", "JSON, the offices fetched at once"),
                    ],
                    note: "The cities of one office share one download of its file.",
                    placeholders: weekPlaceholders,
                    section: ("THE WEEK AHEAD", """
                        `forecast week <city>...` prints the weather agency's own weekly forecast (週間天気予報), \
                        seven days a city, from its forecast office's file (www.jma.go.jp/bosai/forecast); the \
                        cities of one office share one download. The 3-day forecast comes from \
                        weather.tsukumijima.net; with --source auto (the default) a city it fails is built from \
                        the agency's file instead, and said so on stderr. Source: Japan Meteorological Agency \
                        (出典: 気象庁), read and reformatted by forecast.
                        """))
            },
            run: .cities(WeekRun()))
    }

    private static let weekFormats = OutputFormat.all(but: [.detail, .waybar])
    private static let weekPlaceholders = "(%w the day of the week, %r the reliability)"
}

/// How `forecast week` has its results: the client's weeks.
struct WeekRun: CityRun {
    typealias Value = WeeklyForecast

    func results(_ context: RunContext) -> CityResults<WeeklyForecast> {
        context.client!.weeks(for: context.cities, jobs: context.jobs)
    }
}

/// What reading one city's week gave: several cities of one office share one file, and each has its own result.
public typealias WeeklyResult = CityResult<WeeklyForecast>

extension CityResult where Value == WeeklyForecast {
    /// The week, or nil if the city failed.
    public var week: WeeklyForecast? { value }

    /// A week's result, read from the agency's file as every week is; the client makes them, so this is for tests.
    public init(
        city: City, outcome: Result<WeeklyForecast, ForecastError>, info: FetchInfo = FetchInfo(source: .network),
        stale: Staleness? = nil
    ) {
        self.init(city: city, outcome: outcome, info: info, stale: stale, provider: .jma, fallback: nil)
    }
}

extension FormatTemplate.Placeholder {
    /// `%r`: the week's reliability of a day (A, B, C).
    public static let reliability = Self("r", "reliability of a weekly day (A, B, C)")
}
