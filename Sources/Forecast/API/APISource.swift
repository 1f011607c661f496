import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The API's answers: one file per city, `<baseURL>/api/forecast/city/<id>`, fresh until the
/// agency's next release (by the body's `publicTime`), kept in the cache's own folder.
struct APISource: FileSource {
    /// The API root, without a trailing slash.
    let baseURL: String
    let endpoint: Endpoint

    var shelf: ForecastCache.Shelf { .api }

    func key(for city: City) -> String { city.id }

    func url(for key: String) -> String { "\(baseURL)/api/forecast/city/\(key)" }

    func decode(_ body: Data, key: String) throws(ForecastError) -> CityForecast {
        try ResponseDecoder.decode(body)
    }

    var isTransient: (@Sendable (Response) -> Bool)? { { ResponseDecoder.isTransientAPIError($0.body) } }
}
