/// A way for the mock server to misbehave instead of answering an API request normally.
///
/// Faults imitate what a client of the real weather.tsukumijima.net can meet: HTTP errors from a proxy or the server,
/// the API's own error body, an error page instead of JSON, broken bodies and broken connections, bodies that never
/// end, and hostile redirects; and what a client of the agency's files can meet: a file of an unexpected shape. Choose
/// them per city, office or file with ``MockConfiguration/faultsBySource``, or for a fraction of all requests with
/// ``MockConfiguration/randomFault``.
///
/// On the agency's files a fault acts as on a city: `malformedJSON` and `truncated` cut the file
/// served, `redirectLoop` alternates between the file's URL with and without a query.
public enum Fault: Sendable, Equatable {
    /// Answer with this HTTP status and a short `text/plain` body, e.g. 503 with
    /// `Retry-After: 1` (the header is sent only when `retryAfter` is not nil). Use a final
    /// status (200–599): a 1xx head would leave the client waiting for the real response.
    case status(Int, retryAfter: String? = nil)
    /// Answer HTTP 200 with the API's error object `{"error": "<message>"}`, as the real API does
    /// when the weather agency fails (e.g. "Request to JMA API failed (HTTP Error 503)").
    case apiError(String)
    /// Answer HTTP 200 with a `text/html` error page instead of JSON.
    case html
    /// Answer HTTP 200 `application/json` whose body is cut in the middle of an object: the
    /// `Content-Length` is correct, the JSON is not valid.
    case malformedJSON
    /// Announce the full body in `Content-Length`, send only half of it, then close the connection.
    case truncated
    /// Reset the connection (close with `SO_LINGER` 0, so the client sees `ECONNRESET`) before
    /// any byte of the response.
    case reset
    /// Read the request and never answer, until the client or the server closes the connection.
    case stall
    /// Answer HTTP 200 with a body of exactly `bytes` bytes, announced in `Content-Length`.
    case oversize(bytes: Int)
    /// Answer HTTP 200 with a chunked body that never ends: chunks are written as fast as the
    /// client reads them (respecting backpressure) until it closes the connection.
    case endless
    /// Answer 302 pointing at the same city in the other URL form (path form to query form and back), forever.
    case redirectLoop
    /// Answer 302 with `Location: file:///etc/passwd`.
    case redirectToFile
    /// On an office's forecast file: answer with an array of one report, the 3-day forecast
    /// without the weekly one. Other routes (the overview, the API) answer normally.
    case agencyOneReport
    /// On an office's forecast file: answer with every value array of every series one entry
    /// shorter than the series' `timeDefines`. Other routes answer normally.
    case agencyShortSeries
    /// On an AMeDAS map file: answer without the station of this code. Other routes answer normally.
    case amedasWithoutStation(String)
}
