import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `<agencyURL>/bosai/amedas/data/latest_time.txt`: the newest map file's time, one file for every city.
///
/// A copy stays fresh until the next map file is due, 17 minutes after the time it names (the agency publishes a file
/// six or seven minutes after its time, every ten minutes), and for a minute after each fetch: past the due time it is
/// asked again at most once a minute, and a copy that still names the same time leaves the map file in the cache in
/// use. The name of a map file is never guessed from the clock: the agency's CDN keeps the 404 of a file asked for
/// before it exists. Kept in the cache's `amedas/` folder.
struct AmedasLatestSource: FileSource {
    /// The agency's site, without a trailing slash.
    let agencyURL: String
    let endpoint: Endpoint

    /// The seconds after its time when the next map file is due, and the seconds a copy fetched past that stays fresh.
    static let due = 17 * 60
    static let recheck = 60

    var shelf: ForecastCache.Shelf {
        ForecastCache.Shelf(folder: "amedas", freshness: .observations(due: Self.due, recheck: Self.recheck))
    }

    func key(for city: City) -> String { "latest_time" }

    func url(for key: String) -> String { "\(agencyURL)/bosai/amedas/data/latest_time.txt" }

    func decode(_ body: Data, key: String) throws(ForecastError) -> AmedasTime {
        let text = String(decoding: body.prefix(64), as: UTF8.self)
        if body.count <= 64, let time = AmedasTime(latestTime: text) { return time }
        if text.drop(while: \.isWhitespace).first == "<" {
            throw .other("the agency's latest_time.txt was an HTML page, not a time")
        }
        // Shown as printable ASCII, at most 32 characters: the file is one short line.
        let shown = String(text.prefix(32).map { $0.isASCII && !$0.isNewline && $0 != "\u{7F}" && $0 >= " " ? $0 : "?" })
        throw .other("the agency's latest_time.txt is not a time on a ten-minute mark: \"\(shown)\"")
    }
}

/// `<agencyURL>/bosai/amedas/data/map/YYYYMMDDHHmm00.json`: every station at the time
/// `latest_time.txt` named, one file for every city. A map file is final once published: a
/// copy is kept until a newer one is stored in its place (the cache keeps one), for ten days at
/// the most, as long as the agency keeps its files. Kept in the cache's `amedas/map/` folder.
struct AmedasMapSource: FileSource {
    let agencyURL: String
    let endpoint: Endpoint
    let time: AmedasTime

    var shelf: ForecastCache.Shelf {
        ForecastCache.Shelf(folder: "amedas/map", freshness: .seconds(10 * 86_400), keepsOne: true)
    }

    func key(for city: City) -> String { time.fileName }

    func url(for key: String) -> String { "\(agencyURL)/bosai/amedas/data/map/\(key).json" }

    func decode(_ body: Data, key: String) throws(ForecastError) -> AmedasMapFile {
        try AmedasMapFile(body: body, time: time)
    }
}

/// A map file as a run holds it: its bytes, checked to be a whole map file; a station is found
/// and decoded only when a city asks for it (``AmedasMap``).
struct AmedasMapFile: Sendable {
    let body: Data
    let time: AmedasTime

    init(body: Data, time: AmedasTime) throws(ForecastError) {
        try AmedasMap.check(body)
        self.body = body
        self.time = time
    }

    /// The observation of `city`: at the first of its area's points the file holds.
    func observation(for city: City) throws(ForecastError) -> Observation {
        guard let area = AgencyArea.of(city) else {
            throw .other("the agency names no AMeDAS station for \(city.id)")
        }
        for code in area.points {
            if let observation = try AmedasMap.observation(of: code, in: body, at: time) { return observation }
        }
        let first = AmedasStation.named(area.points[0])
        throw .other("the agency's observations at \(time.minute) have no station \(first.code) (\(first.name))")
    }
}
