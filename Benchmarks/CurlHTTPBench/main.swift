// curlhttp-bench: fetches one URL N times on one CurlHTTP session, one after the other or all
// at once, and prints how many bytes arrived. Used by Benchmarks/curlhttp-vs-curl.sh to be
// timed beside curl on the same mock server.
//
//   curlhttp-bench sequential N URL     a DispatchGroup: enter, request, leave in the
//                                       completion, wait, next
//   curlhttp-bench parallel N URL       N requests handed to the session at once
//   curlhttp-bench download 1 URL PATH  one download to a file (Session.download)
//   curlhttp-bench stream 1 URL         one streamed body, its bytes counted (responseStream)
//   curlhttp-bench async-stream 1 URL   the same through `for try await` over stream()
//   curlhttp-bench upload 1 URL PATH    one file sent with PUT, streamed from disk
//                                       (Session.upload(fileAt:))
import CurlHTTP
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 4, let count = Int(arguments[2]), count > 0,
      ["sequential", "parallel", "download", "stream", "async-stream", "upload"].contains(arguments[1]) else {
    print("usage: curlhttp-bench sequential|parallel N URL | download 1 URL PATH | stream|async-stream 1 URL | upload 1 URL PATH")
    exit(64)
}
let url = arguments[3]
let session = try Session(configuration: SessionConfiguration(requestDefaults: RequestOptions(retry: .none)))
let bytes = Mutex(0)
let failures = Mutex(0)
let group = DispatchGroup()

func fetch() {
    group.enter()
    session.request(url).validate().responseData { response in
        switch response.result {
        case .success(let body): bytes.withLock { $0 += body.count }
        case .failure: failures.withLock { $0 += 1 }
        }
        group.leave()
    }
}

if arguments[1] == "download", arguments.count == 5 {
    // One download to a file: the body never in memory.
    let path = arguments[4]
    let done = DispatchSemaphore(value: 0)
    session.download(arguments[3], to: path).responseFile { result in
        if case .failure = result { failures.withLock { $0 += 1 } }
        done.signal()
    }
    done.wait()
    exit(failures.withLock { $0 } == 0 ? 0 : 1)
}
if arguments[1] == "upload", arguments.count == 5 {
    // One file sent as the body of a PUT, as `curl -T` sends it: never whole in memory.
    let done = DispatchSemaphore(value: 0)
    session.upload(fileAt: arguments[4], to: arguments[3], method: .put).validate().response { response in
        if case .failure = response.result { failures.withLock { $0 += 1 } }
        done.signal()
    }
    done.wait()
    exit(failures.withLock { $0 } == 0 ? 0 : 1)
}
if arguments[1] == "stream" {
    // One streamed body whose bytes are counted as they arrive.
    let done = DispatchSemaphore(value: 0)
    session.streamRequest(arguments[3]).responseStream { chunk in
        bytes.withLock { $0 += chunk.count }
    } completion: { result in
        if case .failure = result { failures.withLock { $0 += 1 } }
        done.signal()
    }
    done.wait()
    print("\(bytes.withLock { $0 }) bytes, \(failures.withLock { $0 }) failed")
    exit(failures.withLock { $0 } == 0 ? 0 : 1)
}
if arguments[1] == "async-stream" {
    // One streamed body read as a caller writes it: a `for try await` loop over stream(), here
    // in top-level code, on the main actor, as in an `async` main.
    do {
        var count = 0
        for try await chunk in session.streamRequest(url).stream() {
            count += chunk.count
        }
        print("\(count) bytes, 0 failed")
        exit(0)
    } catch {
        print("failed: \(error)")
        exit(1)
    }
}
if arguments[1] == "sequential" {
    for _ in 0..<count {
        fetch()
        group.wait()
    }
} else {
    for _ in 0..<count {
        fetch()
    }
    group.wait()
}
let failed = failures.withLock { $0 }
print("\(bytes.withLock { $0 }) bytes, \(failed) failed")
exit(failed == 0 ? 0 : 1)
