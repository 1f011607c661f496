internal import JapanTime

/// Drawing a template's values: what the agency's file of an office would say if its weather
/// were its cities' ``DerivedWeather``.
extension AgencyTemplate {
    /// A time of `timeDefines`: its date (JST days since 1970-01-01) and its hour.
    private struct Time {
        var day: Int
        var hour: Int

        init?(_ text: String) {
            guard let instant = JST.parseInstant(text) else { return nil }
            day = JST.day(ofInstant: instant)
            hour = (instant - JST.instant(day: day, hour: 0)) / 3600
        }
    }

    /// `file` with the values of every entry whose code `seeds` maps to a city drawn from that city's weather for the
    /// entry's times: weather codes, the weather, wind and wave lines, chances of rain, temperatures and their ranges,
    /// reliabilities; `tempAverage` holds the city's normals. Every other member and entry is left as it is.
    ///
    /// The file's shape stays: a value it leaves empty (the weekly forecast's first chances of rain and reliabilities)
    /// stays empty, and an entry of a city without a coast loses its `waves`. `precipAverage`, which no client reads,
    /// keeps its figures. A file made this way is made again the same way for the same dates: after a release stamp has
    /// moved them, the values are those of the new dates.
    static func deriving(_ file: JSONValue, seeds: [String: String]) -> JSONValue {
        guard let firstDay = file[0]["timeSeries"][0]["timeDefines"][0].string.flatMap(Time.init)?.day else { return file }
        let derived = rewritingAreas(of: file) { report, member, times, areas in
            guard case .array(let entries) = areas, times != nil || member == "tempAverage" else { return areas }
            let times = times?.map { $0.string.flatMap(Time.init) }
            return .array(entries.map { entry in
                guard let seed = entry["area"]["code"].string.flatMap({ seeds[$0] }) else { return entry }
                let weather = DerivedWeather(seed: seed)
                guard let times else { return Self.averages(entry, weather: weather) }
                return Derived(weather: weather, isFirst: report == 0, firstDay: firstDay).entry(entry, times: times)
            })
        }
        return derived ?? file
    }

    /// A `tempAverage` entry with the weather's normals, "12.3".
    private static func averages(_ entry: JSONValue, weather: DerivedWeather) -> JSONValue {
        var entry = entry
        let normals = [("min", weather.normalMinimum), ("max", weather.normalMaximum)]
        for (key, normal) in normals where entry[key].string != nil {
            entry[key] = .string("\(normal).\(weather.tenth("average-" + key))")
        }
        return entry
    }

    /// The values of one entry of one report.
    private struct Derived {
        let weather: DerivedWeather
        /// Whether the report is the first, the 3-day forecast.
        let isFirst: Bool
        let firstDay: Int

        /// The entry with its arrays' values drawn for `times`, where the entry has a value.
        func entry(_ entry: JSONValue, times: [Time?]) -> JSONValue {
            guard case .object(let members) = entry else { return entry }
            var result: [JSONValue.Member] = []
            for member in members {
                if member.key == "waves", !weather.hasSea { continue }
                var value = member.value
                if case .array(let values) = value {
                    value = .array(values.enumerated().map { index, old in
                        guard let text = old.string, !text.isEmpty, index < times.count, let time = times[index],
                            let new = self.value(member.key, at: time)
                        else { return old }
                        return .string(new)
                    })
                }
                result.append(JSONValue.Member(key: member.key, value: value))
            }
            return .object(result)
        }

        /// The value of field `key` at `time`, or nil for a field the mock does not draw.
        ///
        /// A 3-day temperature before 09:00 is the day's minimum, else its maximum; on the file's first day the
        /// minimum's slot repeats the maximum, as the agency's files do (the night is over when the forecast is
        /// issued). The 3-day chances of rain are per 6-hour block, the weekly ones per day.
        func value(_ key: String, at time: Time) -> String? {
            let day = time.day
            switch key {
            case "weatherCodes": return weather.kind(day: day).code
            case "weathers": return weather.kind(day: day).phrase
            case "winds": return weather.wind(day: day)
            case "waves": return weather.wave(day: day)
            case "pops": return String(isFirst ? weather.rain(day: day, block: time.hour / 6) : weather.rain(day: day))
            case "reliabilities": return weather.reliability(day: day)
            case "temps":
                let isMinimum = time.hour < 9 && !(isFirst && day == firstDay)
                return String(isMinimum ? weather.minimum(day: day) : weather.maximum(day: day))
            case "tempsMin": return String(weather.minimum(day: day))
            case "tempsMax": return String(weather.maximum(day: day))
            case "tempsMinLower": return String(weather.minimum(day: day) - weather.spread("min", day: day).below)
            case "tempsMinUpper": return String(weather.minimum(day: day) + weather.spread("min", day: day).above)
            case "tempsMaxLower": return String(weather.maximum(day: day) - weather.spread("max", day: day).below)
            case "tempsMaxUpper": return String(weather.maximum(day: day) + weather.spread("max", day: day).above)
            default: return nil
            }
        }
    }
}
