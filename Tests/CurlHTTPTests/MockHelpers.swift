import CurlHTTP
import Foundation
import MockAPI
import Testing

/// Request options for tests: short timeouts and no retries unless a test asks for them.
func testOptions(
    timeout: Duration = .seconds(5), retry: RetryPolicy = .none, maxBodySize: Int = 8 << 20
) -> RequestOptions {
    RequestOptions(timeout: timeout, connectTimeout: .seconds(2), maxBodySize: maxBodySize, retry: retry)
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
