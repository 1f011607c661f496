internal import JapanTime

/// The API's body of a city without a sample of its own, from the template and the city's derived weather.
extension DerivedWeather {
    /// The icons' address, as the API writes it before the file name.
    static let iconBase = "https://www.jma.go.jp/bosai/forecast/img/"

    /// `template` (`template.json` filled in with the city's location, or such a body stamped
    /// with a release) with each day's weather, detail lines, temperatures, chances of rain and
    /// icon drawn for its date, and the overview in `description` written from them.
    ///
    /// The template's shape stays, so the body reads as the API's at the template's hour of release: a value the
    /// template leaves out (today's minimum, a block already past as "--%", the third day's detail) stays out, and so
    /// do the waves where there is no coast. Dates, labels, times and every other member are the template's. A body
    /// made this way is made again the same way for the same dates.
    ///
    /// - Parameter district: the city's `location.district`, named in the overview.
    func apiBody(from template: JSONValue, district: String) -> JSONValue {
        var body = template
        guard case .array(var days) = body["forecasts"] else { return body }
        let dates = days.compactMap { $0["date"].string.flatMap(JST.parseDay) }
        guard dates.count == days.count, let today = dates.first else { return body }
        for index in days.indices {
            days[index] = apiDay(days[index], day: dates[index])
        }
        body["forecasts"] = .array(days)
        if body["description"]["bodyText"].string != nil {
            let tomorrow = dates.count > 1 ? kind(day: dates[1]).phrase : nil
            let overview = OverviewText.paragraph(area: district, today: kind(day: today).phrase, tomorrow: tomorrow)
            let headline = body["description"]["headlineText"].string ?? ""
            body["description"]["bodyText"] = .string(overview)
            body["description"]["text"] = .string(headline.isEmpty ? overview : headline + "\n\n" + overview)
        }
        return body
    }

    /// One element of `forecasts`, its values replaced where the template has one.
    private func apiDay(_ template: JSONValue, day: Int) -> JSONValue {
        let kind = kind(day: day)
        var value = template
        func replace(_ path: [String], with text: @autoclosure () -> String?) {
            guard value[path].string != nil else { return }
            value[path] = text().map(JSONValue.string) ?? .null
        }
        replace(["telop"], with: kind.telop)
        replace(["detail", "weather"], with: kind.phrase)
        replace(["detail", "wind"], with: wind(day: day))
        replace(["detail", "wave"], with: wave(day: day))
        for (key, celsius) in [("min", minimum(day: day)), ("max", maximum(day: day))] {
            replace(["temperature", key, "celsius"], with: String(celsius))
            replace(["temperature", key, "fahrenheit"], with: Self.fahrenheit(celsius))
        }
        for (block, key) in ["T00_06", "T06_12", "T12_18", "T18_24"].enumerated()
        where value["chanceOfRain"][key].string != "--%" {
            replace(["chanceOfRain", key], with: "\(rain(day: day, block: block))%")
        }
        replace(["image", "title"], with: kind.telop)
        replace(["image", "url"], with: Self.iconBase + kind.icon)
        return value
    }

    /// °F as the API's PHP prints it: one decimal at most, none when it is 0 ("80.6", "77").
    static func fahrenheit(_ celsius: Int) -> String {
        let tenths = celsius * 18 + 320
        let magnitude = abs(tenths)
        let digits = magnitude % 10 == 0 ? String(magnitude / 10) : "\(magnitude / 10).\(magnitude % 10)"
        return (tenths < 0 ? "-" : "") + digits
    }
}

extension JSONValue {
    /// The value at a path of member names; ``null`` when any is missing. Setting it sets the
    /// member at the end of the path, as the one-name subscript does.
    fileprivate subscript(path: [String]) -> JSONValue {
        get {
            path.reduce(self) { $0[$1] }
        }
        set {
            guard let first = path.first else {
                self = newValue
                return
            }
            self[first][Array(path.dropFirst())] = newValue
        }
    }
}
