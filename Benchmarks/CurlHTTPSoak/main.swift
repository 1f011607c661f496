// curlhttp-soak: one CurlHTTP Session through many requests (10,000 by default) against an
// in-process MockServer, 5 % of them faulted at random: connection reset, HTTP 503, truncated
// body, stall (with a short timeout). Checks that every request completes exactly once and as
// its fault calls for, and that resident memory and open descriptors after the last request
// stay within a stated bound of those after request 1,000: resident memory +2 MiB, sockets +2
// per slot (both ends of each idle keep-alive connection live in this process), other
// descriptors +0.
//
//   curlhttp-soak [--requests N] [--jobs J] [--seed S] [--rss-growth-kib K] [--fd-growth D]
//
// Exit status 0 when every check holds, 1 when one fails, 64 for a usage error.
import CurlHTTP
import MockAPI
#if canImport(Glibc)
import Glibc
#endif

/// The command line, with its defaults.
struct SoakArguments {
    var requests = 10_000
    var jobs = 16
    var seed: UInt64 = 9
    /// Allowed growth of resident memory from request 1,000 to the last request.
    var rssGrowthKiB = 2048
    /// Allowed growth of descriptors other than sockets (pipes, eventfds, epoll, files) from
    /// request 1,000 to the last request. Sockets have their own bound: idle keep-alive
    /// connections come and go with the faults, and each has both ends in this process, so at
    /// a quiet moment their count moves between none and two per slot.
    var fdGrowth = 0

    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--requests": requests = try Self.number(value, flag, atLeast: 1_000)
            case "--jobs": jobs = try Self.number(value, flag, atLeast: 1)
            case "--seed": seed = UInt64(try Self.number(value, flag, atLeast: 0))
            case "--rss-growth-kib": rssGrowthKiB = try Self.number(value, flag, atLeast: 0)
            case "--fd-growth": fdGrowth = try Self.number(value, flag, atLeast: 0)
            default: throw UsageError("unknown option \(flag)")
            }
        }
    }

    private static func number(_ text: String, _ flag: String, atLeast minimum: Int) throws(UsageError) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw UsageError("\(flag) needs a whole number of at least \(minimum), not \"\(text)\"")
        }
        return value
    }
}

/// A command line that cannot be run.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

let arguments: SoakArguments
do {
    arguments = try SoakArguments(CommandLine.arguments)
} catch {
    print("curlhttp-soak: \(error.message)")
    print("usage: curlhttp-soak [--requests N (≥ 1000)] [--jobs J] [--seed S] [--rss-growth-kib K] [--fd-growth D]")
    exit(64)
}
let socketGrowth = 2 * arguments.jobs

let faultRate = 0.05
let server = try await MockServer.start()
var configuration = server.configuration
for fault in SoakFault.allCases {
    if let city = fault.cityID, let mockFault = fault.mockFault {
        configuration.faultsByCity[city] = FaultRule(mockFault)
    }
}
server.configuration = configuration

let soak = try Soak(
    baseURL: server.baseURL, count: arguments.requests, faultRate: faultRate, jobs: arguments.jobs,
    stallTimeout: .milliseconds(250), seed: arguments.seed)
print("curlhttp-soak: \(arguments.requests) requests, \(arguments.jobs) at a time, \(Int(faultRate * 100)) % faults, seed \(arguments.seed), against \(server.baseURL)")
let marks = Array(stride(from: 1_000, through: arguments.requests, by: 1_000)) + (arguments.requests % 1_000 == 0 ? [] : [arguments.requests])
// The mock keeps every request's start time; cleared at each checkpoint, so that what is
// measured is the client's memory, not the server's growing record.
let checkpoints = soak.run(checkpoints: marks, drainTimeout: .seconds(60)) { server.resetStats() }
// A completion that arrives twice would come shortly after the first one.
usleep(500_000)
let anomalies = soak.completionAnomalies()
let unexpected = soak.unexpectedCompletions()
let tally = soak.completionsByFault()
soak.shutdown()
try await server.shutdown()

var failures: [String] = []
for checkpoint in checkpoints ?? [] {
    print(String(checkpoint.requests).padding(6) + " requests  " + format1(checkpoint.seconds).padding(7) + " s  \(checkpoint.usage)")
}
print("completed as expected: " + SoakFault.allCases.map { "\($0.name) \(tally[$0.name, default: 0])" }.joined(separator: ", "))
if checkpoints == nil {
    failures.append("requests still unfinished 60 s after the last one before a checkpoint started")
}
if !anomalies.never.isEmpty {
    failures.append("\(anomalies.never.count) requests never completed, e.g. #\(anomalies.never.prefix(5).map(String.init).joined(separator: ", #"))")
}
if !anomalies.repeated.isEmpty {
    failures.append("\(anomalies.repeated.count) requests completed more than once, e.g. #\(anomalies.repeated.prefix(5).map(String.init).joined(separator: ", #"))")
}
if !unexpected.isEmpty {
    failures.append("\(unexpected.count) completions were not what their fault calls for:\n  " + unexpected.prefix(10).joined(separator: "\n  "))
}
if let checkpoints, let first = checkpoints.first, let last = checkpoints.last {
    let rss = last.usage.residentKiB - first.usage.residentKiB
    let sockets = last.usage.sockets - first.usage.sockets
    let others = (last.usage.openFileDescriptors - last.usage.sockets) - (first.usage.openFileDescriptors - first.usage.sockets)
    print("from request \(first.requests) to \(last.requests): RSS \(signed(rss)) KiB (bound +\(arguments.rssGrowthKiB)), "
        + "sockets \(signed(sockets)) (bound +\(socketGrowth)), other fds \(signed(others)) (bound +\(arguments.fdGrowth))")
    if first.usage.residentKiB < 0 || first.usage.openFileDescriptors < 0 {
        failures.append("could not read /proc/self/statm or /proc/self/fd")
    }
    if rss > arguments.rssGrowthKiB {
        failures.append("resident memory grew by \(rss) KiB, more than \(arguments.rssGrowthKiB) KiB")
    }
    if sockets > socketGrowth {
        failures.append("open sockets grew by \(sockets), more than \(socketGrowth)")
    }
    if others > arguments.fdGrowth {
        failures.append("descriptors other than sockets grew by \(others), more than \(arguments.fdGrowth)")
    }
}
for failure in failures {
    print("curlhttp-soak: FAILED: \(failure)")
}
print(failures.isEmpty ? "curlhttp-soak: passed" : "curlhttp-soak: \(failures.count) checks failed")
exit(failures.isEmpty ? 0 : 1)

/// "+3", "-2", "+0".
func signed(_ value: Int) -> String {
    value < 0 ? "\(value)" : "+\(value)"
}

/// One decimal place, without Foundation's `String(format:)`.
func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

extension String {
    /// Left-aligned in `width` columns.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
