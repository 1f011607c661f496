/// One JSON array of weeks, one object per city in input order.
///
/// A city: `{"id", "city", "prefecture", "office", "report_time", "source": "jma",
/// "temperature_point": {"code", "name"} or null, "days": [{"date", "weekday", "code",
/// "telop", "min_c", "max_c", "min_c_lower", "min_c_upper", "max_c_lower", "max_c_upper",
/// "rain", "reliability"}]}`. Numbers are numbers; unknown values, an empty reliability and
/// the phrase of a code the table does not know are `null` (the code itself stays in `code`).
/// A failed city: `{"id", "city", "error", "error_kind"}`, as in the 3-day JSON. A week read
/// from an older cached file in place of a failed fetch has `"stale": true` and `"fetched_at"`
/// before its days. Text from the file is escaped as the 3-day JSON escapes it.
public struct WeeklyJSONFormatter: ResultFormatter {
    /// The language of the values (the keys stay).
    public var language: Language
    /// Days per city, 1 to 7.
    public var days: Int

    /// Creates a formatter.
    public init(language: Language = .ja, days: Int = 7) {
        self.language = language
        self.days = days
    }

    public var prologue: String { "[" }
    public var epilogue: String { "\n]\n" }

    public func block(for result: WeeklyResult, index: Int) -> String {
        let json = JSONFormatter(language: language)
        let separator = index == 0 ? "\n  " : ",\n  "
        guard let week = result.week else {
            return separator + json.failedObject(id: result.city.id, city: result.cityName(language), error: result.error)
        }
        let dayObjects = result.days(days).map { day in
            json.object([
                ("date", json.string(day.date)),
                ("weekday", json.string(day.weekday.name(language))),
                ("code", json.string(day.code)),
                ("telop", json.string(day.telop(language))),
                ("min_c", json.number(day.min.value)),
                ("max_c", json.number(day.max.value)),
                ("min_c_lower", json.number(day.min.lower)),
                ("min_c_upper", json.number(day.min.upper)),
                ("max_c_lower", json.number(day.max.lower)),
                ("max_c_upper", json.number(day.max.upper)),
                ("rain", json.number(day.rain)),
                ("reliability", json.string(day.reliability)),
            ])
        }
        let point = week.temperaturePoint.map {
            json.object([("code", json.string($0.code)), ("name", json.string($0.name))])
        } ?? "null"
        var members = [
            ("id", json.string(result.city.id)),
            ("city", json.string(result.cityName(language))),
            ("prefecture", json.string(result.prefectureName(language))),
            ("office", json.string(week.office)),
            ("report_time", json.string(week.reportTime)),
            ("source", json.string("jma")),
            ("temperature_point", point),
        ]
        members += json.staleMembers(result.stale)
        members.append(("days", "[" + dayObjects.joined(separator: ", ") + "]"))
        return separator + json.object(members)
    }
}
