extension Command {
    /// `forecast sun [options] <city>...`: sunrise and sunset, computed, no request.
    static let sun = Command(
        name: "sun",
        options: [.format(sunFormats, templates: "(%S the sunrise, %s the sunset, %d the date)"), .sunDays, .date, .lang, .noHeader, .color]
            + OptionSpec.requests,
        formats: sunFormats, placeholders: [.sunrise, .sunset],
        fetches: false, misnomers: ["sunrise", "sunset"],
        help: {
            CommandHelp(
                summary: "Sunrise and sunset at each city, computed offline as the national almanac defines them (国立天文台).",
                about: """
                    Sunrise and sunset at each city, in JST to the minute, with the daylight between \
                    them, computed offline from the catalog's coordinates of the city (its AMeDAS point) \
                    as the national almanac (国立天文台「各地のこよみ」) defines them: the moment the Sun's \
                    upper limb touches a sea-level horizon, with standard refraction (−0°50′). The times \
                    are within a minute of the almanac's; a place above the sea sees the Sun a little \
                    earlier and later. No request is made and no file is read.
                    """,
                examples: [
                    .init("forecast sun 東京", "a table on a terminal, TSV into a pipe"),
                    .init("forecast sun -f line 東京", "東京 ↑06:50 ↓16:38"),
                    .init("forecast sun --date 2026-06-21 --days 7 那覇", "a week from the solstice"),
                    .init("forecast -f '%l %C ↓%s' 東京", "東京 晴のち曇 ↓18:34"),
                ],
                note: "for --days days from --date. No request is made.",
                placeholders: "(%S the sunrise, %s the sunset)",
                section: ("THE SUN", """
                    `forecast sun <city>...` prints each city's sunrise and sunset, in JST to the minute, \
                    computed offline from the catalog's coordinates of the city (its AMeDAS point) as the \
                    national almanac (国立天文台) defines them: the Sun's upper limb on a sea-level horizon, \
                    with standard refraction. No request, no cache. --date YYYY-MM-DD (default today in \
                    Japan) and --days N (1 to \(OptionSpec.mostSunDays), default \(OptionSpec.defaultSunDays)) choose the days. %S and %s print the sunrise \
                    and the sunset in every command's templates, on each row's date.
                    """))
        },
        run: .cities(SunRun()))

    private static let sunFormats = OutputFormat.all(but: [.detail, .waybar])
}

/// How `forecast sun` has its results: computed for `--days` days from `--date` (today in
/// Japan without it), every one at once.
struct SunRun: CityRun {
    typealias Value = CitySun

    func results(_ context: RunContext) -> ReadyResults<CitySun> {
        let date = context.values[Key.date] ?? CitySun.today(epoch: ForecastCache.systemNow())
        return ReadyResults(CitySun.results(for: context.cities, from: date, count: context.values[Key.days] ?? OptionSpec.defaultSunDays))
    }
}

extension Key {
    /// The sun's first day, "YYYY-MM-DD"; nil for today in Japan, read when the sun is computed.
    package static let date = OptionKey<String?>("date", nil)
}

extension OptionSpec {
    /// The most days of the sun: a leap year.
    static let mostSunDays = 366
    static let defaultSunDays = 1
    /// The years `--date` takes: where NOAA's formulas keep to the minute.
    static let sunYears = 1900...2100

    /// `--days` of the sun: 1 to 366.
    static let sunDays = OptionSpec(
        "days", short: "d", .value(name: "N"), help: "days from --date, 1 to \(mostSunDays) (default \(defaultSunDays))", section: .first,
        effect: .set { values, value throws(UsageError) in
            values[Key.days] = try whole(value, "--days", in: 1...mostSunDays, "from 1 to \(mostSunDays)")
        })

    static let date = OptionSpec(
        "date", .value(name: "YYYY-MM-DD"), help: "the first day; without it, today in Japan",
        effect: .set { values, value throws(UsageError) in
            guard SunDay.day(of: value) != nil else {
                let shape = value.utf8.count == 10 && value.split(separator: "-").count == 3
                throw UsageError("--date must be a date of the calendar as YYYY-MM-DD" + (shape ? ", and \(value) is none" : "") + " (got \(value))")
            }
            // A date of the calendar starts with its year.
            guard sunYears.contains(Int(value.prefix(4))!) else {
                throw UsageError("--date must be in the years \(sunYears.lowerBound) to \(sunYears.upperBound), where the formulas hold (got \(value))")
            }
            values[Key.date] = value
        })
}

/// `%S` and `%s` in every command's templates: the sunrise and the sunset at the city on the row's day.
struct SunTimes: TemplateAddition {
    var placeholders: [FormatTemplate.Placeholder] { [.sunrise, .sunset] }

    func values(city: City, day: String?) -> [FormatTemplate.Placeholder: String] {
        guard let date = day.flatMap({ SunDay.day(of: String($0.prefix(10))) }) else { return [:] }
        let sun = SunDay(day: date, latitude: city.latitude, longitude: city.longitude)
        return [.sunrise: SunDay.clock(sun.sunrise), .sunset: SunDay.clock(sun.sunset)].compactMapValues { $0 }
    }
}

extension FormatTemplate.Placeholder {
    /// `%S`: the sunrise, HH:MM JST, at the city on the row's day, computed offline.
    public static let sunrise = Self("S", "sunrise, HH:MM, on the row's date (computed, no request)")
    /// `%s`: the sunset, the same way.
    public static let sunset = Self("s", "sunset, HH:MM, on the row's date (computed, no request)")
}
