internal import JapanTime
import NIOCore

/// The agency's 3-hourly files (`bosai/jmatile/data/wdist/VPFD/{id}.json`) for every city of
/// `jma/areas.tsv`, loaded once when the server starts: the newest real copy of a city in
/// `jma/hours/` (`vpfd-{id}-{yyyymmdd}.json`) byte for byte, and for every other city one made
/// from the newest copy of all: its times, with the city's own weather, wind and temperatures
/// drawn from its ID and each period's date (``DerivedWeather``), its point named as the city.
///
/// A release stamp moves every date so that the file is issued at the last release, and a made
/// file is drawn again for its new dates; a real copy keeps its values.
struct HoursStore: MockSource {
    static let name = "hours"
    static let faultForm = "hours:ID=KIND, e.g. hours:130010=status:503"

    /// The real copies, by city: their bytes and parsed form.
    let samples: [String: (bytes: ByteBuffer, json: JSONValue)]
    /// The copy the other cities' files are made from, and the cities with their names.
    let template: JSONValue?
    let cities: [String: String]

    func request(path: Substring, query _: Substring?) -> SourceRequest? {
        guard let id = path.jsonFileName(in: "/bosai/jmatile/data/wdist/VPFD/") else { return nil }
        return SourceRequest(source: Self.self, key: id, headers: Answer.agencyHeaders) { stamp, _ in
            self.file(for: id, stamp: stamp).map(Answer.agencyFile) ?? .agencyNotFound
        }
    }

    static func load(fixtures: String) throws(FixtureError) -> HoursStore {
        let areasFile = fixtures + "/jma/areas.tsv", folder = fixtures + "/jma/hours"
        guard FixtureFiles.exists(areasFile), FixtureFiles.exists(folder) else { return HoursStore(samples: [:], template: nil, cities: [:]) }
        let locationsFile = fixtures + "/cities-api-location.tsv"
        let names = Dictionary(
            try TSV.records(try FixtureFiles.readText(locationsFile), file: locationsFile, columns: ["id", "name"]).map { ($0.cells[0], $0.cells[1]) },
            uniquingKeysWith: { $1 })
        var cities: [String: String] = [:]
        for (_, cells) in try TSV.records(try FixtureFiles.readText(areasFile), file: areasFile, columns: ["id", "class10_name"]) {
            cities[cells[0]] = names[cells[0]] ?? cells[1]
        }
        var newest: [String: String] = [:], samples: [String: (bytes: ByteBuffer, json: JSONValue)] = [:]
        var template: (date: String, json: JSONValue)?
        for name in try FixtureFiles.names(in: folder) where name.hasPrefix("vpfd-") && name.hasSuffix(".json") {
            let parts = name.dropFirst(5).dropLast(5).split(separator: "-").map(String.init)
            guard parts.count == 2, newest[parts[0]].map({ $0 < parts[1] }) ?? true else { continue }
            let bytes = try FixtureFiles.read(folder + "/" + name)
            guard let json = try? JSONValue(parsing: bytes) else { throw FixtureError(path: folder + "/" + name, problem: "is not JSON") }
            newest[parts[0]] = parts[1]
            samples[parts[0]] = (ByteBuffer(bytes: bytes), json)
            if template.map({ $0.date < parts[1] }) ?? true { template = (parts[1], json) }
        }
        return HoursStore(samples: samples, template: template?.json, cities: cities)
    }

    /// The file of city `id`, or nil for an ID with none.
    func file(for id: String, stamp: ReleaseStamp?) -> ByteBuffer? {
        if let sample = samples[id] {
            guard let stamp else { return sample.bytes }
            return ByteBuffer(string: Self.stamping(sample.json, stamp).text(.compact))
        }
        guard let template, let name = cities[id] else { return nil }
        return ByteBuffer(string: Self.made(from: stamp.map { Self.stamping(template, $0) } ?? template, id: id, name: name).text(.compact))
    }

    /// `file` issued at the stamp's last release: every date moved by the days between them.
    static func stamping(_ file: JSONValue, _ stamp: ReleaseStamp) -> JSONValue {
        guard let issued = file["reportDateTime"].string.flatMap(JST.parseDay) else { return file }
        let days = JST.day(ofInstant: stamp.forecastRelease) - issued
        var moved = file.mappingStrings { JST.parseInstant($0) == nil ? $0 : JST.shiftingDate(of: $0, by: days) }
        moved["reportDateTime"] = .string(JST.iso(stamp.forecastRelease))
        return moved
    }

    /// The file of city `id` named `name`: `template`'s times, the city's weather on each date.
    static func made(from template: JSONValue, id: String, name: String) -> JSONValue {
        let weather = DerivedWeather(seed: id)
        var file = template
        file["firstAreaCode"] = .string(id)
        let periods = template["areaTimeSeries"]["timeDefines"].array ?? []
        var words: [JSONValue] = [], winds: [JSONValue] = []
        for (index, period) in periods.enumerated() {
            let time = period["dateTime"].string.flatMap(JST.parseInstant) ?? 0
            let day = JST.day(ofInstant: time)
            let kind = weather.kind(day: day)
            // The day's weather in the day's hours; the night between is cloudy on a wet day.
            let hour = JST.second(ofInstant: time) / 3600
            words.append(.string(kind.isRainy && (hour < 6 || hour >= 21) ? "くもり" : Self.word(of: kind)))
            var wind = template["areaTimeSeries"]["wind"][index]
            wind["direction"] = .string(String(weather.wind(day: day).prefix { $0 != "の" }))
            winds.append(wind)
        }
        file["areaTimeSeries"]["weather"] = .array(words)
        file["areaTimeSeries"]["wind"] = .array(winds)
        file["pointTimeSeries"]["pointNameJP"] = .string(name)
        file["pointTimeSeries"]["pointNameEN"] = .string("")
        let instants = template["pointTimeSeries"]["timeDefines"].array ?? []
        file["pointTimeSeries"]["temperature"] = .array(instants.map { instant in
            let time = instant["dateTime"].string.flatMap(JST.parseInstant) ?? 0
            let day = JST.day(ofInstant: time), hour = JST.second(ofInstant: time) / 3600
            // Lowest at 06:00, highest at 15:00, between the two along the day.
            let low = weather.minimum(day: day), high = weather.maximum(day: day)
            let warmth = hour <= 6 ? 0 : hour <= 15 ? (hour - 6) * 100 / 9 : max(0, 100 - (hour - 15) * 100 / 15)
            return .number(String(low + (high - low) * warmth / 100))
        })
        return file
    }

    /// The 3-hourly file's word for a day's weather: its first one (晴れ of 晴時々曇).
    static func word(of kind: WeatherKind) -> String {
        switch kind.telop.first {
        case "雨": "雨"
        case "曇": "くもり"
        case "雪": "雪"
        default: "晴れ"
        }
    }
}
