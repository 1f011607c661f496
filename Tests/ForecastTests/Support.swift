import Forecast
import Foundation
import MockAPI
import TestSupport

func decodeFixture(_ name: String) throws -> CityForecast {
    try ResponseDecoder.decode(try fixture(name))
}

/// The error decoding a fixture throws, or nil if it decodes.
func decodingError(_ name: String) throws -> ForecastError? {
    let body = try fixture(name)
    do {
        _ = try ResponseDecoder.decode(body)
        return nil
    } catch {
        return error
    }
}

/// A successful result for a fixture, as the client would make it.
func result(_ id: String, fixture name: String? = nil) throws -> FetchResult {
    let city = try CityCatalog.resolve(id)
    let forecast = try decodeFixture(name ?? "\(id).json")
    return FetchResult(city: city, outcome: .success(forecast), info: FetchInfo(source: .network))
}

/// A failed result.
func failed(_ id: String, _ error: ForecastError) throws -> FetchResult {
    FetchResult(city: try CityCatalog.resolve(id), outcome: .failure(error), info: FetchInfo(source: .network))
}
