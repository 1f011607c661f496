// Each type decodes from its object's keyed container, and a nested object or array of objects is read
// through a nested container, not decoded as a `Decodable` value: that skips what `JSONDecoder` does for
// each value's type (a protocol conformance check, the first of each type a scan of every conformance in
// the binary, and an `any Decoder` per value).

extension CityForecast: Decodable {
    /// Decodes the API's response object; every key is required.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        publicTime = try container.decode(String.self, forKey: "publicTime")
        publicTimeFormatted = try container.decode(String.self, forKey: "publicTimeFormatted")
        publishingOffice = try container.decode(String.self, forKey: "publishingOffice")
        title = try container.decode(String.self, forKey: "title")
        link = try container.decode(String.self, forKey: "link")
        description = try ForecastDescription(container.nestedContainer(keyedBy: JSONKey.self, forKey: "description"))
        var days = try container.nestedUnkeyedContainer(forKey: "forecasts")
        forecasts = try days.objects(DailyForecast.init)
        location = try Location(container.nestedContainer(keyedBy: JSONKey.self, forKey: "location"))
        copyright = try Copyright(container.nestedContainer(keyedBy: JSONKey.self, forKey: "copyright"))
    }
}

extension DailyForecast: Decodable {
    /// Decodes one day of `forecasts`; every key is required, `telop` may be null.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        date = try container.decode(String.self, forKey: "date")
        dateLabel = try container.decode(String.self, forKey: "dateLabel")
        telop = try container.decodeTextOrNull(forKey: "telop")
        detail = try WeatherDetail(container.nestedContainer(keyedBy: JSONKey.self, forKey: "detail"))
        temperature = try TemperatureRange(container.nestedContainer(keyedBy: JSONKey.self, forKey: "temperature"))
        chanceOfRain = try ChanceOfRain(container.nestedContainer(keyedBy: JSONKey.self, forKey: "chanceOfRain"))
        image = try WeatherImage(container.nestedContainer(keyedBy: JSONKey.self, forKey: "image"))
    }
}

extension WeatherDetail: Decodable {
    /// All three keys are always there, each a string or null (`wave` inland, all three for a
    /// day taken from the weekly forecast); a missing key is an error, not an unknown value.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        weather = try container.decodeTextOrNull(forKey: "weather")
        wind = try container.decodeTextOrNull(forKey: "wind")
        wave = try container.decodeTextOrNull(forKey: "wave")
    }
}

extension WeatherImage: Decodable {
    /// `title` and `url` are strings, or null with `telop`; the keys themselves are required.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        title = try container.decodeTextOrNull(forKey: "title")
        url = try container.decodeTextOrNull(forKey: "url")
        width = try container.decode(Int.self, forKey: "width")
        height = try container.decode(Int.self, forKey: "height")
    }
}

extension Temperature: Decodable {
    /// Each scale is a number in a string ("14", "-1", "57.2") or null.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        celsius = try container.decodeNumberText(forKey: "celsius")
        fahrenheit = try container.decodeNumberText(forKey: "fahrenheit")
    }
}

extension ChanceOfRain: Decodable {
    /// Each period is "NN%" or "--%" (unknown).
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        t00_06 = try container.decodePercentText(forKey: "T00_06")
        t06_12 = try container.decodePercentText(forKey: "T06_12")
        t12_18 = try container.decodePercentText(forKey: "T12_18")
        t18_24 = try container.decodePercentText(forKey: "T18_24")
    }
}

extension ForecastDescription {
    /// Decodes the API's `description` object; every key is required.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        publicTime = try container.decode(String.self, forKey: "publicTime")
        publicTimeFormatted = try container.decode(String.self, forKey: "publicTimeFormatted")
        headlineText = try container.decode(String.self, forKey: "headlineText")
        bodyText = try container.decode(String.self, forKey: "bodyText")
        text = try container.decode(String.self, forKey: "text")
    }
}

extension Location {
    /// Decodes the API's `location` object; every key is required.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        area = try container.decode(String.self, forKey: "area")
        prefecture = try container.decode(String.self, forKey: "prefecture")
        district = try container.decode(String.self, forKey: "district")
        city = try container.decode(String.self, forKey: "city")
    }
}

extension Copyright {
    /// Decodes the API's `copyright` object; every key is required.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        title = try container.decode(String.self, forKey: "title")
        link = try container.decode(String.self, forKey: "link")
        image = try Image(container.nestedContainer(keyedBy: JSONKey.self, forKey: "image"))
        var providers = try container.nestedUnkeyedContainer(forKey: "provider")
        provider = try providers.objects(Provider.init)
    }
}

extension Copyright.Image {
    /// Decodes `copyright.image`; every key is required.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        title = try container.decode(String.self, forKey: "title")
        link = try container.decode(String.self, forKey: "link")
        url = try container.decode(String.self, forKey: "url")
        width = try container.decode(Int.self, forKey: "width")
        height = try container.decode(Int.self, forKey: "height")
    }
}

extension Copyright.Provider {
    /// Decodes one of `copyright.provider`; every key is required.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        link = try container.decode(String.self, forKey: "link")
        name = try container.decode(String.self, forKey: "name")
        note = try container.decode(String.self, forKey: "note")
    }
}

extension TemperatureRange {
    /// Decodes a day's `temperature`: `min` and `max`, both required.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONKey.self))
    }

    /// The same, from the object's keyed container.
    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        min = try Temperature(container.nestedContainer(keyedBy: JSONKey.self, forKey: "min"))
        max = try Temperature(container.nestedContainer(keyedBy: JSONKey.self, forKey: "max"))
    }
}

extension KeyedDecodingContainer {
    /// A number written as a string, or null (nil). "" and "--" also mean unknown.
    fileprivate func decodeNumberText(forKey key: Key) throws -> Double? {
        guard let text = try decodeTextOrNull(forKey: key) else { return nil }
        let trimmed = NumberText.normalize(text)
        if trimmed.isEmpty || trimmed == "--" { return nil }
        guard let value = Double(trimmed), value.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a number in a string, found \"\(text)\"")
        }
        return value
    }

    /// A percentage such as "10%", or "--%" (nil).
    fileprivate func decodePercentText(forKey key: Key) throws -> Int? {
        guard let text = try decodeTextOrNull(forKey: key) else { return nil }
        let trimmed = NumberText.normalize(text)
        guard trimmed.hasSuffix("%") else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a percentage such as \"10%\" or \"--%\", found \"\(text)\"")
        }
        let digits = trimmed.dropLast()
        if digits == "--" || digits.isEmpty { return nil }
        guard let value = Int(digits), (0...100).contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a percentage from 0% to 100%, found \"\(text)\"")
        }
        return value
    }

    /// A string or null; a missing key is an error, any other type says what was expected.
    fileprivate func decodeTextOrNull(forKey key: Key) throws -> String? {
        // A string is by far the most common: one lookup. Only null, a missing key or another
        // type take the longer way, which tells them apart.
        if let text = try? decode(String.self, forKey: key) { return text }
        if try decodeNil(forKey: key) { return nil }
        do {
            return try decode(String.self, forKey: key)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(
                String.self,
                DecodingError.Context(codingPath: context.codingPath, debugDescription: "expected a string or null"))
        }
    }
}
