import CurlHTTP
import Foundation
import MockAPI
import Testing

/// Request options for tests: no retries unless a test asks for them, and timeouts long enough
/// that a loaded machine never reaches them (on CI, hundreds of tests start together on two
/// cores and a loopback request of a few milliseconds has waited over five seconds for its turn).
/// A test of a timeout names its own.
func testOptions(
    timeout: Duration = .seconds(60), retry: RetryPolicy = .none, maxBodySize: Int = 8 << 20
) -> RequestOptions {
    RequestOptions(timeout: timeout, connectTimeout: .seconds(30), maxBodySize: maxBodySize, retry: retry)
}

/// The error a request fails with, or nil if it succeeds.
func failure(of request: Request) async -> (any Error)? {
    do {
        _ = try await request.validate().response()
        return nil
    } catch {
        return error
    }
}

extension Request {
    /// What a `response` handler added now receives, awaited: the response also when the
    /// chain failed (a refused status).
    func responseAsync() async -> DataResponse<Response> {
        await withCheckedContinuation { done in
            response { done.resume(returning: $0) }
        }
    }
}
