import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// A running TLS mock, a fresh cache folder and the test CA in a file, all removed afterwards.
/// `body` gets the server, the environment pointing `forecast` at it (without any CA), and a
/// folder for trust files (the test CA is `ca.pem` there).
private func withTLSMock<T>(
    _ tls: MockTLS = MockTLS(),
    _ body: (MockServer, [String: String], URL) async throws -> T
) async throws -> T {
    try await withTemporaryFolder(prefix: "forecast-tls") { folder in
        try MockCertificates.writeCertificateAuthority(to: folder.path("ca.pem"))
        return try await MockServer.withServer(tls: tls) { server in
            let environment = [
                "FORECAST_BASE_URL": server.baseURL, "FORECAST_JMA_URL": server.baseURL, "FORECAST_CACHE_DIR": folder.path("cache"),
            ]
            return try await body(server, environment, folder.url)
        }
    }
}

@Suite("forecast over HTTPS: --cacert, curl's variables, TLS failures", .serialized)
struct TLSEndToEndTests {
    let golden = (try? String(contentsOf: fixturesDirectory.appendingPathComponent("golden/130010-140010.tsv"), encoding: .utf8)) ?? "missing"

    @Test("--cacert FILE: the same TSV as over HTTP, through one HTTP/2 connection")
    func cacert() async throws {
        try await withTLSMock { mock, env, folder in
            let ca = folder.appendingPathComponent("ca.pem").path
            let result = try await forecast(["--cacert", ca, "130010", "140010"], environment: env)

            #expect(result.status == 0)
            #expect(result.stdout == golden)
            #expect(result.stderr == "")
            #expect(mock.stats().connectionsAccepted == 1)
            #expect(mock.stats().connectionsByProtocol == ["h2": 1])
        }
    }

    @Test("-v names HTTP/2 and the TLS handshake")
    func verboseNamesHTTP2() async throws {
        try await withTLSMock { _, env, folder in
            let result = try await forecast(["-v", "--cacert", folder.appendingPathComponent("ca.pem").path, "130010"], environment: env)

            #expect(result.status == 0)
            #expect(result.stderr.contains("HTTP/2"))
            #expect(result.stderr.contains("new connection"))
        }
    }

    @Test("The CA from SSL_CERT_FILE, CURL_CA_BUNDLE, or a hashed SSL_CERT_DIR is trusted")
    func caFromEnvironment() async throws {
        try await withTLSMock { _, env, folder in
            let ca = folder.appendingPathComponent("ca.pem").path
            let store = folder.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            try Data(MockCertificates.certificateAuthorityPEM.utf8)
                .write(to: store.appendingPathComponent(MockCertificates.certificateAuthorityHashName))
            for variables in [["SSL_CERT_FILE": ca], ["CURL_CA_BUNDLE": ca], ["SSL_CERT_DIR": store.path]] {
                let result = try await forecast(["--no-cache", "-f", "line", "130010"], environment: env.merging(variables) { $1 })
                #expect(result.status == 0, "\(variables)")
                #expect(withoutOldDataMarks(result.stdout) == "東京 晴のち曇 -/27°C 10%\n", "\(variables)")
            }
        }
    }

    @Test("SSL_CERT_DIR without the test CA is refused: the directory named is all that is trusted")
    func directoryWithoutTheCA() async throws {
        try await withTLSMock { _, env, folder in
            let store = folder.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            try Data(MockCertificates.strangerAuthorityPEM.utf8)
                .write(to: store.appendingPathComponent(MockCertificates.strangerAuthorityHashName))
            let result = try await forecast(["--no-cache", "130010"], environment: env.merging(["SSL_CERT_DIR": store.path]) { $1 })

            #expect(result.status == 1)
            #expect(result.stderr.contains("the server's certificate is not trusted"))
        }
    }

    @Test("--cacert wins over the variables")
    func optionWinsOverEnvironment() async throws {
        try await withTLSMock { _, env, folder in
            let stranger = folder.appendingPathComponent("stranger.pem")
            try Data(MockCertificates.strangerAuthorityPEM.utf8).write(to: stranger)
            let ca = folder.appendingPathComponent("ca.pem").path
            let variables = ["CURL_CA_BUNDLE": stranger.path, "SSL_CERT_FILE": stranger.path]

            let trusting = try await forecast(["--no-cache", "--cacert", ca, "130010"], environment: env.merging(variables) { $1 })
            let refusing = try await forecast(["--no-cache", "130010"], environment: env.merging(variables) { $1 })

            #expect(trusting.status == 0)
            #expect(refusing.status == 1)
            #expect(refusing.stderr.contains("not trusted"))
        }
    }

    @Test("No CA named: each city fails once, saying what happened and what to do; exit 1")
    func untrusted() async throws {
        try await withTLSMock { mock, env, _ in
            // The system's store does not hold the test CA (and the agency's file, from the
            // same server, would fail the same way: the API alone keeps the count to two).
            let result = try await forecast(["--source", "tsukumijima", "130010", "140010"], environment: env)

            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first?.hasPrefix("forecast: 130010 東京: the server's certificate is not trusted (") == true)
            #expect(lines.allSatisfy { $0.hasSuffix("; if it comes from a private CA, pass it with --cacert FILE") })
            #expect(!result.stderr.contains("attempts"), "a TLS failure is not retried")
            #expect(mock.stats().connectionsAccepted == 2)
            #expect(mock.stats().requestsServed == 0)
        }
    }

    @Test("A certificate for another name fails as such, without the --cacert advice")
    func wrongName() async throws {
        try await withTLSMock(MockTLS(certificate: .otherHost)) { _, env, folder in
            let result = try await forecast(["--cacert", folder.appendingPathComponent("ca.pem").path, "130010"], environment: env)

            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("forecast: 130010 東京: the server's certificate is for another host name ("))
            #expect(!result.stderr.contains("--cacert"))
        }
    }

    @Test("A --cacert file that does not exist or cannot be read: exit 64, no request")
    func missingCAFile() async throws {
        try await withTLSMock { mock, env, folder in
            for path in ["/nonexistent/ca.pem", folder.path] {
                let result = try await forecast(["--cacert", path, "130010"], environment: env)
                #expect(result.status == 64, "\(path)")
                #expect(result.stderr.contains("--cacert: cannot read the CA file \"\(path)\""), "\(path)")
            }
            let fromEnvironment = try await forecast(["130010"], environment: env.merging(["SSL_CERT_FILE": "/nonexistent/ca.pem"]) { $1 })
            #expect(fromEnvironment.status == 64)
            #expect(fromEnvironment.stderr.contains("SSL_CERT_FILE: cannot read the CA file"))
            #expect(mock.stats().connectionsAccepted == 0)
        }
    }

    @Test("--parallel over HTTPS: 20 cities, one connection, output in input order")
    func parallelOneConnection() async throws {
        let ids = try String(contentsOf: fixturesDirectory.appendingPathComponent("cities.tsv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().prefix(20).map { String($0.prefix { $0 != "\t" }) }
        try await withTLSMock { mock, env, folder in
            let result = try await forecast(
                ["-p", "-j", "20", "-f", "tsv", "--no-header", "-d", "1", "--cacert", folder.appendingPathComponent("ca.pem").path] + ids,
                environment: env)

            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) } == ids)
            #expect(mock.stats().connectionsAccepted == 1)
            #expect(mock.stats().requestsByProtocol == ["HTTP/2.0": 20])
        }
    }
}
