internal import JapanTime
import NIOCore

/// The agency's warning files (`bosai/warning/data/r8/{office}.json`) for every office of `jma/areas.tsv`, loaded once
/// when the server starts: the real copies in `jma/warnings/` (`r8-{office}-{yyyymmdd}.json`, the newest of each
/// office) byte for byte, and for every other office a file of one telegram that lists each of its class10 areas with
/// nothing in force, dated as the newest copy (or the last release, when stamping).
///
/// The files are the forecast office's, but for 十勝 (014030) and 奄美 (460040), which have their
/// own, as on the agency's site; 014100's and 460100's files do not hold them.
struct WarningStore: MockSource {
    static let name = "warning"
    /// An office's latency (`latencyBySource["office"]`) holds for its warning file too.
    static let latencyName = "office"
    static let faultForm = "warning:OFFICE=KIND, e.g. warning:130000=malformed"

    let samples: [String: ByteBuffer]
    /// The class10 areas of each file, in `areas.tsv`'s order.
    let areas: [String: [String]]
    /// When the made files say they were reported: the newest copy's time, seconds since 1970.
    let reported: Int

    /// The areas with warning files of their own.
    static let ownFiles: Set<String> = ["014030", "460040"]

    func request(path: Substring, query _: Substring?) -> SourceRequest? {
        guard let office = path.jsonFileName(in: "/bosai/warning/data/r8/") else { return nil }
        return SourceRequest(source: Self.self, key: office, headers: Answer.agencyHeaders) { stamp, _ in
            self.file(for: office, stamp: stamp).map(Answer.agencyFile) ?? .agencyNotFound
        }
    }

    /// Loads the copies of `jma/warnings/` (if there is one) for the offices of `jma/areas.tsv` (none without it).
    static func load(fixtures: String) throws(FixtureError) -> WarningStore {
        let areasFile = fixtures + "/jma/areas.tsv"
        guard FixtureFiles.exists(areasFile) else { return WarningStore(samples: [:], areas: [:], reported: 0) }
        let areas = try TSV.records(try FixtureFiles.readText(areasFile), file: areasFile, columns: ["id", "office"])
        let folder = fixtures + "/jma/warnings"
        var samples: [String: ByteBuffer] = [:]
        var newest: [String: String] = [:]
        var reported = 0
        if FixtureFiles.exists(folder) {
            for name in try FixtureFiles.names(in: folder) where name.hasPrefix("r8-") && name.hasSuffix(".json") {
                let parts = name.dropFirst(3).dropLast(5).split(separator: "-")
                guard parts.count == 2, newest[String(parts[0])].map({ $0 < parts[1] }) ?? true else { continue }
                newest[String(parts[0])] = String(parts[1])
                let bytes = try FixtureFiles.read(folder + "/" + name)
                samples[String(parts[0])] = ByteBuffer(bytes: bytes)
                let json = try? JSONValue(parsing: bytes)
                for telegram in json?.array ?? [] {
                    if let text = telegram["reportDatetime"].string, let time = JST.parseInstant(text) {
                        reported = max(reported, time)
                    }
                }
            }
        }
        var byFile: [String: [String]] = [:]
        for (_, cells) in areas {
            let (area, office) = (cells[0], cells[1])
            byFile[ownFiles.contains(area) ? area : office, default: []].append(area)
        }
        return WarningStore(samples: samples, areas: byFile, reported: reported)
    }

    /// The file of `office`, or nil for a code with none.
    func file(for office: String, stamp: ReleaseStamp?) -> ByteBuffer? {
        if let sample = samples[office] { return sample }
        guard let codes = areas[office] else { return nil }
        let time = JST.iso(stamp?.forecastRelease ?? reported)
        let items = codes.map { code in
            var item = JSONValue.strings(["areaCode": code])
            item["kinds"] = .array([.strings(["status": "発表警報・注意報はなし"])])
            return item
        }
        var telegram = JSONValue.strings([
            "reportDatetime": time, "infoType": "発表", "publishingOffice": "気象庁", "headlineText": "",
        ])
        telegram["warning"] = .object([])
        telegram["warning"]["class10Items"] = .array(items)
        telegram["warning"]["class20Items"] = .array([])
        telegram["dataTypeCode"] = .string("VPWW55")
        return ByteBuffer(string: JSONValue.array([telegram]).text(.compact))
    }
}
