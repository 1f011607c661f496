#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a response body into a `CityForecast`, or into the error the body stands for.
///
/// The API reports its errors with HTTP 200 and a body `{"error": "…"}`, so the top-level
/// `error` key is looked for first, in the same pass as the forecast itself.
public enum ResponseDecoder {
    /// Decodes a body: the forecast, or the API's own error as ``ForecastError/api(message:)``, or a ``ForecastError`` naming what is wrong with the JSON.
    public static func decode(_ body: Data) throws(ForecastError) -> CityForecast {
        switch try ForecastError.decoding(Envelope.self, from: body) {
        case .forecast(let forecast): return forecast
        case .apiError(let message): throw .api(message: message)
        }
    }

    /// True if `body` is the API's error object with a message that means "try again later":
    /// the API could not reach the weather agency.
    public static func isTransientAPIError(_ body: Data) -> Bool {
        // An error body is a few dozen bytes with "error" near the start; a forecast is
        // kilobytes and starts with "publicTime". Only the former is worth parsing here.
        guard body.count < 4096,
              ByteSearch.firstRange(of: "\"error\"", in: body.prefix(64)) != nil,
              case .apiError(let message)? = try? JSONDecoder().decode(Envelope.self, from: body)
        else { return false }
        return message.hasPrefix("Request to JMA API failed")
    }

    /// The top level of a body: an error object or a forecast.
    private enum Envelope: Decodable {
        case forecast(CityForecast)
        case apiError(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            if container.contains("error") {
                self = .apiError(try container.decode(String.self, forKey: "error"))
            } else {
                self = .forecast(try CityForecast(container))
            }
        }
    }
}
