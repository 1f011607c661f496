import NIOCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The agency's files for every office of `jma/areas.tsv`, loaded once when the server starts:
/// `forecast/{office}.json` and `overview_forecast/{office}.json`.
///
/// An office with samples in `jma/` (`forecast-{office}-{yyyymmdd}[-note].json`,
/// `overview_forecast-{office}-{yyyymmdd}[-note].json`) gets its newest one, by the date in the
/// name, byte for byte. Every other office gets an ``AgencyTemplate`` made from Tokyo's newest
/// sample (130000, whose publisher is the agency itself, a name right for any office; the newest
/// of all when Tokyo has none): its own areas and points, with weather derived from its cities'
/// IDs. An office without an overview sample gets one written from its forecast file, the
/// sample's or the template's, naming that file's areas and their weather.
struct AgencyStore: Sendable {
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
            self.bytes = ByteBuffer(string: json.text(layout))
            self.json = json
            self.layout = layout
            self.remaking = remaking
        }

        /// A sample, served as its bytes.
        init(bytes: [UInt8], json: JSONValue) {
            self.bytes = ByteBuffer(bytes: bytes)
            self.json = json
            self.layout = JSONValue.Layout(of: bytes)
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

    /// The forecast file of each office.
    let forecasts: [String: File]
    /// The overview of each office.
    let overviews: [String: File]
    /// The offices whose forecast file is a sample of their own (the rest are templates).
    let sampleOffices: Set<String>

    /// No office at all: what a fixtures folder without `jma/` gives.
    static let empty = AgencyStore(forecasts: [:], overviews: [:], sampleOffices: [])

    /// The office whose newest sample the templates are made from.
    static let templateOffice = "130000"

    /// Reads `areas.tsv` and the samples in `folder` (the `jma` folder of the fixtures) and makes
    /// the templates; `cityNames` names each city's AMeDAS point in templates.
    static func load(folder: String, cityNames: [String: String]) throws(FixtureError) -> AgencyStore {
        let areasFile = folder + "/areas.tsv"
        let areas = try AgencyArea.parseTable(try FixtureFiles.readText(areasFile), file: areasFile)
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
        for office in Office.grouping(areas, cityNames: cityNames) {
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
    func served(_ kind: Route.AgencyFile, office: String, stamp: ReleaseStamp?) -> (file: File, json: JSONValue)? {
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

        static func grouping(_ areas: [AgencyArea], cityNames: [String: String]) -> [Office] {
            var offices: [Office] = []
            for area in areas {
                let city = AgencyTemplate.City(
                    id: area.id, areaName: area.name, point: area.points[0],
                    pointName: cityNames[area.id] ?? area.name)
                if let index = offices.firstIndex(where: { $0.code == area.office }) {
                    offices[index].cities.append(city)
                } else {
                    offices.append(Office(code: area.office, name: area.officeName, cities: [city]))
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

        /// The files of `samples`, by office.
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
    /// Which file of the office it is a copy of.
    enum Kind: String, Sendable {
        case forecast = "forecast"
        case overview = "overview_forecast"
    }

    var kind: Kind
    /// The office code.
    var office: String
    /// The date, `yyyymmdd`.
    var date: String
    /// The whole name.
    var text: String

    /// Reads a file name; nil for any other name.
    init?(_ text: String) {
        guard text.hasSuffix(".json") else { return nil }
        let parts = text.dropLast(5).split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, let kind = Kind(rawValue: String(parts[0])),
            parts[1].utf8.count == 6, parts[1].utf8.allSatisfy(Self.isDigit),
            parts[2].utf8.count == 8, parts[2].utf8.allSatisfy(Self.isDigit)
        else { return nil }
        (self.kind, self.office, self.date, self.text) = (kind, String(parts[1]), String(parts[2]), text)
    }

    /// Whether this sample is preferred to `other`: a later date, then a name without a note,
    /// then the name that sorts first.
    func isPreferred(to other: SampleName) -> Bool {
        (date, -text.count, other.text) > (other.date, -other.text.count, text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
