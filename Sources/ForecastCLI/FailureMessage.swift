import Forecast

/// The stderr line of a failed city: the reason, and what to do where the tool can say it; and
/// the line that says a city was printed from the agency's file in the API's place.
enum FailureMessage {
    /// The stderr line of a result that failed, stale copy or not, or of a value that fails its city though printed
    /// (``CityReport/problem``: observations over three hours old); nil for a success.
    static func line(for result: CityResult<some CityReport>) -> String? {
        if let error = result.error {
            return line(for: result, error: error)
        }
        if let stale = result.stale, let error = stale.error, let fetched = stale.fetchedText {
            return line(for: result, copyAfter: error, fetched: fetched, age: stale.ageText)
        }
        return result.value?.problem.map { line(for: result, error: $0) }
    }

    /// `forecast: 130010 東京: HTTP 503 after 3 attempts; printed from the weather agency's file
    /// instead`: a city the API failed and the agency's file stood in for. Not a failure.
    static func note(for result: CityResult<some Sendable>) -> String? {
        guard !result.failed, let fallback = result.fallback else { return nil }
        return "\(line(for: result, error: fallback)); printed from the weather agency's file instead (気象庁 bosai/forecast)"
    }

    /// `forecast: 130010 東京: <reason>[; <advice>]`, without its line break (for `Terminal.report`, the gate every
    /// stderr message passes): advice for the failures a user can mend from the command line.
    static func line(for result: CityResult<some Sendable>, error: ForecastError) -> String {
        let advice = error.isUntrustedCertificate ? "; if it comes from a private CA, pass it with --cacert FILE" : ""
        return "forecast: \(result.city.id) \(result.city.name): \(error)\(advice)"
    }

    /// `forecast: 130010 東京: <reason>; showing the cached copy from 3 h ago`: a failed city
    /// whose stale copy is printed instead (`--stale-if-error`).
    static func line(for result: CityResult<some Sendable>, copyAfter error: ForecastError, fetched: String, age: String) -> String {
        "\(line(for: result, error: error)); showing the cached copy from \(age) ago (\(fetched))"
    }
}
