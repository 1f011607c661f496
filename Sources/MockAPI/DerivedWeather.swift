/// The weather the mock makes up for a city or an office that has no real sample: for each date
/// a weather, temperatures, chances of rain, wind, waves and a reliability, all from its ID.
///
/// The same ID gives the same weather for a date in every start of the mock, on every machine: values are drawn from a
/// hash of the ID, the value's name and the date (FNV-1a, then splitmix64's finisher), never from Swift's `Hasher`,
/// which is seeded anew in each process. Dates are JST days since 1970-01-01, so a body moved to today by a release
/// stamp has today's weather, and the API's body of a city and the agency's file of its office, which draw from the
/// city's ID, agree on every date they both hold.
///
/// Temperatures follow the ID's first two digits, the prefecture's code, which runs from 01 (北海道) in the north to 47
/// (沖縄県) in the south: a normal maximum of about 12 °C there and 22 °C here, a minimum 6 to 9 degrees lower, each day a
/// few degrees either way and a rainy day cooler. The eight prefectures without a coast have no waves.
struct DerivedWeather: Sendable, Equatable {
    /// The ID the weather is drawn from: a city ID (the agency's class10 code).
    let seed: String

    /// The prefectures without a coast (栃木, 群馬, 埼玉, 山梨, 長野, 岐阜, 滋賀, 奈良), by code.
    static let inlandPrefectures: Set<Substring> = ["09", "10", "11", "19", "20", "21", "25", "29"]

    /// Whether the area has a coast, and so a wave forecast.
    var hasSea: Bool {
        !Self.inlandPrefectures.contains(seed.prefix(2))
    }

    /// The usual highest temperature, °C.
    var normalMaximum: Int {
        let prefecture = Int(seed.prefix(2)).map { min(max($0, 1), 47) } ?? 13
        return 12 + (prefecture - 1) * 10 / 46 + draw("normal", 0, -1...1)
    }

    /// The usual lowest temperature, °C.
    var normalMinimum: Int {
        normalMaximum - draw("spread", 0, 6...9)
    }

    func kind(day: Int) -> WeatherKind {
        let total = WeatherKind.all.reduce(0) { $0 + $1.weight }
        var pick = draw("weather", day, 0...(total - 1))
        for kind in WeatherKind.all {
            if pick < kind.weight { return kind }
            pick -= kind.weight
        }
        return WeatherKind.all[0]
    }

    /// The day's highest temperature, °C.
    func maximum(day: Int) -> Int {
        normalMaximum + draw("max", day, -3...3) - (kind(day: day).isRainy ? 2 : 0)
    }

    /// The day's lowest temperature, °C: always at least 3 degrees below the highest.
    func minimum(day: Int) -> Int {
        min(normalMinimum + draw("min", day, -2...2), maximum(day: day) - 3)
    }

    /// How far below and above a weekly temperature its likely range reaches, in degrees.
    func spread(_ name: String, day: Int) -> (below: Int, above: Int) {
        (draw(name + "-below", day, 1...3), draw(name + "-above", day, 1...3))
    }

    /// The chance of rain of one 6-hour block of the day (0: 00–06, … 3: 18–24), in percent, a
    /// multiple of 10 within the weather's range.
    func rain(day: Int, block: Int) -> Int {
        tens(in: kind(day: day).rain, draw: "rain-\(block)", day: day)
    }

    /// The chance of rain of the whole day, as the weekly forecast gives it.
    func rain(day: Int) -> Int {
        tens(in: kind(day: day).rain, draw: "rain-day", day: day)
    }

    /// The day's wind, in the agency's words: "北の風", "南の風　やや強く", "北東の風　後　東の風".
    func wind(day: Int) -> String {
        let directions = ["北", "北東", "東", "南東", "南", "南西", "西", "北西"]
        let first = draw("wind", day, 0...7)
        var wind = directions[first] + "の風"
        if draw("wind-strong", day, 0...4) == 0 {
            wind += "　やや強く"
        }
        if draw("wind-turns", day, 0...2) == 0 {
            wind += "　後　" + directions[(first + draw("wind-to", day, 1...3)) % 8] + "の風"
        }
        return wind
    }

    /// The day's waves, in the agency's words ("１メートル　後　１．５メートル"); nil without a coast.
    func wave(day: Int) -> String? {
        guard hasSea else { return nil }
        let heights = ["０．５メートル", "１メートル", "１．５メートル", "２メートル"]
        let first = draw("wave", day, 0...2)
        if draw("wave-rises", day, 0...2) == 0 {
            return heights[first] + "　後　" + heights[first + 1]
        }
        return heights[first]
    }

    /// How sure the weekly forecast is of the day: "A", "B" or "C", A the most often.
    func reliability(day: Int) -> String {
        let pick = draw("reliability", day, 0...9)
        return pick < 5 ? "A" : pick < 8 ? "B" : "C"
    }

    /// A digit after the decimal point, for the weekly forecast's averages ("12.3").
    func tenth(_ name: String) -> Int {
        draw(name, 0, 0...9)
    }

    /// A multiple of 10 within `range`.
    private func tens(in range: ClosedRange<Int>, draw name: String, day: Int) -> Int {
        draw(name, day, (range.lowerBound / 10)...(range.upperBound / 10)) * 10
    }

    /// A number in `range` drawn from the seed, the value's name and the day.
    private func draw(_ name: String, _ day: Int, _ range: ClosedRange<Int>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(seed)/\(name)/\(day)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        // splitmix64's finisher: FNV-1a alone leaves the low bits of near-equal inputs alike.
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        return range.lowerBound + Int(hash % UInt64(range.count))
    }
}
