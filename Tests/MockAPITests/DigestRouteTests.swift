import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// `/digest-auth/`: the mock checks a Digest answer as RFC 7616 says, so that CurlHTTP's test of
/// Digest tests the client and not a mock that lets anything through.
@Suite("Digest route", .timeLimit(.minutes(5)))
struct DigestRouteTests {
    @Test("MD5 gives RFC 1321's test digests")
    func md5Vectors() {
        #expect(MD5.hex("".utf8) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex("abc".utf8) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex("message digest".utf8) == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(MD5.hex(String(repeating: "1234567890", count: 8).utf8) == "57edf4a22be3c955ac49da2e2107b67a")
    }

    @Test("curl --digest with the right password gets the echo; a wrong password, or none, gets 401 and the challenge")
    func curlDigest() async throws {
        try await MockServer.withServer { server in
            let url = "\(server.baseURL)/digest-auth/kanji/pa55-w0rd"
            func curl(_ arguments: [String]) async throws -> String {
                // No proxy variable of the test's environment comes between curl and the mock.
                let output = try await ChildProcess.run(
                    "/usr/bin/curl", ["--silent", "--output", "/dev/null", "--write-out", "%{http_code}"] + arguments,
                    environment: ["PATH": "/usr/bin:/bin"])
                return output.stdout
            }
            let right = try await curl(["--digest", "--user", "kanji:pa55-w0rd", url])
            let wrong = try await curl(["--digest", "--user", "kanji:wrong", url])
            let none = try await curl([url])
            // Basic credentials are no answer to a Digest challenge.
            let basic = try await curl(["--basic", "--user", "kanji:pa55-w0rd", url])
            #expect(right == "200")
            #expect(wrong == "401")
            #expect(none == "401")
            #expect(basic == "401")
        }
    }

    @Test("The challenge names the realm, the nonce, qop=auth and MD5")
    func challenge() async throws {
        try await MockServer.withServer { server in
            let response = try await TestConnection.request(port: server.port, "/digest-auth/a/b")
            #expect(response.status == 401)
            let challenge = try #require(response.header("WWW-Authenticate"))
            let fields = MockHTTPHandler.digestFields(challenge.dropFirst("Digest ".count))
            #expect(challenge.hasPrefix("Digest "))
            #expect(fields["realm"] == MockHTTPHandler.digestRealm && fields["nonce"] == MockHTTPHandler.digestNonce)
            #expect(fields["qop"] == "auth" && fields["algorithm"] == "MD5")
        }
    }
}
