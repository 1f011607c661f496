import Forecast
import Foundation
import Testing
import TestSupport

/// An office file of `Fixtures/jma/`, decoded for `office`.
func agencyFile(_ name: String, office: String) throws -> AgencyForecast {
    try AgencyForecast.decode(try fixture("jma/" + name), office: office)
}

/// The error decoding a file of `Fixtures/jma/` throws, or nil if it decodes.
func agencyDecodingError(_ name: String, office: String = "130000") throws -> ForecastError? {
    let body = try fixture("jma/" + name)
    do {
        _ = try AgencyForecast.decode(body, office: office)
        return nil
    } catch {
        return error
    }
}

/// Seconds since 1970 of a moment in Japan time.
func japanTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 9 * 3600)!
    let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    return Int(date.timeIntervalSince1970)
}

/// Seconds since 1970 of an ISO 8601 time with offset.
func isoTime(_ text: String) throws -> Int {
    let date = try #require(ISO8601DateFormatter().date(from: text), "not an ISO 8601 time: \(text)")
    return Int(date.timeIntervalSince1970)
}

/// A number as the golden files write it: "12", "-1", "57.2"; "" for unknown.
func goldenNumber(_ value: Double?) -> String {
    guard let value else { return "" }
    return value == value.rounded() ? String(Int(value)) : String(value)
}

/// A week in the golden files' form: a few `key<TAB>value` lines, a header, a row per day.
func goldenText(_ week: WeeklyForecast) -> String {
    var lines = [
        ["office", week.office], ["report_time", week.reportTime], ["area", week.area.code, week.area.name],
        ["temperature_point"] + (week.temperaturePoint.map { [$0.code, $0.name] } ?? []),
        ["points"] + week.pointsLookedFor,
        ["date", "weekday", "code", "telop", "rain", "reliability", "min", "min_lower", "min_upper", "max", "max_lower", "max_upper"],
    ]
    for day in week.days {
        lines.append([
            day.date, day.weekday.name(.ja), day.code ?? "", day.telop(.ja) ?? "", day.rain.map(String.init) ?? "",
            day.reliability ?? "",
        ] + [day.min.value, day.min.lower, day.min.upper, day.max.value, day.max.lower, day.max.upper].map(goldenNumber))
    }
    return lines.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
}

/// A 3-day forecast in the golden files' form.
func goldenText(_ forecast: CityForecast) -> String {
    let location = forecast.location
    var lines = [
        ["public_time", forecast.publicTime], ["public_time_formatted", forecast.publicTimeFormatted],
        ["publishing_office", forecast.publishingOffice], ["title", forecast.title], ["link", forecast.link],
        ["location", location.area, location.prefecture, location.district, location.city],
        ["date", "label", "telop", "icon", "min_c", "max_c", "min_f", "max_f", "rain_00_06", "rain_06_12", "rain_12_18",
         "rain_18_24", "weather", "wind", "wave"],
    ]
    for day in forecast.forecasts {
        let temperature = day.temperature
        lines.append([day.date, day.dateLabel, day.telop ?? "", day.image.url.map { String($0.split(separator: "/").last!) } ?? ""]
            + [temperature.min.celsius, temperature.max.celsius, temperature.min.fahrenheit, temperature.max.fahrenheit].map(goldenNumber)
            + day.chanceOfRain.periods.map { $0.map(String.init) ?? "" }
            + [day.detail.weather ?? "", day.detail.wind ?? "", day.detail.wave ?? ""])
    }
    return lines.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
}

/// The first line where two texts differ, for a readable failure.
func firstDifferingLine(_ actual: String, _ expected: String) -> String {
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, e.count) {
        let left = index < a.count ? String(a[index]) : "(none)"
        let right = index < e.count ? String(e[index]) : "(none)"
        if left != right { return "line \(index + 1):\n  got      \(left)\n  expected \(right)" }
    }
    return "same"
}
