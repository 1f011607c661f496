#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fuzz target for the response decoder: the input is a response body, handed to
/// `ResponseDecoder` as the client hands it a body from the network.
///
/// Every outcome but a crash, a hang or a sanitizer report is fine: a forecast, or a
/// `ForecastError` whose message can be built.
func decoderFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    // libFuzzer owns `bytes` for the duration of this call and passes a valid pointer for
    // `count` bytes (nil only when count is 0); the bytes are copied into a Data at once and
    // the pointer is never kept.
    let body = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = ResponseDecoder.isTransientAPIError(body)
    do {
        let forecast = try ResponseDecoder.decode(body)
        _ = forecast.forecasts.count
    } catch {
        _ = error.description
    }
    return 0
}
