import NIOCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The agency's files for every office of `jma/areas.tsv`, loaded once when the server starts:
/// `/bosai/forecast/data/forecast/{office}.json` and `/bosai/forecast/data/overview_forecast/{office}.json`, routed by
/// their path alone (a query, a cache buster such as `?_=1`, is ignored, as by the agency's static file server). A
/// fixtures folder without `jma/` serves no office.
///
/// An office with samples in `jma/` (`forecast-{office}-{yyyymmdd}[-note].json`,
/// `overview_forecast-{office}-{yyyymmdd}[-note].json`) gets its newest one, by the date in the name, byte for byte.
/// Every other office gets an ``AgencyTemplate`` made from Tokyo's newest sample (130000, whose publisher is the agency
/// itself, a name right for any office; the newest of all when Tokyo has none): its own areas and points, with weather
/// derived from its cities' IDs. An office without an overview sample gets one written from its forecast file, the
/// sample's or the template's, naming that file's areas and their weather.
struct AgencyStore: MockSource {
    static let name = "office"
    static let faultForm = "office:OFFICE=KIND, e.g. office:270000=status:503"

    /// The two files of an office, named as their folders on the agency's site and as their samples in `jma/`.
    enum Kind: String, Sendable, CaseIterable {
        case forecast = "forecast"
        case overview = "overview_forecast"

        var path: String { "/bosai/forecast/data/\(rawValue)/" }
    }

    /// A file ready to serve: its bytes, and its parsed form for release stamps and faults.
    struct File: Sendable {
        var bytes: ByteBuffer
        var json: JSONValue
        var layout: JSONValue.Layout
        /// How a made file is made again when a release stamp has moved its dates; nil for a
        /// sample, which keeps its values.
        var remaking: Remaking?

        /// A made file, written out in `layout`.
        init(json: JSONValue, layout: JSONValue.Layout, remaking: Remaking) {
            (self.bytes, self.json, self.layout, self.remaking) = (ByteBuffer(string: json.text(layout)), json, layout, remaking)
        }

        /// A sample, served as its bytes.
        init(bytes: [UInt8], json: JSONValue) {
            (self.bytes, self.json, self.layout) = (ByteBuffer(bytes: bytes), json, JSONValue.Layout(of: bytes))
        }
    }

    /// How a made file follows a release stamp.
    enum Remaking: Sendable {
        /// A forecast template: its values drawn again for its new dates, each area and point from
        /// the city ID it maps to (``AgencyTemplate/deriving(_:seeds:)``).
        case forecast(seeds: [String: String])
        /// An overview: written again from the office's forecast file as served, on `base`.
        case overview(base: JSONValue, officeName: String)
    }

    let forecasts: [String: File]
    let overviews: [String: File]
    /// The offices whose forecast file is a sample of their own (the rest are templates).
    let sampleOffices: Set<String>

    /// The office whose newest sample the templates are made from.
    static let templateOffice = "130000"

    /// The request for one of an office's files, answered with ``Fault/agencyOneReport`` and
    /// ``Fault/agencyShortSeries`` reshaped if it is the forecast.
    func request(path: Substring, query _: Substring?) -> SourceRequest? {
        guard let kind = Kind.allCases.first(where: { path.hasPrefix($0.path) }),
            let office = path.jsonFileName(in: kind.path)
        else { return nil }
        return SourceRequest(source: Self.self, key: office, headers: Answer.agencyHeaders) { stamp, fault in
            guard let served = self.served(kind, office: office, stamp: stamp) else { return .agencyNotFound }
            let json = kind == .forecast ? AgencyFaults.shaping(served.json, as: fault) : served.json
            let file = served.file
            return .agencyFile(json == file.json ? file.bytes : ByteBuffer(string: json.text(file.layout)))
        }
    }

    /// Reads `jma/areas.tsv` and the samples in `jma/`, and makes the templates, each city's
    /// AMeDAS point named as the city in `cities-api-location.tsv`.
    static func load(fixtures: String) throws(FixtureError) -> AgencyStore {
        let folder = fixtures + "/jma"
        guard FixtureFiles.exists(folder) else { return AgencyStore(forecasts: [:], overviews: [:], sampleOffices: []) }
        let locationsFile = fixtures + "/cities-api-location.tsv"
        let locations = try TSV.records(try FixtureFiles.readText(locationsFile), file: locationsFile, columns: ["id", "name"])
        let cityNames = Dictionary(locations.map { ($0.cells[0], $0.cells[1]) }, uniquingKeysWith: { $1 })
        let offices = try Office.reading(folder + "/areas.tsv", cityNames: cityNames)
        let samples = try Sample.newest(in: folder)
        let forecastSamples = samples.filter { $0.name.kind == .forecast }
        let overviewSamples = samples.filter { $0.name.kind == .overview }
        guard let forecastBase = Sample.templateBase(forecastSamples),
            let overviewBase = Sample.templateBase(overviewSamples)
        else {
            throw FixtureError(
                path: folder, problem: "lacks a forecast-{office}-{yyyymmdd}.json or overview_forecast-… sample")
        }
        var forecasts = Sample.byOffice(forecastSamples)
        var overviews = Sample.byOffice(overviewSamples)
        let sampleOffices = Set(forecasts.keys)
        for office in offices {
            if forecasts[office.code] == nil {
                guard
                    let json = AgencyTemplate.forecast(
                        from: forecastBase.file.json, office: office.code, officeName: office.name,
                        cities: office.cities)
                else {
                    throw FixtureError(
                        path: forecastBase.path, problem: "is not a list of reports whose series hold times and areas")
                }
                let seeds = AgencyTemplate.seeds(office: office.code, cities: office.cities)
                forecasts[office.code] = File(
                    json: json, layout: forecastBase.file.layout, remaking: .forecast(seeds: seeds))
            }
            if overviews[office.code] == nil, let forecast = forecasts[office.code] {
                let json = AgencyTemplate.overview(
                    from: overviewBase.file.json, officeName: office.name, forecast: forecast.json)
                overviews[office.code] = File(
                    json: json, layout: overviewBase.file.layout,
                    remaking: .overview(base: overviewBase.file.json, officeName: office.name))
            }
        }
        return AgencyStore(forecasts: forecasts, overviews: overviews, sampleOffices: sampleOffices)
    }

    /// An office's file as it is served: as loaded, or with the release times and dates of
    /// `stamp`, a made file made again for its new dates (an overview from the forecast file
    /// served at the same stamp). Nil for an office outside `areas.tsv`.
    func served(_ kind: Kind, office: String, stamp: ReleaseStamp?) -> (file: File, json: JSONValue)? {
        guard let file = (kind == .forecast ? forecasts : overviews)[office] else { return nil }
        guard let stamp else { return (file, file.json) }
        switch (kind, file.remaking) {
        case (.forecast, .forecast(let seeds)):
            return (file, AgencyTemplate.deriving(stamp.stampingAgencyForecast(file.json), seeds: seeds))
        case (.overview, .overview(let base, let officeName)):
            guard let forecast = served(.forecast, office: office, stamp: stamp) else { break }
            let written = AgencyTemplate.overview(from: base, officeName: officeName, forecast: forecast.json)
            return (file, stamp.stampingAgencyOverview(written))
        default:
            break
        }
        let stamped = kind == .forecast ? stamp.stampingAgencyForecast(file.json) : stamp.stampingAgencyOverview(file.json)
        return (file, stamped)
    }

    /// An office of `areas.tsv` and its cities, in file order.
    private struct Office {
        var code: String
        var name: String
        var cities: [AgencyTemplate.City]

        /// The offices of `file` (`areas.tsv`, a row per city: its ID, which is its class10
        /// area's code, the area's name, the office's code and name, and the AMeDAS points whose
        /// temperatures stand for it, preferred first), each city's point named by `cityNames`.
        /// Columns are found by their header names, so their order does not matter.
        static func reading(_ file: String, cityNames: [String: String]) throws(FixtureError) -> [Office] {
            let columns = ["id", "class10_name", "office", "office_name", "amedas"]
            var offices: [Office] = []
            for (line, cells) in try TSV.records(try FixtureFiles.readText(file), file: file, columns: columns) {
                let (id, areaName, code) = (cells[0], cells[1], cells[2])
                guard !code.isEmpty, let point = cells[4].split(separator: ",").first else {
                    throw FixtureError(path: file, problem: "line \(line) has no office or no AMeDAS point")
                }
                let city = AgencyTemplate.City(
                    id: id, areaName: areaName, point: String(point), pointName: cityNames[id] ?? areaName)
                if let index = offices.firstIndex(where: { $0.code == code }) {
                    offices[index].cities.append(city)
                } else {
                    offices.append(Office(code: code, name: cells[3], cities: [city]))
                }
            }
            return offices
        }
    }

    /// A sample of `jma/`, read and parsed.
    private struct Sample {
        var name: SampleName
        var path: String
        var file: File

        /// The newest sample of each kind and office in `folder`, by name.
        static func newest(in folder: String) throws(FixtureError) -> [Sample] {
            let names = try FixtureFiles.names(in: folder)
            var newest: [String: SampleName] = [:]
            for name in names.compactMap(SampleName.init) {
                let key = name.kind.rawValue + "/" + name.office
                if newest[key].map(name.isPreferred(to:)) ?? true {
                    newest[key] = name
                }
            }
            var samples: [Sample] = []
            for name in newest.values.sorted(by: { $0.text < $1.text }) {
                let path = folder + "/" + name.text
                let bytes = try FixtureFiles.read(path)
                do {
                    let file = File(bytes: bytes, json: try JSONValue(parsing: bytes))
                    samples.append(Sample(name: name, path: path, file: file))
                } catch {
                    throw FixtureError(path: path, problem: error.description)
                }
            }
            return samples
        }

        static func byOffice(_ samples: [Sample]) -> [String: File] {
            Dictionary(samples.map { ($0.name.office, $0.file) }, uniquingKeysWith: { first, _ in first })
        }

        /// The sample of ``AgencyStore/templateOffice`` among `samples`, else the preferred one.
        static func templateBase(_ samples: [Sample]) -> Sample? {
            samples.first { $0.name.office == templateOffice } ?? samples.min { $0.name.isPreferred(to: $1.name) }
        }
    }
}

/// The name of a sample of `jma/`: `{kind}-{office}-{yyyymmdd}[-note].json`.
struct SampleName: Sendable, Equatable {
    var kind: AgencyStore.Kind
    var office: String
    /// The date, `yyyymmdd`.
    var date: String
    var text: String

    init?(_ text: String) {
        guard text.hasSuffix(".json") else { return nil }
        let parts = text.dropLast(5).split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, let kind = AgencyStore.Kind(rawValue: String(parts[0])),
            parts[1].utf8.count == 6, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            parts[2].utf8.count == 8, parts[2].utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        (self.kind, self.office, self.date, self.text) = (kind, String(parts[1]), String(parts[2]), text)
    }

    /// Whether this sample is preferred to `other`: a later date, then a name without a note,
    /// then the name that sorts first.
    func isPreferred(to other: SampleName) -> Bool {
        (date, -text.count, other.text) > (other.date, -other.text.count, text)
    }
}

extension FixtureStore {
    /// The agency's forecast files among the sources (every source of the registry is loaded).
    var agency: AgencyStore { sources.lazy.compactMap { $0 as? AgencyStore }.first! }
}
