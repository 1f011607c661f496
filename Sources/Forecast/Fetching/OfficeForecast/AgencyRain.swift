import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The 3-day forecast's chances of rain in an office's forecast file, and nothing else of it: what a source that
/// needs only the chance of rain (the 3-hourly forecast) reads of the file the week reads whole.
///
/// The body is scanned whole (it must be JSON), but only the first report's second series (the chances
/// of rain per area and 6-hour block) are decoded: a third of the work of ``AgencyForecast``'s decoding.
public struct AgencyRain: Sendable {
    let series: AgencySeries

    /// Decodes the chances of rain of an office's file; errors name the place in the file as ``AgencyForecast``'s do.
    public static func decode(_ body: Data) throws(ForecastError) -> AgencyRain {
        let file = try ForecastError.decoding(AgencyRainFile.self, from: body)
        if let area = file.series.areas.firstIndex(where: { $0.count(.pops) == nil }) {
            throw .invalidResponse(path: "[0].timeSeries[1].areas[\(area)].pops", problem: "missing")
        }
        return AgencyRain(series: file.series)
    }

    /// The chance of rain (%) of area `code`'s 6-hour block that holds the instant `time` (seconds since 1970); nil
    /// where the file has no such block.
    public func chanceOfRain(area code: String, at time: Int) -> Int? {
        guard let area = series.index(of: code) else { return nil }
        let moment = AgencyTime(epoch: time)
        let block = series.index(at: AgencyTime(day: moment.day, hour: moment.second / 3600 / 6 * 6))
        return series.number(.pops, area: area, at: block).map { Int($0) }
    }
}

/// The office's file read down to its first report's second series; the rest is skipped unread.
private struct AgencyRainFile: Decodable {
    let series: AgencySeries

    init(from decoder: any Decoder) throws {
        var reports = try decoder.unkeyedContainer()
        let first = try reports.nestedContainer(keyedBy: JSONKey.self)
        var list = try first.nestedUnkeyedContainer(forKey: "timeSeries")
        _ = try list.nestedContainer(keyedBy: JSONKey.self)
        guard !list.isAtEnd else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [IndexKey(0), JSONKey(stringLiteral: "timeSeries")], debugDescription: "1 series, expected at least 2"))
        }
        series = try AgencySeries(from: list.nestedContainer(keyedBy: JSONKey.self))
    }
}

/// The office's forecast file as ``AgencySource`` fetches and caches it (one copy, shared with the week), decoded as
/// ``AgencyRain``.
struct AgencyRainSource: FileSource {
    let office: AgencySource

    var shelf: ForecastCache.Shelf { office.shelf }
    var endpoint: Endpoint { office.endpoint }
    func key(for city: City) throws(ForecastError) -> String { try office.key(for: city) }
    func url(for key: String) -> String { office.url(for: key) }
    func decode(_ body: Data, key: String) throws(ForecastError) -> AgencyRain { try AgencyRain.decode(body) }
}
