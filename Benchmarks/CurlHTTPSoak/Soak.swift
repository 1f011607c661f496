import CurlHTTP
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Drives one `Session` through many requests against a mock with random faults, and checks
/// that each request completes exactly once, with the completion its fault calls for.
///
/// At most `jobs` requests are in flight. At each checkpoint the run waits until every request
/// started so far has completed, lets the server close what it closes, and takes the process's
/// resident memory and open descriptors.
final class Soak: Sendable {
    /// One planned request: its fault and its URL.
    struct Step: Sendable {
        let fault: SoakFault
        let url: String
    }

    /// Usage after a given number of completed requests.
    struct Checkpoint: Sendable {
        let requests: Int
        let usage: ProcessUsage
        let seconds: Double
    }

    /// What the completion handlers record.
    private struct Tally {
        var completions: [Int]
        var unexpected: [(index: Int, fault: SoakFault, result: String)] = []
        var byFault: [String: Int] = [:]
    }

    let steps: [Step]
    let jobs: Int
    private let session: Session
    private let normalOptions: RequestOptions
    private let stallOptions: RequestOptions
    private let tally: LockedValue<Tally>
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()

    /// Plans `count` requests to `baseURL`: each is a fault with probability `faultRate`
    /// (the four kinds equally likely), else an ordinary city. `stallTimeout` bounds the
    /// stalled ones; ordinary requests get 10 s so a slow machine cannot fail them.
    init(baseURL: String, count: Int, faultRate: Double, jobs: Int, stallTimeout: Duration, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let cities = ["130010", "140010", "270000", "016010", "471010", "400010"]
        let faults = SoakFault.allCases.filter { $0 != .none }
        steps = (0..<count).map { _ in
            let fault = Double.random(in: 0..<1, using: &random) < faultRate
                ? faults.randomElement(using: &random)! : .none
            let city = fault.cityID ?? cities.randomElement(using: &random)!
            return Step(fault: fault, url: "\(baseURL)/api/forecast/city/\(city)")
        }
        self.jobs = jobs
        session = try Session(configuration: SessionConfiguration(requestDefaults: RequestOptions(retry: .none)))
        normalOptions = RequestOptions(timeout: .seconds(10), connectTimeout: .seconds(5), retry: .none)
        stallOptions = RequestOptions(timeout: stallTimeout, connectTimeout: .seconds(5), retry: .none)
        tally = LockedValue(Tally(completions: Array(repeating: 0, count: count)))
        slots = DispatchSemaphore(value: jobs)
    }

    /// Runs every step, taking a checkpoint after each count in `checkpoints`; `beforeMeasuring`
    /// runs at each checkpoint, once the requests so far have completed. Returns nil for a
    /// checkpoint whose requests did not all complete within `drainTimeout`.
    func run(checkpoints: [Int], drainTimeout: Duration, beforeMeasuring: () -> Void) -> [Checkpoint]? {
        let began = ContinuousClock.now
        var taken: [Checkpoint] = []
        for (index, step) in steps.enumerated() {
            slots.wait()
            start(index, step)
            let done = index + 1
            if checkpoints.contains(done) {
                let deadline = DispatchTime.now() + .nanoseconds(Int(drainTimeout.components.seconds) * 1_000_000_000)
                guard group.wait(timeout: deadline) == .success else { return nil }
                // The server closes a reset or truncated connection on its own event loop.
                usleep(100_000)
                beforeMeasuring()
                let elapsed = ContinuousClock.now - began
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                taken.append(Checkpoint(requests: done, usage: .current(), seconds: seconds))
            }
        }
        return taken
    }

    /// Starts one request; its completion frees a slot on its first call only, so a second
    /// call is counted, not mistaken for another request's.
    private func start(_ index: Int, _ step: Step) {
        group.enter()
        let options = step.fault == .stall ? stallOptions : normalOptions
        session.request(step.url, options: options).validate().responseData { response in
            let first = self.tally.withLock { tally in
                tally.completions[index] += 1
                guard tally.completions[index] == 1 else { return false }
                if step.fault.accepts(response.result) {
                    tally.byFault[step.fault.name, default: 0] += 1
                } else {
                    let what = switch response.result {
                    case .success(let body): "\(body.count) bytes"
                    case .failure(let error): "\(error)"
                    }
                    tally.unexpected.append((index, step.fault, what))
                }
                return true
            }
            if first {
                self.slots.signal()
                self.group.leave()
            }
        }
    }

    /// Requests that completed other than exactly once: (never, more than once).
    func completionAnomalies() -> (never: [Int], repeated: [Int]) {
        tally.withLock { tally in
            let counts = tally.completions.enumerated()
            return (counts.filter { $0.element == 0 }.map(\.offset), counts.filter { $0.element > 1 }.map(\.offset))
        }
    }

    /// Completions that were not what their fault calls for, as "index fault: what came".
    func unexpectedCompletions() -> [String] {
        tally.withLock { $0.unexpected.map { "#\($0.index) \($0.fault.name): \($0.result)" } }
    }

    /// Expected completions per fault name.
    func completionsByFault() -> [String: Int] {
        tally.withLock { $0.byFault }
    }

    func shutdown() {
        session.invalidateAndCancel()
    }
}
