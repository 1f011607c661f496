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
/// served without white space, as the agency serves its files (the copy at hand was
/// pretty-printed by the person who kept it: 523 KB, 301 KB without its white space).
///
/// Without release stamps the newest time is the file's own, and the map is served under that
/// name alone. With them (``MockConfiguration/stampsRelease``) the newest time is the last
/// ten-minute mark at least ``lag`` before the clock, as on the agency's site, where a file
/// appears six or seven minutes after its time; every name from ten days before it up to it
/// serves the same stations' values (a map file holds no time of its own). Any other name is
/// 404, as the agency's server answers a file that is not there yet.
struct AmedasStore: Sendable {
    /// The map file's bytes.
    let map: ByteBuffer
    /// Its time, seconds since 1970.
    let time: Int

    /// How long after its time a map file is published.
    static let lag = 7 * 60
    /// How long the agency keeps map files.
    static let retention = 10 * JST.secondsPerDay

    /// The newest map file in `folder` (a `jma/amedas` folder), or nil if it has none.
    static func load(folder: String) throws(FixtureError) -> AmedasStore? {
        guard FixtureFiles.exists(folder) else { return nil }
        let names = try FixtureFiles.names(in: folder).filter { $0.hasPrefix("map-") && $0.hasSuffix(".json") }
        guard let newest = names.compactMap({ name in Self.time(ofFileName: name).map { (name, $0) } }).max(by: { $0.1 < $1.1 })
        else { return nil }
        let path = folder + "/" + newest.0
        guard let bytes = try FixtureFiles.readIfPresent(path) else { return nil }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw FixtureError(path: path, problem: "is not JSON (\(error))")
        }
        return AmedasStore(map: ByteBuffer(string: json.text(.compact)), time: newest.1)
    }

    /// The newest time at the stamp's instant, or the file's own without one.
    func latest(stamp: ReleaseStamp?) -> Int {
        guard let stamp else { return time }
        return (stamp.instant - Self.lag).floorDivided(by: 600) * 600
    }

    /// `latest_time.txt`: the newest time as the agency writes it, with no newline.
    func latestTimeText(stamp: ReleaseStamp?) -> ByteBuffer {
        ByteBuffer(string: JST.iso(latest(stamp: stamp)))
    }

    /// The map file of `name` (YYYYMMDDHHmm00), or nil for a time with no file.
    func map(named name: String, stamp: ReleaseStamp?) -> ByteBuffer? {
        guard let requested = Self.time(ofName: name) else { return nil }
        let latest = latest(stamp: stamp)
        let served = stamp == nil ? requested == latest : (latest - Self.retention...latest).contains(requested)
        return served ? map : nil
    }

    /// The map with one station left out, for ``Fault/amedasWithoutStation(_:)``.
    static func leavingOut(_ station: String, from map: ByteBuffer) -> ByteBuffer {
        guard case .object(let members) = (try? JSONValue(parsing: map.readableBytesView)) else { return map }
        let kept = JSONValue.object(members.filter { $0.key != station })
        return ByteBuffer(string: kept.text(JSONValue.Layout(of: Array(map.readableBytesView))))
    }

    /// The time of a fixture's name, `map-YYYYMMDDHHmm00.json`.
    private static func time(ofFileName name: String) -> Int? {
        time(ofName: String(name.dropFirst("map-".count).dropLast(".json".count)))
    }

    /// The time a map file's name gives in Japan time (YYYYMMDDHHmm00, on a ten-minute mark), or
    /// nil for another name.
    static func time(ofName name: String) -> Int? {
        let digits = Array(name.utf8)
        guard digits.count == 14, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let text = String(decoding: digits, as: UTF8.self)
        func field(_ start: Int, _ length: Int) -> Substring {
            text.dropFirst(start).prefix(length)
        }
        let iso = "\(field(0, 4))-\(field(4, 2))-\(field(6, 2))T\(field(8, 2)):\(field(10, 2)):\(field(12, 2))+09:00"
        guard let instant = JST.parseInstant(iso), instant % 600 == 0 else { return nil }
        return instant
    }
}
