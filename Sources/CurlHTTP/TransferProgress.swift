import Dispatch

/// How far a transfer has come in one direction: the bytes sent (``Request/uploadProgress(_:)``)
/// or received (``Request/downloadProgress(_:)``) so far, and how many there are in all, when
/// known (a `Content-Length`, a body's size).
public struct TransferProgress: Sendable, Equatable {
    /// The bytes done so far. It never decreases from one call to the next, a retry included.
    public let completed: Int64
    /// The bytes in all; nil while unknown (a chunked response).
    public let total: Int64?

    /// A progress of `completed` bytes of `total`.
    public init(completed: Int64, total: Int64?) {
        self.completed = completed
        self.total = total
    }

    /// `completed / total`, or nil while the total is unknown.
    public var fractionCompleted: Double? {
        guard let total, total > 0 else { return nil }
        return Double(completed) / Double(total)
    }
}

/// Hands a request's progress to its handlers: on one serial queue of the request's, at most
/// ten times a second, and once more when the request ends.
///
/// libcurl reports from the session's thread (`CURLOPT_XFERINFOFUNCTION`) many times a second;
/// this keeps the last values, and the handlers see them in order, never decreasing (a retry
/// starts its counts again from zero: those are held at the highest seen).
final class ProgressReporter: Sendable {
    typealias Handler = @Sendable (TransferProgress) -> Void

    private let upload: Handler?
    private let download: Handler?
    private let queue = DispatchQueue(label: "CurlHTTP.Request.progress", target: .global())
    private let state = LockedValue(State())

    /// The shortest time between two calls of a handler.
    static let interval = Duration.milliseconds(100)

    private struct State {
        var upload = TransferProgress(completed: 0, total: nil)
        var download = TransferProgress(completed: 0, total: nil)
        var sentUpload: TransferProgress?
        var sentDownload: TransferProgress?
        var lastCall: ContinuousClock.Instant?
        var finished = false
    }

    init(upload: Handler?, download: Handler?) {
        self.upload = upload
        self.download = download
    }

    /// libcurl's counts of an attempt (0 for an unknown total), from the session's thread.
    func update(downloaded: Int64, downloadTotal: Int64, uploaded: Int64, uploadTotal: Int64, now: ContinuousClock.Instant) {
        let due = state.withLock { state -> (TransferProgress?, TransferProgress?) in
            state.download = Self.merged(state.download, downloaded, downloadTotal)
            state.upload = Self.merged(state.upload, uploaded, uploadTotal)
            guard !state.finished, state.lastCall.map({ now - $0 >= Self.interval }) ?? true else { return (nil, nil) }
            let calls = Self.changed(&state)
            if calls.0 != nil || calls.1 != nil { state.lastCall = now }
            return calls
        }
        deliver(due)
    }

    /// The last call of each handler, when the request has ended: the final counts, however soon after the one before.
    func finish() {
        let due = state.withLock { state -> (TransferProgress?, TransferProgress?) in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            // A final call with the counts, even unchanged, so that a caller sees the end.
            state.sentUpload = nil
            state.sentDownload = nil
            return Self.changed(&state)
        }
        deliver(due)
    }

    /// The counts to hand over, those that changed since they were last handed over.
    private static func changed(_ state: inout State) -> (TransferProgress?, TransferProgress?) {
        let upload = state.upload != state.sentUpload ? state.upload : nil
        let download = state.download != state.sentDownload ? state.download : nil
        if let upload { state.sentUpload = upload }
        if let download { state.sentDownload = download }
        return (upload, download)
    }

    /// `old` moved on by an attempt's counts: never backwards.
    private static func merged(_ old: TransferProgress, _ now: Int64, _ total: Int64) -> TransferProgress {
        TransferProgress(completed: max(old.completed, now), total: total > 0 ? total : old.total)
    }

    private func deliver(_ due: (upload: TransferProgress?, download: TransferProgress?)) {
        if let progress = due.upload, let upload { queue.async { upload(progress) } }
        if let progress = due.download, let download { queue.async { download(progress) } }
    }
}
