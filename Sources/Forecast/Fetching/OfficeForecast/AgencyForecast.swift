#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The weather agency's forecast file of one office, decoded: the 3-day forecast and the
/// weekly forecast of all the office's areas.
///
/// `https://www.jma.go.jp/bosai/forecast/data/forecast/{office}.json` is an array of two reports. The first is the
/// 3-day forecast (issued 05:00, 11:00, 17:00 JST): the weather codes and the weather, wind and wave lines per class10
/// area, the chance of rain per 6-hour block, and temperatures per AMeDAS point. The second is the weekly forecast
/// (11:00 and 17:00): per weekly area a weather code, a chance of rain and a reliability (A, B, C) per day, and per
/// point the minimum and maximum with their likely ranges. One file serves every city of its office: `week(for:now:)`
/// and `forecast(for:now:overview:)` read a city's part of it.
public struct AgencyForecast: Sendable {
    /// The office whose file this is: "130000".
    public let office: String
    /// The office that issued the 3-day forecast, e.g. "気象庁", "鹿児島地方気象台".
    public let publishingOffice: String
    /// When the 3-day forecast was issued, ISO 8601 with offset.
    public let reportTime: String
    /// The office that issued the weekly forecast.
    public let weeklyPublishingOffice: String
    /// When the weekly forecast was issued; it may be older than the 3-day forecast (the
    /// weekly one is not issued at 05:00).
    public let weeklyReportTime: String

    /// The 3-day forecast's series: weather per area, chances of rain per area, temperatures per point.
    let daily: (weather: AgencySeries, rain: AgencySeries, temperatures: AgencySeries)
    /// The weekly forecast's series: weather per weekly area, temperatures per point.
    let weekly: (weather: AgencySeries, temperatures: AgencySeries)

    /// Decodes an office's file. Errors say what is wrong and where: not JSON, not two reports, a series with fewer (or
    /// more) values than times, a value that should be a number and is not, a missing field.
    ///
    /// - Parameters:
    ///   - body: the file as fetched.
    ///   - office: the office it was fetched for, which the cities read from it must belong to.
    public static func decode(_ body: Data, office: String) throws(ForecastError) -> AgencyForecast {
        let reports = try ForecastError.decoding(AgencyFile.self, from: body).reports
        guard reports.count >= 2 else {
            throw .invalidResponse(
                path: "", problem: "the agency's file has \(reports.count) report\(reports.count == 1 ? "" : "s"), "
                    + "not two: no weekly forecast")
        }
        let short = reports[0], week = reports[1]
        return AgencyForecast(
            office: office, publishingOffice: short.publishingOffice, reportTime: short.reportDatetime,
            weeklyPublishingOffice: week.publishingOffice, weeklyReportTime: week.reportDatetime,
            daily: (
                try series(of: short, report: 0, at: 0, fields: [.weatherCodes]),
                try series(of: short, report: 0, at: 1, fields: [.pops]),
                try series(of: short, report: 0, at: 2, fields: [.temps])),
            weekly: (
                try series(of: week, report: 1, at: 0, fields: [.weatherCodes, .pops]),
                try series(of: week, report: 1, at: 1, fields: [.tempsMin, .tempsMax])))
    }

    /// Series `index` of a report, which every area of must have `fields`.
    private static func series(
        of report: AgencyReport, report number: Int, at index: Int, fields: [AgencySeries.Field]
    ) throws(ForecastError) -> AgencySeries {
        let path = "[\(number)].timeSeries"
        guard index < report.timeSeries.count else {
            throw .invalidResponse(path: path, problem: "\(report.timeSeries.count) series, expected at least \(index + 1)")
        }
        let series = report.timeSeries[index]
        for field in fields {
            guard let area = series.areas.firstIndex(where: { $0.count(field) == nil }) else { continue }
            throw .invalidResponse(path: "\(path)[\(index)].areas[\(area)].\(field.rawValue)", problem: "missing")
        }
        return series
    }

    /// The city's area, which must be one of this office's.
    func area(of city: City) throws(ForecastError) -> AgencyArea {
        guard let area = AgencyArea.of(city) else {
            throw .other("\(city.id) is not one of the agency's forecast areas")
        }
        guard area.office == office else {
            throw .notInAgencyFile(
                office: office, problem: "is not the file of \(city.id) \(city.name), which is in \(area.office)'s")
        }
        return area
    }
}

/// The file: its reports, read through nested containers (see ``AgencySeries/init(from:)``).
struct AgencyFile: Decodable {
    let reports: [AgencyReport]

    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        reports = try list.objects { try AgencyReport(from: $0) }
    }
}

/// One report of the file: who issued it, when, and its series.
struct AgencyReport {
    let publishingOffice: String
    let reportDatetime: String
    let timeSeries: [AgencySeries]

    init(from container: KeyedDecodingContainer<JSONKey>) throws {
        publishingOffice = try container.decodeIfPresent(String.self, forKey: "publishingOffice") ?? ""
        reportDatetime = try container.decode(String.self, forKey: "reportDatetime")
        var list = try container.nestedUnkeyedContainer(forKey: "timeSeries")
        timeSeries = try list.objects { try AgencySeries(from: $0) }
    }
}
