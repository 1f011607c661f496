// ahc-fetch [-j JOBS] URL… | -f FILE: fetches every URL through async-http-client, at most JOBS
// at a time, and prints how many failed (a status other than 200, or an error). The client is
// async-http-client's default: HTTP/2 when the server offers it in ALPN, HTTP/1.1 otherwise, and
// TLS trusting the system's store, as an application that configures nothing would.
import AsyncHTTPClient
import NIOCore
import PeerFetch

let options = FetchOptions.parseOrExit()
let client = HTTPClient(eventLoopGroupProvider: .singleton)
let failures = await fetchAll(options.urls, jobs: options.jobs) { url in
    do {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(60))
        // Read the whole body, as the other tools do, whatever the status.
        _ = try await response.body.collect(upTo: 16 << 20)
        if response.status != .ok {
            report(url, "status \(response.status.code)")
            return false
        }
        return true
    } catch {
        report(url, "\(error)")
        return false
    }
}
// The future-returning shutdown: the plain `await` form resolves to it here, with a warning.
try await client.shutdown().get()
finish(failures: failures)
