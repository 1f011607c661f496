internal import JapanTime
import NIOCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The agency's AMeDAS observations, `bosai/amedas/data/latest_time.txt` and
/// `bosai/amedas/data/map/YYYYMMDDHHmm00.json`, from the real map file in `jma/amedas/`
/// (`map-YYYYMMDDHHmm00.json`, the newest by its name), loaded once when the server starts and
/// served without white space, as the agency serves its files, however the copy is laid out.
///
/// Without release stamps the newest time is the file's own, and the map is served under that name alone. With them
/// (``MockConfiguration/stampsRelease``) the newest time is the last ten-minute mark at least ``lag`` before the clock,
/// as on the agency's site, where a file appears six or seven minutes after its time; every name from ten days before
/// it up to it serves the same stations' values (a map file holds no time of its own). Any other name is 404, as the
/// agency's server answers a file that is not there yet.
struct AmedasStore: MockSource {
    static let name = "amedas"
    static let faultForm = "amedas:latest_time=KIND or amedas:map=KIND"

    /// The files' names in fault rules and counters.
    static func acceptsFaultKey(_ key: Substring) -> Bool {
        key == "latest_time" || key == "map"
    }

    /// The headers of `latest_time.txt`, as the agency's server sends them.
    static let latestTimeHeaders: [(String, String)] = [
        ("Content-Type", "text/plain"),
        ("Access-Control-Allow-Origin", "*"),
        ("Cache-Control", "max-age=60"),
    ]

    /// How long after its time a map file is published.
    static let lag = 7 * 60
    /// How long the agency keeps map files.
    static let retention = 10 * JST.secondsPerDay

    /// The map file's bytes, and its time in seconds since 1970; nil when the fixtures have
    /// none, and both files are 404.
    let newest: (map: ByteBuffer, time: Int)?

    /// `latest_time.txt` (the newest time as the agency writes it, with no newline) or a map file (any name; those of
    /// no time served are 404), answered with ``Fault/amedasWithoutStation(_:)``'s station left out if it is a map.
    func request(path: Substring, query _: Substring?) -> SourceRequest? {
        if path == "/bosai/amedas/data/latest_time.txt" {
            return SourceRequest(source: Self.self, key: "latest_time", headers: Self.latestTimeHeaders) { stamp, _ in
                guard let latest = self.latest(stamp: stamp) else { return .agencyNotFound }
                return Answer(status: .ok, headers: Self.latestTimeHeaders, body: ByteBuffer(string: JST.iso(latest)))
            }
        }
        guard let name = path.jsonFileName(in: "/bosai/amedas/data/map/") else { return nil }
        return SourceRequest(source: Self.self, key: "map", headers: Answer.agencyHeaders) { stamp, fault in
            guard let map = self.map(named: name, stamp: stamp) else { return .agencyNotFound }
            guard case .amedasWithoutStation(let station) = fault else { return .agencyFile(map) }
            return .agencyFile(Self.leavingOut(station, from: map))
        }
    }

    /// The newest map file of the fixtures' `jma/amedas` folder, if it has one.
    static func load(fixtures: String) throws(FixtureError) -> AmedasStore {
        let folder = fixtures + "/jma/amedas"
        let names = try FixtureFiles.exists(folder) ? FixtureFiles.names(in: folder) : []
        let times = names.compactMap { name in
            name.hasPrefix("map-") && name.hasSuffix(".json") ? time(ofName: String(name.dropFirst(4).dropLast(5))).map { (name, $0) } : nil
        }
        guard let newest = times.max(by: { $0.1 < $1.1 }) else { return AmedasStore(newest: nil) }
        let path = folder + "/" + newest.0
        guard let bytes = try FixtureFiles.readIfPresent(path) else { return AmedasStore(newest: nil) }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw FixtureError(path: path, problem: "is not JSON (\(error))")
        }
        return AmedasStore(newest: (ByteBuffer(string: json.text(.compact)), newest.1))
    }

    /// The newest time at the stamp's instant, or the file's own without one; nil without a map file.
    func latest(stamp: ReleaseStamp?) -> Int? {
        guard let newest else { return nil }
        guard let stamp else { return newest.time }
        return (stamp.instant - Self.lag).floorDivided(by: 600) * 600
    }

    /// The map file of `name` (YYYYMMDDHHmm00), or nil for a time with no file.
    func map(named name: String, stamp: ReleaseStamp?) -> ByteBuffer? {
        guard let map = newest?.map, let requested = Self.time(ofName: name), let latest = latest(stamp: stamp) else {
            return nil
        }
        let served = stamp == nil ? requested == latest : (latest - Self.retention...latest).contains(requested)
        return served ? map : nil
    }

    /// The map with one station left out, for ``Fault/amedasWithoutStation(_:)``.
    static func leavingOut(_ station: String, from map: ByteBuffer) -> ByteBuffer {
        guard case .object(let members) = (try? JSONValue(parsing: map.readableBytesView)) else { return map }
        let kept = JSONValue.object(members.filter { $0.key != station })
        return ByteBuffer(string: kept.text(JSONValue.Layout(of: Array(map.readableBytesView))))
    }

    /// The time a map file's name gives in Japan time (YYYYMMDDHHmm00, on a ten-minute mark), or nil for another name.
    static func time(ofName name: String) -> Int? {
        let digits = Array(name.utf8)
        guard digits.count == 14, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        func field(_ start: Int, _ length: Int) -> Substring { name.dropFirst(start).prefix(length) }
        let iso = "\(field(0, 4))-\(field(4, 2))-\(field(6, 2))T\(field(8, 2)):\(field(10, 2)):\(field(12, 2))+09:00"
        guard let instant = JST.parseInstant(iso), instant % 600 == 0 else { return nil }
        return instant
    }
}
