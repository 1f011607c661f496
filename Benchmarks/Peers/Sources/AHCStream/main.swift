// ahc-stream URL: streams the body of URL through async-http-client's async response body and
// counts its bytes; prints the count, exits 1 if the status is not 200 or the body fails.
import AsyncHTTPClient
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: ahc-stream URL")
    exit(64)
}
let client = HTTPClient(eventLoopGroupProvider: .singleton)
var failed = false
do {
    let response = try await client.execute(HTTPClientRequest(url: arguments[1]), timeout: .seconds(600))
    failed = response.status != .ok
    var bytes = 0
    for try await buffer in response.body {
        bytes += buffer.readableBytes
    }
    print("\(bytes) bytes, \(failed ? 1 : 0) failed")
} catch {
    print("failed: \(error)")
    failed = true
}
// The future-returning shutdown: the plain `await` form resolves to it here, with a warning.
try await client.shutdown().get()
exit(failed ? 1 : 0)
