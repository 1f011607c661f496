import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport
import Synchronization

/// Parameters, authentication and the curl command of a request (issue 32).
@Suite("Parameters, authentication and cURLDescription")
struct ParameterTests {
    /// What the echo route says of a request, with its target.
    struct EchoWithURI: Decodable, Sendable {
        let method: String
        let uri: String
        let headers: [String: String]
        let body: String
    }

    struct Search: Encodable, Sendable {
        let city: String
        let days: Int
        let metric: Bool
        let tags: [String]
        let place: Place

        struct Place: Encodable, Sendable {
            let prefecture: String
            let code: String
        }
    }

    static let search = Search(city: "東京 駅", days: 3, metric: true, tags: ["a", "b"], place: .init(prefecture: "東京都", code: "13"))
    /// Alamofire's form of `search`: keys sorted, arrays with [], nested with [key], booleans
    /// 1 and 0, everything but the unreserved characters percent-encoded.
    static let searchForm = "city=%E6%9D%B1%E4%BA%AC%20%E9%A7%85&days=3&metric=1"
        + "&place%5Bcode%5D=13&place%5Bprefecture%5D=%E6%9D%B1%E4%BA%AC%E9%83%BD&tags%5B%5D=a&tags%5B%5D=b"

    private func echo(_ request: Request) async throws -> EchoWithURI {
        try await request.validate().decodable(as: EchoWithURI.self)
    }

    @Test("GET: the form in the query string, merged with the query the URL has")
    func queryString() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let plain = try await echo(session.request("\(mock.baseURL)/echo", parameters: Self.search))
            #expect(plain.method == "GET" && plain.uri == "/echo?" + Self.searchForm && plain.body.isEmpty)
            let merged = try await echo(session.request("\(mock.baseURL)/echo?x=1", parameters: ["b": "2", "a": "東京"]))
            #expect(merged.uri == "/echo?x=1&a=%E6%9D%B1%E4%BA%AC&b=2")
            let none: [String: String]? = nil
            #expect(try await echo(session.request("\(mock.baseURL)/echo", parameters: none)).uri == "/echo")
        }
    }

    @Test("POST: the form in the body, as application/x-www-form-urlencoded; a destination overrides the method's")
    func formBody() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let posted = try await echo(session.request("\(mock.baseURL)/echo", method: .post, parameters: Self.search))
            #expect(posted.method == "POST" && posted.uri == "/echo")
            #expect(posted.body == Self.searchForm)
            #expect(posted.headers["content-type"] == "application/x-www-form-urlencoded; charset=utf-8")
            let deleted = try await echo(session.request("\(mock.baseURL)/echo", method: .delete, parameters: ["a": "1"]))
            #expect(deleted.uri == "/echo?a=1" && deleted.body.isEmpty)
            let inBody = try await echo(session.request(
                "\(mock.baseURL)/echo", method: .put, parameters: ["a": "1"], encoder: .urlEncodedForm(destination: .httpBody)))
            #expect(inBody.method == "PUT" && inBody.body == "a=1")
            let inQuery = try await echo(session.request(
                "\(mock.baseURL)/echo", method: .post, parameters: ["a": "1"], encoder: .urlEncodedForm(destination: .queryString)))
            #expect(inQuery.uri == "/echo?a=1" && inQuery.body.isEmpty)
        }
    }

    @Test("JSON: the body with Content-Type application/json; a Content-Type given stays")
    func json() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let sent = try await echo(session.request("\(mock.baseURL)/echo", method: .post, parameters: ["city": "東京"], encoder: .json))
            #expect(sent.headers["content-type"] == "application/json")
            #expect(try JSONDecoder().decode([String: String].self, from: Data(sent.body.utf8)) == ["city": "東京"])
            let typed = try await echo(session.request(
                "\(mock.baseURL)/echo", method: .post, parameters: ["a": 1], encoder: .json, headers: ["Content-Type": "application/vnd.test+json"]))
            #expect(typed.headers["content-type"] == "application/vnd.test+json")
        }
    }

    @Test("Parameters that are not keyed fail the request with ParameterEncodingError, before any request")
    func notKeyed() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let error = await failure(of: session.request("\(mock.baseURL)/echo", parameters: ["a", "b"]))
            #expect(error is ParameterEncodingError, "\(String(describing: error))")
            #expect(mock.stats().requestsServed == 0)
        }
    }

    @Test(
        "Basic and Digest (MD5, qop=auth): the right password gets through, sent only as the scheme sends it; a wrong one is authenticationFailed, after one exchange, never retried",
        arguments: [("basic-auth", "Basic "), ("digest-auth", "Digest ")])
    func authentication(route: String, scheme: String) async throws {
        try await MockServer.withServer { mock in
            var options = testOptions()
            options.retry = RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(1))
            let session = try Session(configuration: SessionConfiguration(requestDefaults: options))
            let url = "\(mock.baseURL)/\(route)/kanji/pa55-w0rd"
            let passed = try await echo(session.request(url).authenticate(username: "kanji", password: "pa55-w0rd"))
            let authorization = try #require(passed.headers["authorization"])
            #expect(authorization.hasPrefix(scheme), "\(authorization)")
            if scheme == "Digest " {
                // The password is in the route's path (the URI the answer names), and nowhere else.
                #expect(authorization.contains("username=\"kanji\""))
                #expect(!authorization.replacingOccurrences(of: "/\(route)/kanji/pa55-w0rd", with: "").contains("pa55-w0rd"))
            }

            let refused = await failure(of: session.request(url).authenticate(username: "kanji", password: "wrong-secret"))
            let error = try #require(refused as? CurlError)
            #expect(error.kind == .authenticationFailed)
            #expect(error.attempts == 1)
            #expect(!"\(error)".contains("wrong-secret"))
            // Without a credential, a 401 is a status like any other.
            let anonymous = await failure(of: session.request(url))
            #expect((anonymous as? StatusCodeError)?.status == 401)
        }
    }

    @Test("cURLDescription: the method, headers, body and URL, the password hidden; run by the real curl, it gets the same answer")
    func curlDescription() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let request = session.request(
                "\(mock.baseURL)/echo?q=it's", method: .post, headers: ["X-Test": "a b"], body: Data("città=東京".utf8)
            ).authenticate(username: "user", password: "secret")
            let command = request.cURLDescription()
            #expect(command.hasPrefix("curl "))
            #expect(command.contains("-u user:'****'") || command.contains("-u 'user:****'"), "\(command)")
            #expect(!command.contains("secret"))
            #expect(command.contains("--data-binary"))

            // Without the credential, the command is the request itself: the echo route answers
            // curl as it answers the session.
            let plain = session.request("\(mock.baseURL)/echo?q=it's", method: .put, headers: ["X-Test": "a b"], body: Data("città=東京".utf8))
            let line = plain.cURLDescription()
            let ours = try await echo(plain)
            // No proxy variable of the test's environment comes between curl and the mock.
            let output = try await ChildProcess.run("/bin/sh", ["-c", line + " --silent"], environment: ["PATH": "/usr/bin:/bin"])
            #expect(output.exit.status == 0, "\(line)")
            let theirs = try JSONDecoder().decode(EchoWithURI.self, from: Data(output.stdout.utf8))
            #expect(theirs.method == ours.method && theirs.uri == ours.uri && theirs.body == ours.body)
            #expect(theirs.headers["x-test"] == "a b" && theirs.headers["user-agent"] == ours.headers["user-agent"])
        }
    }
}

/// Progress handlers (issue 32).
@Suite("Progress")
struct ProgressTests {
    @Test("downloadProgress: never decreasing, at most about ten calls a second, the last with completed == total")
    func download() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let seen = LockedValue<[TransferProgress]>([])
            let started = ContinuousClock.now
            let size = 4 << 20
            let body = try await session.request("\(mock.baseURL)/bytes/\(size)")
                .downloadProgress { progress in seen.withLock { $0.append(progress) } }
                .validate().data()
            let elapsed = ContinuousClock.now - started
            #expect(body.count == size)
            // The handlers run on their own queue: the last may come just after the await.
            #expect(await eventually { seen.withLock { $0.last?.completed } == Int64(size) })
            let calls = seen.withLock { $0 }
            #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.completed <= $1.completed }, "\(calls)")
            #expect(calls.last == TransferProgress(completed: Int64(size), total: Int64(size)))
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            #expect(Double(calls.count) <= 10 * seconds + 3, "\(calls.count) calls in \(seconds) s")
        }
    }

    @Test("uploadProgress: the body's bytes as they leave, the last call the whole body")
    func upload() async throws {
        try await MockServer.withServer { mock in
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions()))
            let seen = LockedValue<[TransferProgress]>([])
            let size = 1 << 20
            let response = try await session.request("\(mock.baseURL)/echo", method: .post, body: Data(repeating: UInt8(ascii: "x"), count: size))
                .uploadProgress { progress in seen.withLock { $0.append(progress) } }
                .validate().response()
            #expect(response.status == 200)
            #expect(await eventually { seen.withLock { $0.last?.completed } == Int64(size) })
            let calls = seen.withLock { $0 }
            #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.completed <= $1.completed })
            #expect(calls.last?.total == Int64(size))
        }
    }

    @Test("A progress handler after the start stops the process with a precondition's message")
    func afterStart() async {
        await #expect(processExitsWith: .failure) {
            let session = try Session()
            let request = session.request("http://127.0.0.1:9/").resume()
            request.downloadProgress { _ in }
        }
    }
}

/// Uploads (issue 32): data read in place, a file streamed from disk.
@Suite("Uploads", .enabled(if: !Sanitizer.isActive, "megabytes through a sanitizer take minutes of CPU that the sanitized suite's timing tests need; the plain suite runs it"))
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
            let upload = session.upload(fileAt: "/dev/fd/\(readEnd)", to: "\(mock.baseURL)/echo", method: .put).validate()
            async let echoed = try upload.decodable(as: Echo.self)
            #expect(try await session.request("\(mock.baseURL)/pattern/10").validate().response().status == 200)
            answered.signal()
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
            let upload = session.upload(fileAt: path, to: "\(mock.baseURL)/echo", method: .put).validate()
            async let echoed = try upload.decodable(as: Echo.self)
            #expect(await eventually(timeout: .seconds(20)) { opened.withLock { $0 } })
            #expect(try await session.request("\(mock.baseURL)/pattern/10").validate().response().status == 200)
            answered.signal()
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
        // Sparse, 64 MB; the receiver stops reading after its first megabyte, so libcurl has read
        // no more of the file than that and what the sockets hold (a few megabytes) when the file
        // is cut to a half or grown to twice its size (`halves` halves).
        let size: Int64 = 64 << 20
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(size)) == 0)
        let receiver = try GatedReceiver(threshold: 1 << 20)
        // The receiver never answers: an upload that missed the change would time out, 15 s an attempt.
        var options = session.configuration.requestDefaults
        options.timeout = .seconds(15)
        let request = session.upload(fileAt: path, to: "http://127.0.0.1:\(receiver.port)/upload", method: .put, options: options)
        async let outcome = failure(of: request)
        #expect(await eventually { receiver.hasReachedThreshold })
        #expect(truncate(path, off_t(size / 2 * Int64(halves))) == 0)
        receiver.open()
        let error = await outcome
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
@Suite("Downloads", .enabled(if: !Sanitizer.isActive, "megabytes through a sanitizer take minutes of CPU that the sanitized suite's timing tests need; the plain suite runs it"))
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
@Suite("Streams", .enabled(if: !Sanitizer.isActive, "megabytes through a sanitizer take minutes of CPU that the sanitized suite's timing tests need; the plain suite runs it"))
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
            // The consumer stops reading for a while: the transfer must stop with it.
            try await Task.sleep(for: .seconds(1))
            let whileStopped = arrived.withLock { $0 }
            #expect(whileStopped < 24 << 20, "\(whileStopped) bytes arrived while nothing was read")
            // Meanwhile the session's other transfers go on.
            #expect(try await session.request(mock.forecastURL("130010")).validate().response().status == 200)
            while let chunk = try await iterator.next() {
                consumed += chunk.count
            }
            #expect(consumed == 64 << 20)
        }
    }

    @Test("A body that trickles reaches its consumer while it is still coming, though its batch never fills")
    func trickle() async throws {
        try await MockServer.withServer { mock in
            // Held until a batch fills, the 100 bytes would reach the loop only when the
            // request's timeout ends it, after 30 s. The bound leaves room for a busy machine.
            let session = try Session(configuration: SessionConfiguration(requestDefaults: testOptions(timeout: .seconds(30))))
            let started = ContinuousClock.now
            var received = 0
            for try await chunk in session.streamRequest("\(mock.baseURL)/hold/100").stream() {
                received += chunk.count
                if received == 100 { break }
            }
            #expect(received == 100)
            #expect(ContinuousClock.now - started < .seconds(15))
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
