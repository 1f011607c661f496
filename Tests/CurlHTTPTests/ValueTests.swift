import CurlHTTP
import Testing

@Suite("Value types")
struct ValueTests {
    @Test("Header lookup ignores case and keeps order and repeats")
    func headers() {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Set-Cookie": "a=1"]
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Content-Typ"] == nil)
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        headers.replaceOrAdd(name: "SET-COOKIE", value: "c=3")
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        #expect(headers.count == 2)
    }

    @Test("Request headers win over defaults of the same name")
    func merging() {
        let request: HTTPHeaders = ["X-A": "request"]
        let merged = request.merging(defaults: ["x-a": "default", "X-B": "default"])
        #expect(merged["X-A"] == "request")
        #expect(merged["X-B"] == "default")
        #expect(merged.count == 2)
    }

    @Test("Transport errors read as a person would say them")
    func errorDescriptions() {
        let timeout = CurlError(kind: .timedOut, code: .operationTimedOut, message: "Timeout was reached", timeout: .seconds(15))
        #expect(timeout.description == "timed out after 15 s")
        let halfSecond = CurlError(kind: .timedOut, code: .operationTimedOut, message: "Timeout was reached", attempts: 3, timeout: .milliseconds(500))
        #expect(halfSecond.description == "timed out after 0.5 s, 3 attempts")
        let resolve = CurlError(kind: .couldNotResolveHost, code: .couldNotResolveHost, message: "Couldn't resolve host name",
                                detail: "Could not resolve host: example.invalid")
        #expect(resolve.description == "could not resolve host example.invalid (no network, or a wrong host name?)")
        let resolveBare = CurlError(kind: .couldNotResolveHost, code: .couldNotResolveHost, message: "Couldn't resolve host name")
        #expect(resolveBare.description == "could not resolve host (Couldn't resolve host name)")
        #expect(StatusCodeError(status: 404, url: "u").description == "HTTP 404")
    }
}
