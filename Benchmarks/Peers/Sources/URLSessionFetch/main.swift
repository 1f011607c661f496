// urlsession-fetch [-j JOBS] URL… | -f FILE: fetches every URL through URLSession, at most JOBS
// at a time, and prints how many failed (a status other than 200, or an error). On Linux that is
// swift-corelibs-foundation's FoundationNetworking, which the toolchain ships (libcurl
// underneath); the session has the default configuration, so TLS trusts the system's store.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PeerFetch

let options = FetchOptions.parseOrExit()
let session = URLSession(configuration: .default)
let failures = await fetchAll(options.urls, jobs: options.jobs) { string in
    guard let url = URL(string: string) else {
        report(string, "not a URL")
        return false
    }
    do {
        let (_, response) = try await session.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status != 200 {
            report(string, "status \(status)")
            return false
        }
        return true
    } catch {
        report(string, "\(error)")
        return false
    }
}
session.finishTasksAndInvalidate()
finish(failures: failures)
