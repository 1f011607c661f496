extension Command {
    /// `forecast [options] <city>...`: the 3-day forecast of the API, with the agency's file
    /// standing in for a city it fails, and what `decorations` add to it.
    static func threeDay(decorated decorations: [any Decoration]) -> Command {
        Command(
            name: "",
            options: OptionSpec.fetching(
                first: [.format(OutputFormat.named, templates: "(below)"), .threeDayDays], middle: [.baseURL], afterColor: [.source], bar: true,
                last: decorations.map(\.option)),
            formats: OutputFormat.named, decorations: decorations,
            help: {
                CommandHelp(
                    summary: "Japanese weather forecasts from weather.tsukumijima.net, for people and scripts.",
                    about: """
                        `forecast` prints the weather forecast of Japanese cities: the 3-day forecast of \
                        weather.tsukumijima.net, and the week ahead from the Japan Meteorological Agency's own \
                        files. On a terminal it prints a table; into a pipe, tab-separated values; and on request \
                        JSON, one line a city or a template of your own, for scripts and status bars.
                        """,
                    examples: [
                        .init("forecast 130010 140010", "東京 and 横浜, one after the other"),
                        .init("forecast -p 東京 横浜 大阪", "concurrently, printed in the order given"),
                        .init("forecast -f line 東京", "東京 晴のち曇 -/27°C 10%", isOutput: true),
                        .init("forecast 130010 | cut -f2,5,6", "piped: tab-separated, for scripts"),
                        .init("forecast -f '%c %l %H°' 東京", "🌤️ 東京 27°", isOutput: true),
                        .init("forecast -f detail 東京", "the overview and the wind and waves"),
                        .init("forecast --lang en 東京", "in English: Tokyo, Clear, cloudy later"),
                        .init("forecast tokyo osaka", "romaji, English names, kana"),
                        .init("forecast 新宿区 35.68,139.77", "the cities of a municipality and a point"),
                        .init("forecast cities 沖縄 | forecast -p -", "every city of 沖縄県"),
                    ],
                    note: "")
            },
            run: .cities(ThreeDayRun()))
    }
}

/// How `forecast` has its results: the client's 3-day forecasts, looked at again by `--watch` after each release.
package struct ThreeDayRun: CityRun {
    package init() {}

    package func results(_ context: RunContext) -> CityResults<CityForecast> {
        context.client!.results(for: context.cities, jobs: context.jobs)
    }

    package func nextLook(after results: [FetchResult], now: Int) -> Int {
        WatchSchedule.nextLook(after: now, publicTimes: results.map { $0.forecast?.publicTime })
    }

    /// `--days`, else one for the formats of one line per city and three for the others.
    package func days(_ values: OptionValues, format: OutputFormat) -> Int {
        values[Key.days] ?? (format.isOneLine ? OptionSpec.defaultDays.oneLine : OptionSpec.defaultDays.others)
    }
}

extension Key {
    /// Where the 3-day forecast comes from.
    package static let source = OptionKey("source", ClientConfiguration.Source.auto)
    /// The API's root; nil for `$FORECAST_BASE_URL`, else the public API's.
    package static let baseURL = OptionKey<String?>("base-url", nil)
}

extension OptionSpec {
    static let mostForecastDays = 3
    /// `--days` when not given: one for the formats of one line per city, three for the others.
    static let defaultDays = (oneLine: 1, others: 3)

    /// `--days` of the 3-day forecast: 1 to 3.
    static let threeDayDays = OptionSpec(
        "days", short: "d", .value(name: "N"),
        help: "days per city, 1 to 3 (default \(defaultDays.others); \(defaultDays.oneLine) for line and templates)", section: .first,
        completion: .values { ["1", "2", "3"] },
        effect: .set { values, value throws(UsageError) in
            values[Key.days] = try whole(value, "--days", in: 1...mostForecastDays, "1, 2 or 3")
        })

    static let baseURL = OptionSpec(
        "base-url", .value(name: "URL"), help: "the API's root (default $FORECAST_BASE_URL, else \(ClientConfiguration.publicBaseURL))",
        effect: .set { values, value throws(UsageError) in
            try checkBaseURL(value, source: "--base-url")
            values[Key.baseURL] = value
        }).harmless

    static let source = choice(
        "source", "SOURCE",
        help: "auto (default): the API, and for a city it fails the weather agency's own file; tsukumijima: the API alone; jma: the agency's file alone",
        sets: Key.source)
}
