#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The agency's 3-hourly forecast of one primary area (地域時系列予報,
/// `bosai/jmatile/data/wdist/VPFD/{id}.json`), decoded: per 3-hour period the weather word and
/// the wind, and the temperature at the area's point at instants of its own.
///
/// The area's periods and the point's instants are two series of different lengths (14 and 15
/// in a file issued at 05:00); a temperature is matched to a period by its time, never by its
/// place. Only the keys read here are required; `maxTemperature`, `minTemperature` and the rest
/// are skipped unread.
struct HoursFile: Sendable, Decodable {
    struct Wind: Sendable {
        let direction: String
        let range: String?
    }

    struct Area: Sendable {
        let times: [String]
        let weather: [String]
        let wind: [Wind]
    }

    struct Point: Sendable {
        let pointNameJP: String
        let pointNameEN: String?
        let times: [String]
        /// A number, or nil where the file writes "".
        let temperature: [Double?]
    }

    let reportDateTime: String
    let areaTimeSeries: Area
    let pointTimeSeries: Point?

    /// Reads the file through nested containers keyed by ``JSONKey``, as the office's file is read: a `Decodable`
    /// struct per object would make the runtime build a container type for each, at start-up's cost.
    init(from decoder: any Decoder) throws {
        let file = try decoder.container(keyedBy: JSONKey.self)
        reportDateTime = try file.decode(String.self, forKey: "reportDateTime")
        let area = try file.nestedContainer(keyedBy: JSONKey.self, forKey: "areaTimeSeries")
        var timeList = try area.nestedUnkeyedContainer(forKey: "timeDefines")
        var weatherList = try area.nestedUnkeyedContainer(forKey: "weather")
        var windList = try area.nestedUnkeyedContainer(forKey: "wind")
        var weather: [String] = []
        while !weatherList.isAtEnd { weather.append(try weatherList.decode(String.self)) }
        areaTimeSeries = Area(
            times: try timeList.objects { try $0.decode(String.self, forKey: "dateTime") }, weather: weather,
            wind: try windList.objects { Wind(direction: try $0.decode(String.self, forKey: "direction"), range: try $0.decodeIfPresent(String.self, forKey: "range")) })
        guard file.contains("pointTimeSeries") else {
            pointTimeSeries = nil
            return
        }
        let point = try file.nestedContainer(keyedBy: JSONKey.self, forKey: "pointTimeSeries")
        var instants = try point.nestedUnkeyedContainer(forKey: "timeDefines")
        var values = try point.nestedUnkeyedContainer(forKey: "temperature")
        var temperature: [Double?] = []
        while !values.isAtEnd {
            if let number = try? values.decode(Double.self) {
                temperature.append(number)
            } else if try values.decode(String.self).isEmpty {
                temperature.append(nil)
            } else {
                throw DecodingError.dataCorruptedError(in: values, debugDescription: "expected a number or \"\"")
            }
        }
        pointTimeSeries = Point(
            pointNameJP: try point.decode(String.self, forKey: "pointNameJP"), pointNameEN: try point.decodeIfPresent(String.self, forKey: "pointNameEN"),
            times: try instants.objects { try $0.decode(String.self, forKey: "dateTime") }, temperature: temperature)
    }

    /// Decodes the file of area `id`, and checks that each series has a value per time.
    static func decode(_ body: Data, id: String) throws(ForecastError) -> HoursFile {
        let file: HoursFile
        do {
            file = try ForecastError.decoding(HoursFile.self, from: body)
        } catch .invalidResponse(let path, let problem) {
            throw .other("the agency's 3-hourly file \(id).json is not of its shape: \(path.isEmpty ? "" : path + ": ")\(problem)")
        }
        let area = file.areaTimeSeries
        let counts = [("weather", area.weather.count), ("wind", area.wind.count)]
        if let (name, count) = counts.first(where: { $0.1 != area.times.count }) {
            throw .other("the agency's 3-hourly file \(id).json has \(area.times.count) periods but \(count) values of \(name)")
        }
        if let point = file.pointTimeSeries, point.temperature.count != point.times.count {
            throw .other(
                "the agency's 3-hourly file \(id).json has \(point.times.count) instants but \(point.temperature.count) temperatures")
        }
        return file
    }
}
