extension Command {
    /// `forecast hours [options] <city>...`: the agency's 3-hourly forecast.
    static let hours = Command(
        name: "hours",
        options: OptionSpec.fetching(first: [.format(hoursFormats, templates: hoursPlaceholders)], bar: true),
        formats: hoursFormats, placeholders: [.periodTime, .temperatureNow, .wind], misnomers: ["hourly"],
        help: {
            CommandHelp(
                summary: "The next hours, 3-hourly: weather, temperature, wind and chance of rain, from the weather agency's files (出典: 気象庁).",
                about: """
                    The weather agency's 3-hourly forecast of each city's area (地域時系列予報), from now \
                    to about 40 hours ahead: a row per 3-hour period not yet ended, with the weather \
                    (晴れ, くもり, 雨, 雨または雪, 雪), the temperature at its start at the area's point, \
                    the wind's direction and range in m/s, and the chance of rain of the office's 3-day \
                    forecast for the 6-hour block it starts in. A city reads its own file \
                    (www.jma.go.jp/bosai/jmatile/data/wdist/VPFD) and its office's forecast file, which \
                    the week shares; both are kept until the agency's next release (05, 11, 17 JST). \
                    Without the office's file the rows print with the chance of rain empty, exit 1. \
                    Source: Japan Meteorological Agency (出典: 気象庁), read and reformatted by forecast.
                    """,
                examples: [
                    .init("forecast hours 東京", "a table on a terminal, TSV into a pipe"),
                    .init("forecast hours -f line 東京", "東京 18時 ☁️ 20°C 0% | 21時 ☁️ 19°C 0% | …"),
                    .init("forecast hours -f '%T %C %t°' 東京", "18:00 くもり 20°, a line per period"),
                    .init("forecast hours --watch -f waybar 東京", "the next period, the next 24 hours in the tooltip"),
                ],
                note: "Two files a city; an office's cities share one.",
                placeholders: hoursPlaceholders,
                section: ("THE NEXT HOURS", """
                    `forecast hours <city>...` prints the agency's 3-hourly forecast (地域時系列予報): a row \
                    per period not yet ended, about 40 hours ahead, with the weather, the temperature at \
                    the period's start, the wind (16-point code and range in m/s) and the chance of rain \
                    of the 6-hour block it starts in, from the office's forecast file. The line format \
                    shows the first 8 periods, waybar the next one (the next 24 hours in its tooltip). \
                    Source: Japan Meteorological Agency (出典: 気象庁).
                    """))
        },
        run: .cities(HoursRun()))

    /// The formats the 3-hourly forecast prints: all but the forecaster's text.
    private static let hoursFormats = OutputFormat.all(but: [.detail])
    private static let hoursPlaceholders = "(%T the period's start, %t the temperature, %W the wind; a line per period)"
}

/// How `forecast hours` has its results: the client's 3-hourly forecasts, looked at again by `--watch` at the
/// agency's next release, or when the first period shown ends if that is sooner (from the cache: no request).
struct HoursRun: CityRun {
    func results(_ context: RunContext) -> CityResults<CityHours> {
        context.client!.hours(for: context.cities, jobs: context.jobs)
    }

    func nextLook(after results: [CityResult<CityHours>], now: Int) -> Int {
        let release = WatchSchedule.nextLook(after: now, publicTimes: results.map { $0.value?.publicTime })
        let ends = results.compactMap { $0.value?.hours.first.map { $0.start + 3 * 3600 } }.filter { $0 > now }
        return min(release, ends.min() ?? release)
    }

    /// The line and waybar's tooltip: the next 24 hours (8 periods); every period elsewhere.
    func days(_ values: OptionValues, format: OutputFormat) -> Int {
        format == .line || format == .waybar ? 8 : .max
    }
}

extension FormatTemplate.Placeholder {
    /// `%T`: the start of a 3-hour period, HH:MM.
    public static let periodTime = Self("T", "start of the period, HH:MM (forecast hours)")
}
