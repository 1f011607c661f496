import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// The routes answer as the real API does.
@Suite("Routes", .timeLimit(.minutes(5)))
struct RouteTests {
    static let fixtureIDs = ["090010", "120010", "130010", "140010", "330010", "400040"]
    static let invalidCityBody = "{\n    \"error\": \"The specified city ID is invalid.\"\n}"

    @Test("A city with a fixture gets the fixture's bytes exactly, with the API's headers", arguments: fixtureIDs)
    func fixtureCity(id: String) async throws {
        let expected = try fixtureBytes("\(id).json")
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, "/api/forecast/city/\(id)")
            #expect(response.status == 200)
            #expect(response.body == expected)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("Content-Length") == String(expected.count))
        }
    }

    @Test(
        "A catalog city without a fixture gets the template with its own title, link and location",
        arguments: [
            ("270000", "大阪府 大阪 の天気", "270000", ["area": "近畿", "prefecture": "大阪府", "district": "大阪府", "city": "大阪"]),
            ("016010", "北海道 札幌 の天気", "016000", ["area": "北海道", "prefecture": "北海道", "district": "石狩地方", "city": "札幌"]),
        ]
    )
    func templateCity(id: String, title: String, areaCode: String, location: [String: String]) async throws {
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, "/api/forecast/city/\(id)")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let object = try #require(try parseJSON(response.body) as? [String: Any])
            #expect(object["title"] as? String == title)
            #expect((object["link"] as? String)?.hasSuffix("area_code=\(areaCode)") == true)
            #expect(object["location"] as? [String: String] == location)
            #expect((object["forecasts"] as? [Any])?.count == 3)
        }
    }

    @Test(
        "An ID outside the catalog gets HTTP 200 with the API's exact error body, in both forms",
        arguments: [
            "/api/forecast/city/999999", "/api/forecast/city/13001", "/api/forecast/city/abc",
            "/api/forecast?city=999999",
        ]
    )
    func unknownCity(target: String) async throws {
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, target)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.text == Self.invalidCityBody)
        }
    }

    @Test(
        "No city, an empty city, or an unknown path is 404",
        arguments: [
            "/api/forecast", "/api/forecast?city=", "/api/forecast?other=1", "/api/forecast/city/130010/extra",
            "/nowhere",
        ]
    )
    func notFound(target: String) async throws {
        try await MockServer.withServer { server async throws in
            #expect(try await TestConnection.request(port: server.port, target).status == 404)
        }
    }

    @Test("The query form answers exactly as the path form", arguments: ["130010", "270000", "999999"])
    func queryEqualsPath(id: String) async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                let path = try await connection.request("/api/forecast/city/\(id)")
                let query = try await connection.request("/api/forecast?city=\(id)")
                #expect(path.status == query.status)
                #expect(path.body == query.body)
                #expect(!path.body.isEmpty)
            }
        }
    }

    @Test("A trailing slash is redirected with 301 to the path without it, query kept")
    func trailingSlash() async throws {
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, "/api/forecast/city/130010/?a=1")
            #expect(response.status == 301)
            #expect(response.header("Location") == "http://127.0.0.1/api/forecast/city/130010?a=1")
        }
    }

    @Test("Other methods on the API get 405")
    func methodNotAllowed() async throws {
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(
                port: server.port, "/api/forecast/city/130010", method: "POST", body: "x")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    @Test("/echo describes the method, target, headers (lowercased) and body it received")
    func echo() async throws {
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(
                port: server.port, "/echo?x=1", method: "PUT",
                headers: [("User-Agent", "forecast/test"), ("X-Custom", "a"), ("x-custom", "b")], body: "日本 {\"k\": 1}"
            )
            #expect(response.status == 200)
            let object = try #require(try parseJSON(response.body) as? [String: Any])
            #expect(object["method"] as? String == "PUT")
            #expect(object["uri"] as? String == "/echo?x=1")
            #expect(object["body"] as? String == "日本 {\"k\": 1}")
            let headers = try #require(object["headers"] as? [String: String])
            #expect(headers["user-agent"] == "forecast/test")
            #expect(headers["x-custom"] == "a, b")
        }
    }

    @Test("A request with Expect: 100-continue gets 100 Continue before it sends its body")
    func expectContinue() async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                try await connection.send(
                    "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"
                )
                #expect(try await connection.readResponse().status == 100)
                try await connection.send("hello")
                let response = try await connection.readResponse()
                #expect(response.status == 200)
                let object = try #require(try parseJSON(response.body) as? [String: Any])
                #expect(object["body"] as? String == "hello")
            }
        }
    }

    @Test("/bytes/N sends N bytes of x with Content-Length")
    func bytes() async throws {
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, "/bytes/100000")
            #expect(response.header("Content-Length") == "100000")
            #expect(response.body == Array(repeating: UInt8(ascii: "x"), count: 100_000))
        }
    }

    @Test("/stats counts requests and connections, itself included")
    func stats() async throws {
        try await MockServer.withServer { server in
            _ = try await TestConnection.request(port: server.port, "/api/forecast/city/130010")
            let response = try await TestConnection.request(port: server.port, "/stats")
            #expect(response.status == 200)
            let lines = Set(String(decoding: response.body, as: UTF8.self).split(separator: "\n").map(String.init))
            #expect(lines.isSuperset(of: [
                "requests_served 2", "connections_accepted 2", "tls_handshakes 0", "connections_http_1_1 2",
            ]))
        }
    }

    @Test("Connection: close is answered with Connection: close and the server closes the connection")
    func connectionClose() async throws {
        try await MockServer.withServer { server in
            try await TestConnection.with(port: server.port) { connection in
                let response = try await connection.request(
                    "/api/forecast/city/130010", headers: [("Connection", "close")])
                #expect(response.status == 200)
                #expect(response.header("Connection") == "close")
                let rest = try await connection.readUntilClosed()
                #expect(rest.bytes.isEmpty && rest.error == nil)
            }
        }
    }
}

extension Route {
    /// The route of `uri` among the sources of the project's fixtures.
    static func of(_ uri: String) throws -> Route {
        Route(uri: uri, sources: try FixtureStore.shared(directory: MockConfiguration.defaultFixturesDirectory).sources)
    }

    /// The source and key of a source's file.
    var target: FaultTarget? {
        if case .source(let request) = self { request.target } else { nil }
    }

    var isNotFound: Bool {
        if case .notFound = self { true } else { false }
    }
}
