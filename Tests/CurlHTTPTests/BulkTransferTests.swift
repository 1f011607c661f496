@testable import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport
import Synchronization

/// The tests that move megabytes (uploads, downloads, streams), one at a time: together they
/// take both cores for seconds, and every other test of the suite runs beside them, so they
/// never run beside each other. Left out under a sanitizer, where they take minutes of CPU that
/// the sanitized suite's timing tests need; the plain suite runs them.
@Suite(
    "Bulk transfers, one at a time", .serialized,
    .enabled(if: !Sanitizer.isActive, "megabytes through a sanitizer take minutes of CPU that the sanitized suite's timing tests need; the plain suite runs it"))
struct BulkTransfers {}

extension BulkTransfers {
    /// Uploads (issue 32): data read in place, a file streamed from disk.
    @Suite("Uploads")
    struct UploadTests {
        struct Received: Decodable, Sendable {
            let method: String
            let bytes: Int
            let fnv1a: String
        }

        /// FNV-1a (64 bits) of `bytes`, as the mock's `/upload` hashes what it receives.
        static func fnv1a(_ bytes: some Sequence<UInt8>) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return String(hash, radix: 16)
        }

        static func pattern(_ count: Int) -> Data {
            Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        }

        @Test("upload(_:to:) sends the data whole, with its Content-Length, and reports it as it leaves")
        func data() async throws {
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
                let body = Self.pattern(3 << 20)
                let last = LockedValue<TransferProgress?>(nil)
                let received = try await session.upload(body, to: "\(mock.baseURL)/upload")
                    .uploadProgress { progress in last.withLock { $0 = progress } }
                    .validate().decodable(as: Received.self)
                #expect(received.method == "POST" && received.bytes == body.count && received.fnv1a == Self.fnv1a(body))
                #expect(await eventually { last.withLock { $0 } == TransferProgress(completed: Int64(body.count), total: Int64(body.count)) })
            }
        }

        @Test("upload(fileAt:to:) streams a file larger than the soak's bodies, with the method asked for")
        func file() async throws {
            try await MockServer.withServer { mock in
                let (session, folder) = try Self.retrying()
                // Removed when let go: kept to the end of the test.
                defer { withExtendedLifetime(folder) {} }
                let path = folder.path("body.bin")
                let body = Self.pattern(24 << 20)
                try body.write(to: URL(fileURLWithPath: path))
                let received = try await session.upload(fileAt: path, to: "\(mock.baseURL)/upload", method: .put)
                    .validate().decodable(as: Received.self)
                #expect(received.method == "PUT" && received.bytes == body.count && received.fnv1a == Self.fnv1a(body))

                let missing = await failure(of: session.upload(fileAt: path + ".missing", to: "\(mock.baseURL)/upload"))
                #expect("\(String(describing: missing))".contains("could not read"), "\(String(describing: missing))")
            }
        }

        @Test("upload(fileAt:) of a pipe sends it chunked as it is written; while it is empty the session's other requests go on")
        func pipe() async throws {
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
                var ends: [Int32] = [0, 0]
                #expect(Glibc.pipe(&ends) == 0)
                let (readEnd, writeEnd) = (ends[0], ends[1])
                defer { close(readEnd) }
                // The writer writes its second part once the other request is answered: a session
                // stalled reading the empty pipe would answer neither, until the writer gives up
                // waiting after 20 s.
                let answered = DispatchSemaphore(value: 0)
                let inTime = Mutex(false)
                let writer = Thread {
                    _ = write(writeEnd, "first part,", 11)
                    let waited = answered.wait(timeout: .now() + 20)
                    inTime.withLock { $0 = waited == .success }
                    _ = write(writeEnd, " second part", 12)
                    close(writeEnd)
                }
                writer.start()
                // Started here, not when the child task below first asks for it.
                let upload = session.upload(fileAt: "/dev/fd/\(readEnd)", to: "\(mock.baseURL)/echo", method: .put).validate().resume()
                async let echoed = try upload.decodable(as: Echo.self)
                // The writer hears of the answer from the request's own handler, not from this task,
                // which a busy suite may leave waiting for a thread longer than the writer waits.
                let other = session.request("\(mock.baseURL)/pattern/10").validate()
                other.response { _ in answered.signal() }
                #expect(try await other.response().status == 200)
                let echo = try await echoed
                #expect(inTime.withLock { $0 }, "the other request was answered only once the pipe had more")
                #expect(echo.body == "first part, second part")
                #expect(echo.headers["transfer-encoding"] == "chunked" && echo.headers["content-length"] == nil)
            }
        }

        @Test("upload(fileAt:) of a FIFO that no writer has opened yet waits for one, and sends what it writes")
        func fifo() async throws {
            try await MockServer.withServer { mock in
                let (session, folder) = try Self.retrying()
                // Removed when let go: kept to the end of the test.
                defer { withExtendedLifetime(folder) {} }
                let path = folder.path("fifo")
                #expect(mkfifo(path, 0o600) == 0)
                // The writer opens the FIFO once the transfer has (a non-blocking open for writing
                // fails until a reader has it), and writes once another request of the session has
                // been answered since: by then the transfer has found the FIFO empty, which read as
                // its end before.
                let opened = Mutex(false)
                let answered = DispatchSemaphore(value: 0)
                let writer = Thread {
                    var file: Int32 = -1
                    let deadline = ContinuousClock.now + .seconds(20)
                    while file < 0, ContinuousClock.now < deadline {
                        file = open(path, O_WRONLY | O_NONBLOCK)
                        if file < 0 { usleep(1_000) }
                    }
                    guard file >= 0 else { return }
                    opened.withLock { $0 = true }
                    _ = answered.wait(timeout: .now() + 20)
                    _ = write(file, "written late", 12)
                    close(file)
                }
                writer.start()
                // Started here, not when the child task below first asks for it.
                let upload = session.upload(fileAt: path, to: "\(mock.baseURL)/echo", method: .put).validate().resume()
                async let echoed = try upload.decodable(as: Echo.self)
                #expect(await eventually(timeout: .seconds(20)) { opened.withLock { $0 } })
                // Signalled by the request's own handler, as in the pipe's test.
                let other = session.request("\(mock.baseURL)/pattern/10").validate()
                other.response { _ in answered.signal() }
                #expect(try await other.response().status == 200)
                let echo = try await echoed
                #expect(echo.body == "written late")
                #expect(echo.headers["transfer-encoding"] == "chunked")

                // One that no writer ever opens waits as long as the request's timeout allows.
                var brief = testOptions()
                brief.timeout = .milliseconds(500)
                #expect(mkfifo(folder.path("unopened"), 0o600) == 0)
                let unopened = await failure(of: session.upload(fileAt: folder.path("unopened"), to: "\(mock.baseURL)/echo", options: brief))
                #expect((unopened as? CurlError)?.kind == .timedOut, "\(String(describing: unopened))")
            }
        }

        /// The parts of the mock's `/echo` answer that a pipe's upload is checked by.
        struct Echo: Decodable {
            let body: String
            let headers: [String: String]
        }

        /// A session that retries `retries` times after a millisecond (none by default), and a
        /// folder for a file to upload.
        static func retrying(_ retries: Int = 0) throws -> (Session, TemporaryFolder) {
            var options = testOptions()
            if retries > 0 { options.retry = RetryPolicy(maxRetries: retries, baseDelay: .milliseconds(1)) }
            return (try Session(configuration: SessionConfiguration(requestDefaults: options)), try TemporaryFolder(prefix: "upload"))
        }

        @Test("A retry sends an upload again from its start: data and a file, refused once (503) and then taken whole")
        func retried() async throws {
            try await MockServer.withServer { mock in
                let (session, folder) = try Self.retrying(2)
                // Removed when let go: kept to the end of the test.
                defer { withExtendedLifetime(folder) {} }
                let path = folder.path("body.bin")
                let body = Self.pattern(8 << 20)
                try body.write(to: URL(fileURLWithPath: path))
                let fromData = try await session.upload(body, to: "\(mock.baseURL)/reject/503/1", method: .put)
                    .validate().decodable(as: Received.self)
                #expect(fromData.bytes == body.count && fromData.fnv1a == Self.fnv1a(body))
                let fromFile = try await session.upload(fileAt: path, to: "\(mock.baseURL)/reject/503/1?from=file", method: .put)
                    .validate().decodable(as: Received.self)
                #expect(fromFile.bytes == body.count && fromFile.fnv1a == Self.fnv1a(body))
                #expect(mock.stats().requestsServed == 4)
            }
        }

        @Test("A file that changes size while it is sent fails its upload, naming it, and is not retried", arguments: [1, 4])
        func changedSize(halves: Int) async throws {
            let (session, folder) = try Self.retrying(3)
            // Removed when let go: kept to the end of the test.
            defer { withExtendedLifetime(folder) {} }
            let path = folder.path("body.bin")
            // Sparse, 64 MB; the receiver reads its first megabyte and cuts the file to a half or
            // grows it to twice its size (`halves` halves) before it reads on, so libcurl has read no
            // more of the file than that and what the sockets hold (a few megabytes) when it changes.
            let size: Int64 = 64 << 20
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(size)) == 0)
            let changed = Mutex(false)
            let receiver = try PausingReceiver(threshold: 1 << 20) {
                changed.withLock { $0 = truncate(path, off_t(size / 2 * Int64(halves))) == 0 }
            }
            // The receiver answers an upload that missed the change, which then succeeds.
            let request = session.upload(fileAt: path, to: "http://127.0.0.1:\(receiver.port)/upload", method: .put)
            let error = await failure(of: request)
            #expect(changed.withLock { $0 })
            #expect("\(String(describing: error))".contains("changed size"), "\(String(describing: error))")
            #expect((error as? CurlError)?.attempts == 1)
        }

        @Test("A server that refuses an upload early (413) stops it: the error is its status, and most of the file is never sent")
        func refusedEarly() async throws {
            try await MockServer.withServer { mock in
                let (session, folder) = try Self.retrying()
                // Removed when let go: kept to the end of the test.
                defer { withExtendedLifetime(folder) {} }
                let path = folder.path("body.bin")
                let size = 64 << 20
                try Data(count: size).write(to: URL(fileURLWithPath: path))
                let last = Mutex<TransferProgress?>(nil)
                let request = session.upload(fileAt: path, to: "\(mock.baseURL)/reject/413", method: .put)
                    .uploadProgress { progress in last.withLock { $0 = progress } }
                let refused = await failure(of: request)
                #expect((refused as? StatusCodeError)?.status == 413, "\(String(describing: refused))")
                // The progress's last call is queued when the request ends, and may run after its
                // outcome has reached this task: waited for.
                #expect(await eventually { last.withLock { $0 }?.total == Int64(size) })
                let sent = try #require(last.withLock { $0 })
                #expect(sent.completed < Int64(size / 2), "sent \(sent.completed) of \(size) bytes")
            }
        }
    }

    /// Downloads to a file (issue 32).
    @Suite("Downloads")
    struct DownloadTests {
        /// The mock's `/pattern/{count}` body.
        static func pattern(_ count: Int) -> Data {
            Data((0..<count).map { UInt8($0 % 251) })
        }

        @Test("A download lands at its path whole, through a .part that is gone after; a failed one leaves nothing at the path")
        func whole() async throws {
            let folder = try TemporaryFolder(prefix: "downloads")
            // Removed when let go: kept to the end of the test.
            defer { withExtendedLifetime(folder) {} }
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(maxBodySize: 1024)))
                let path = folder.path("file.bin")
                // Larger than maxBodySize, which does not bound a file.
                let done = try await session.download("\(mock.baseURL)/pattern/3000000", to: path).file()
                #expect(done == path)
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.pattern(3_000_000))
                #expect(!FileManager.default.fileExists(atPath: path + ".part"))
                #expect(!FileManager.default.fileExists(atPath: path + ".part.validator"))

                let missing = folder.path("missing.bin")
                let error = await #expect(throws: StatusCodeError.self) {
                    try await session.download("\(mock.baseURL)/no/such/file", to: missing).file()
                }
                #expect(error?.status == 404)
                #expect(!FileManager.default.fileExists(atPath: missing))
            }
        }

        @Test("resuming: a .part with its validator is continued with Range and If-Range (206); progress counts its bytes; a changed validator starts over (200)")
        func resumed() async throws {
            let folder = try TemporaryFolder(prefix: "downloads")
            // Removed when let go: kept to the end of the test.
            defer { withExtendedLifetime(folder) {} }
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
                let size = 2_000_000
                let path = folder.path("file.bin")
                // As an interrupted download leaves it: the first part, and the response's ETag.
                try Self.pattern(size).prefix(700_000).write(to: URL(fileURLWithPath: path + ".part"))
                try Data("\"pattern-\(size)\"".utf8).write(to: URL(fileURLWithPath: path + ".part.validator"))
                let seen = LockedValue<[TransferProgress]>([])
                let download = session.download("\(mock.baseURL)/pattern/\(size)", to: path, resuming: true)
                    .downloadProgress { progress in seen.withLock { $0.append(progress) } }
                #expect(download.cURLDescription().contains(" -o "))
                _ = try await download.file()
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.pattern(size))
                #expect(await eventually { seen.withLock { $0.last } == TransferProgress(completed: Int64(size), total: Int64(size)) })
                #expect(seen.withLock { $0.allSatisfy { $0.completed >= 700_000 } }, "the resumed bytes count from the first call")

                // A validator the server no longer has: it answers 200, and the .part starts over.
                try Data(repeating: 0xEE, count: 500_000).write(to: URL(fileURLWithPath: path + ".part"))
                try Data("\"another\"".utf8).write(to: URL(fileURLWithPath: path + ".part.validator"))
                _ = try await session.download("\(mock.baseURL)/pattern/\(size)", to: path, resuming: true).file()
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.pattern(size))
            }
        }

        @Test("responseFile delivers the path on the queue named")
        func callback() async throws {
            let folder = try TemporaryFolder(prefix: "downloads")
            // Removed when let go: kept to the end of the test.
            defer { withExtendedLifetime(folder) {} }
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
                let path = folder.path("small.bin")
                let queue = DispatchQueue(label: "downloads")
                let result = await withCheckedContinuation { (done: CheckedContinuation<Result<String, any Error>, Never>) in
                    session.download("\(mock.baseURL)/pattern/1000", to: path).responseFile(queue: queue) { done.resume(returning: $0) }
                }
                #expect(try result.get() == path)
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.pattern(1000))
            }
        }
    }

    /// Streamed bodies with back-pressure (issue 32).
    @Suite("Streams")
    struct StreamTests {
        @Test("stream() yields the body in order, whole")
        func whole() async throws {
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
                var received = Data()
                for try await chunk in session.streamRequest("\(mock.baseURL)/pattern/3000000").stream() {
                    received.append(chunk)
                }
                #expect(received == DownloadTests.pattern(3_000_000))
            }
        }

        @Test("A slow consumer pauses the transfer: the client holds a few megabytes of a 64 MB body, and another request goes on meanwhile")
        func backPressure() async throws {
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(120))))
                let arrived = LockedValue<Int64>(0)
                let request = session.streamRequest("\(mock.baseURL)/bytes/\(64 << 20)")
                    .downloadProgress { progress in arrived.withLock { $0 = progress.completed } }
                var iterator = request.stream().makeAsyncIterator()
                var consumed = try #require(try await iterator.next()).count
                // The consumer stops reading: the transfer must stop with it, until the server can
                // write no more. Without back-pressure, the client would read on and the server
                // would write the whole body instead.
                #expect(await eventually { mock.stats().streamsBlocked == 1 || mock.stats().inFlight == 0 })
                let whileStopped = arrived.withLock { $0 }
                // The stream stays in flight until its last byte is written. Not `streamsBlocked`, which
                // is what the server is at this instant: it flickers while the client's kernel grows its
                // receive window and takes a little more (one run in twenty failed on a busy machine).
                #expect(mock.stats().inFlight == 1, "the server wrote the whole body while nothing was read")
                #expect(whileStopped < 24 << 20, "\(whileStopped) bytes arrived while nothing was read")
                // Meanwhile the session's other transfers go on, and this one stays stopped.
                #expect(try await session.request(mock.forecastURL("130010")).validate().response().status == 200)
                #expect(mock.stats().inFlight == 1)
                let afterOther = arrived.withLock { $0 }
                #expect(afterOther < 24 << 20, "\(afterOther) bytes arrived while another request went on")
                while let chunk = try await iterator.next() {
                    consumed += chunk.count
                }
                #expect(consumed == 64 << 20)
            }
        }

        @Test("stream() hands a large body over whole and in order, and a consumer that stops reading leaves the client holding no more than its sink's bound")
        func batchedAndBounded() async throws {
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(120))))
                let size = 24 << 20
                let request = session.streamRequest("\(mock.baseURL)/pattern/\(size)")
                let sink = request.sink
                var iterator = request.stream().makeAsyncIterator()
                // The consumer does not read yet: the sink fills to its bound, and the write callback pauses the transfer.
                #expect(await eventually { sink.isPaused })
                let bound = StreamSink.highWater + StreamSink.maxChunk
                #expect(sink.heldBytes.now >= StreamSink.highWater)
                #expect(sink.heldBytes.now <= bound)
                // (How the chunks are gathered into elements depends on how fast they came: StreamSinkTests checks it.)
                var received = Data()
                while let element = try await iterator.next() {
                    received.append(element)
                }
                #expect(received == DownloadTests.pattern(size))
                #expect(sink.heldBytes.peak <= bound, "the sink held \(sink.heldBytes.peak) bytes")
            }
        }

        @Test("A body that trickles reaches its consumer while it is still coming, though its batch never fills")
        func trickle() async throws {
            try await MockServer.withServer { mock in
                // `/hold/100` sends 100 bytes, then holds its end until it is let go: here by the
                // loop, once it has had the bytes. Held until a batch fills or the body ends,
                // they would reach the loop only after the end, which then only the fallback
                // below lets go (after a minute: it only keeps a broken client from hanging the
                // test), and the loop would find nothing left to let go.
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(600))))
                let fallback = Task {
                    try await Task.sleep(for: .seconds(60))
                    mock.release { $0 == "/hold/100" }
                }
                defer { fallback.cancel() }
                var received = 0
                var stillComing = false
                for try await chunk in session.streamRequest("\(mock.baseURL)/hold/100").stream() {
                    received += chunk.count
                    if received == 100 {
                        stillComing = mock.release { $0 == "/hold/100" } == 1
                    }
                }
                #expect(received == 100)
                #expect(stillComing, "the bytes reached the loop only after the body's end")
            }
        }

        @Test("Leaving the loop early cancels the transfer: the server sees its connection closed")
        func breakCancels() async throws {
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
                do {
                    for try await _ in session.streamRequest("\(mock.baseURL)/bytes/\(256 << 20)").stream() {
                        break
                    }
                }
                #expect(await eventually { mock.stats().connectionsClosed >= 1 })
            }
        }

        @Test("responseStream delivers the same chunks in order on its queue, then the response")
        func callbacks() async throws {
            try await MockServer.withServer { mock in
                let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
                let received = LockedValue(Data())
                let queue = DispatchQueue(label: "stream")
                let status = await withCheckedContinuation { (done: CheckedContinuation<Int?, Never>) in
                    session.streamRequest("\(mock.baseURL)/pattern/2000000").responseStream(queue: queue) { chunk in
                        received.withLock { $0.append(chunk) }
                    } completion: { result in
                        done.resume(returning: try? result.get().status)
                    }
                }
                #expect(status == 200)
                #expect(received.withLock { $0 } == DownloadTests.pattern(2_000_000))
            }
        }
    }
}
