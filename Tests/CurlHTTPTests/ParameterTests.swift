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
