/// One JSON array, one object per city in input order.
///
/// A city: `{"id", "city", "prefecture", "district", "public_time", "days": [{"date", "day",
/// "telop", "min_c", "max_c", "min_f", "max_f", "rain_00_06", …, "rain_18_24"}]}` with
/// numbers as numbers and unknown values `null`. A failed city: `{"id", "city", "error",
/// "error_kind"}`, the kind one word of ``ForecastError/Kind`` ("timeout", "http", "api", …).
/// A stale copy shown for a failed fetch (`--stale-if-error`) has `"stale": true` and
/// `"fetched_at"` (ISO 8601, UTC) before its days; one read from the weather agency's file has
/// `"source": "jma"`.
public struct JSONFormatter: ResultFormatter {
    /// Days per city, 1 to 3.
    public var days: Int
    /// The language of the values (the keys stay).
    public var language: Language

    /// Creates a formatter of `days` days per city.
    public init(days: Int = 3, language: Language = .ja) {
        self.days = days
        self.language = language
    }

    public var prologue: String { "[" }
    public var epilogue: String { "\n]\n" }

    public func block(for result: FetchResult, index: Int) -> String {
        let separator = index == 0 ? "\n  " : ",\n  "
        guard let forecast = result.forecast else {
            return separator + failedObject(id: result.city.id, city: language.cityName(result), error: result.error)
        }
        let dayObjects = ValueText.days(forecast, days).map { day in
            let rain = day.chanceOfRain
            return object([
                ("date", string(day.date)),
                ("day", string(language.dayLabel(day))),
                ("telop", string(language.telop(day))),
                ("min_c", number(day.temperature.min.celsius)),
                ("max_c", number(day.temperature.max.celsius)),
                ("min_f", number(day.temperature.min.fahrenheit)),
                ("max_f", number(day.temperature.max.fahrenheit)),
                ("rain_00_06", number(rain.t00_06)),
                ("rain_06_12", number(rain.t06_12)),
                ("rain_12_18", number(rain.t12_18)),
                ("rain_18_24", number(rain.t18_24)),
            ])
        }
        var members = [
            ("id", string(result.city.id)),
            ("city", string(language.cityName(result))),
            ("prefecture", string(language.prefectureName(result))),
            ("district", string(forecast.location.district)),
            ("public_time", string(forecast.publicTime)),
        ]
        if result.provider == .jma {
            members.append(("source", string("jma")))
        }
        members += staleMembers(result.stale)
        members.append(("days", "[" + dayObjects.joined(separator: ", ") + "]"))
        return separator + object(members)
    }

    /// A failed city, in the 3-day JSON and the week's: `{"id", "city", "error", "error_kind"}`.
    func failedObject(id: String, city: String, error: ForecastError?) -> String {
        object([
            ("id", string(id)), ("city", string(city)), ("error", string(error.map { "\($0)" } ?? "unknown error")),
            ("error_kind", string((error?.kind ?? .other).rawValue)),
        ])
    }

    /// What a stale copy adds before its days: `"stale": true` and when it was fetched.
    func staleMembers(_ stale: StaleCopy?) -> [(String, String)] {
        guard let stale else { return [] }
        return [("stale", "true"), ("fetched_at", string(stale.fetchedText))]
    }

    func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A number, or `null` for an unknown value.
    func number(_ value: Double?) -> String { ValueText.number(value) ?? "null" }
    /// A whole number, or `null` for an unknown value.
    func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    /// A JSON string literal, or `null` for nil. Non-ASCII text is written as it is (UTF-8),
    /// except the characters the untrusted-text gate stops (controls, DEL, C1, bidi
    /// overrides), which are escaped (`\u001b`, `\u009b`, `\u202e`): the text is kept, and
    /// no reader that prints a string raw gets a control from it.
    func string(_ value: String?) -> String {
        guard let value else { return "null" }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where UntrustedText.isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
