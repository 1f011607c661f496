import CurlHTTP
import Forecast
import Foundation
import Testing

@Suite("Error kinds")
struct ErrorKindTests {
    @Test("Every failure has the one-word kind a script compares")
    func words() {
        func transport(_ kind: CurlError.Kind) -> ForecastError {
            .transport(CurlError(kind: kind, message: "m"))
        }
        let cases: [(ForecastError, String)] = [
            (.api(message: "x"), "api"),
            (.notJSON(what: "empty"), "decode"),
            (.invalidResponse(path: "forecasts", problem: "missing"), "decode"),
            (.http(status: 503, attempts: 3), "http"),
            (transport(.timedOut), "timeout"),
            (transport(.couldNotResolveHost), "dns"),
            (transport(.couldNotConnect), "connect"),
            (transport(.connectionRefused), "connect"),
            (transport(.connectionReset), "connection"),
            (transport(.partialBody), "connection"),
            (transport(.untrustedCertificate), "tls"),
            (transport(.certificateNameMismatch), "tls"),
            (transport(.expiredCertificate), "tls"),
            (transport(.tlsHandshakeFailed), "tls"),
            (transport(.unreadableTrustStore), "tls"),
            (transport(.bodyTooLarge), "size"),
            (transport(.tooManyRedirects), "redirect"),
            (transport(.protocolNotAllowed), "redirect"),
            (transport(.multiHandleFailed), "other"),
            (.deadline(seconds: 2), "deadline"),
            (.cancelled, "cancelled"),
            (.other("x"), "other"),
        ]
        for (error, word) in cases {
            #expect(error.kind.rawValue == word, "\(error)")
        }
    }

    @Test("A deadline reads 'gave up after S s'")
    func deadlineMessage() {
        #expect(ForecastError.deadline(seconds: 2).description == "gave up after 2 s")
        #expect(ForecastError.deadline(seconds: 0.5).description == "gave up after 0.5 s")
    }

    @Test("A failed city's JSON object carries error_kind beside error")
    func jsonErrorKind() throws {
        let results = [
            try failed("130010", .transport(CurlError(kind: .timedOut, message: "m", timeout: .seconds(15)))),
            try failed("140010", .deadline(seconds: 2)),
        ]
        let formatter = JSONFormatter()
        let text = formatter.prologue(for: CityForecast.self) + results.enumerated().map { formatter.block(for: $1, index: $0) }.joined()
            + formatter.epilogue(for: [FetchResult]())
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array[0]["error"] as? String == "timed out after 15 s")
        #expect(array[0]["error_kind"] as? String == "timeout")
        #expect(array[1]["error"] as? String == "gave up after 2 s")
        #expect(array[1]["error_kind"] as? String == "deadline")
    }

    @Test("CurlError kinds compare with == and sit in sets; isTLS holds for the TLS kinds only")
    func curlKinds() {
        let error = CurlError(kind: .untrustedCertificate, message: "m")
        #expect(error.kind == .untrustedCertificate)
        #expect(error.kind.isTLS)
        #expect(!CurlError.Kind.timedOut.isTLS)
        #expect(Set<CurlError.Kind>([.timedOut, .timedOut, .couldNotConnect]).count == 2)
        #expect(CurlError.Kind.timedOut.description == "timedOut")
    }
}
