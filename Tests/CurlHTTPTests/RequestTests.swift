import CurlHTTP
import Foundation
import MockAPI
import Testing
import TestSupport

@Suite("Requests and their handler chains")
struct RequestTests {
    @Test("A plain GET returns the fixture's bytes, status, headers and metrics")
    func plainGet() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            let response = try await session.request(mock.forecastURL("130010")).validate().response()

            #expect(response.status == 200)
            #expect(response.body == (try fixture("130010.json")))
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(response.headers["CONTENT-TYPE"] == response.headers["Content-Type"])
            #expect(response.httpVersion == .http1_1)
            #expect(response.attempts == 1)
            #expect(response.url == mock.forecastURL("130010"))
            #expect(response.metrics.total > .zero)
            #expect(response.metrics.firstByte <= response.metrics.total)
        }
    }

    @Test("A receive buffer smaller than the body still delivers it whole")
    func smallReceiveBuffer() async throws {
        try await MockServer.withServer { mock in
            // libcurl's smallest buffer: the 6.9 KB fixture arrives in at least seven reads.
            var options = testOptions()
            options.receiveBufferSize = 1024
            let session = try Session(configuration: SessionConfiguration(requestDefaults: options))
            let response = try await session.request(mock.forecastURL("130010")).validate().response()
            #expect(response.body == (try fixture("130010.json")))
        }
    }

    @Test("Handlers run in the order they were added, before and after completion")
    func handlerOrder() async throws {
        // The request waits behind a stalled one (one in flight at a time) until the first
        // handlers are added, however long a loaded machine takes to add them.
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["140010": FaultRule(.stall)])) { mock in
            let session = try Session()
            var options = testOptions(timeout: .seconds(3600))
            options.limit = ConcurrencyLimit(maxInFlight: 1)
            let order = LockedValue<[String]>([])
            let blocker = session.request(mock.forecastURL("140010"), options: options).resume()
            let request = session.request(mock.forecastURL("130010"), options: options).resume()
            try #require(await eventually { mock.stats().inFlight == 1 })

            // Given three handlers added while the request has not finished
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                request
                    .responseData { _ in order.withLock { $0.append("data-1") } }
                    .responseString { _ in order.withLock { $0.append("string-2") } }
                    .response { _ in
                        order.withLock { $0.append("response-3") }
                        done.resume()
                    }
                #expect(!request.isFinished, "the handlers must have been added before completion")
                blocker.cancel()
            }
            // When two more are added after completion
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                request
                    .responseData { _ in order.withLock { $0.append("data-4") } }
                    .responseString { _ in
                        order.withLock { $0.append("string-5") }
                        done.resume()
                    }
            }
            // Then all five ran in the order they were added
            #expect(order.withLock { $0 } == ["data-1", "string-2", "response-3", "data-4", "string-5"])
        }
    }

    @Test("validate() fails the handlers after it, not the ones before it")
    func validationAppliesDownstream() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            let results = LockedValue<[Bool]>([])
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                session.request("\(mock.baseURL)/no/such/path")
                    .responseData { r in results.withLock { $0.append(r.value != nil) } }
                    .validate()
                    .responseData { r in
                        results.withLock { $0.append(r.value != nil) }
                        #expect((r.error as? StatusCodeError)?.status == 404)
                        #expect(r.response?.status == 404, "a refused response is still reported")
                        done.resume()
                    }
            }
            #expect(results.withLock { $0 } == [true, false])
        }
    }

    @Test("Completion runs on the queue the caller names")
    func deliveryQueue() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            let queue = DispatchQueue(label: "test.delivery")
            let key = DispatchSpecificKey<String>()
            queue.setSpecific(key: key, value: "mine")
            let seen = await withCheckedContinuation { (done: CheckedContinuation<String?, Never>) in
                session.request(mock.forecastURL("130010")).responseData(queue: queue) { _ in
                    done.resume(returning: DispatchQueue.getSpecific(key: key))
                }
            }
            #expect(seen == "mine")
        }
    }

    @Test("A caller blocked in DispatchGroup.wait() gets its callbacks (sequential use)")
    func dispatchGroupSequence() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            let statuses = LockedValue<[Int]>([])
            // DispatchGroup.wait() blocks its thread: run it off Swift's cooperative pool, as a
            // command-line caller's main thread would.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    let group = DispatchGroup()
                    for city in ["130010", "140010", "999999"] {
                        group.enter()
                        session.request(mock.forecastURL(city)).responseData { r in
                            statuses.withLock { $0.append(r.response?.status ?? -1) }
                            group.leave()
                        }
                        // A deadline, so that a lost callback fails the check below instead of hanging.
                        if group.wait(timeout: .now() + 10) == .timedOut { break }
                    }
                    done.resume()
                }
            }
            #expect(statuses.withLock { $0 } == [200, 200, 200])
        }
    }

    @Test("Headers, User-Agent, Accept-Encoding and a POST body reach the server")
    func whatIsSent() async throws {
        try await MockServer.withServer { mock in
            var options = testOptions()
            options.userAgent = "forecast-tests/1.0"
            options.headers = ["X-Default": "session", "X-Override": "session"]
            let session = try Session(configuration: SessionConfiguration(requestDefaults: options))
            let echo = try await session.request(
                "\(mock.baseURL)/echo", method: .post,
                headers: ["X-Override": "request"], body: Data("städte=東京".utf8)
            ).validate().decodable(as: Echo.self)

            #expect(echo.method == "POST")
            #expect(echo.body == "städte=東京")
            #expect(echo.headers["user-agent"] == "forecast-tests/1.0")
            #expect(echo.headers["x-default"] == "session")
            #expect(echo.headers["x-override"] == "request")
            #expect(echo.headers["accept-encoding"]?.contains("gzip") == true)
            #expect(echo.headers["expect"] == nil)
        }
    }

    @Test("The default User-Agent names the client and its version")
    func defaultUserAgent() async throws {
        try await MockServer.withServer { mock in
            let session = try Session()
            let echo = try await session.request("\(mock.baseURL)/echo").decodable(as: Echo.self)
            #expect(echo.headers["user-agent"] == "CurlHTTP/\(CurlHTTP.version)")
            #expect(echo.method == "GET")
        }
    }

    @Test("responseDecodable wraps the decoder's error")
    func decodingError() async throws {
        try await MockServer.withServer(MockConfiguration(faultsByCity: ["130010": FaultRule(.malformedJSON)])) { mock in
            let session = try Session()
            let outcome = await withCheckedContinuation { (done: CheckedContinuation<DataResponse<Echo>, Never>) in
                session.request(mock.forecastURL("130010")).validate().responseDecodable(of: Echo.self) {
                    done.resume(returning: $0)
                }
            }
            #expect(outcome.error is ResponseDecodingError)
            #expect(outcome.response?.status == 200)
            #expect("\(outcome.error!)".hasPrefix("could not decode the response"))
        }
    }
}

/// What the mock's /echo route answers.
struct Echo: Decodable, Sendable {
    let method: String
    let headers: [String: String]
    let body: String
}
