import CurlHTTP
import Testing

@Suite("Endpoint")
struct EndpointTests {
    @Test("Scheme, host and port come from one parse of the URL", arguments: [
        ("https://weather.tsukumijima.net/api/forecast/city/130010", "https", "weather.tsukumijima.net", nil as Int?,
         "weather.tsukumijima.net"),
        ("http://127.0.0.1:8080", "http", "127.0.0.1", 8080, "127.0.0.1:8080"),
        ("HTTPS://user:pw@Example.COM:8443/x?y#z", "https", "example.com", 8443, "example.com:8443"),
        ("http://[::1]:9000/api", "http", "::1", 9000, "[::1]:9000"),
        ("http://[::1]/api", "http", "::1", nil, "[::1]"),
        ("http://host?query", "http", "host", nil, "host"),
        // No "://": no scheme, and the colon is the port's. A colon before "://" stays in the
        // scheme, as the first "://" ends it.
        ("example.com:8080/path", "", "example.com", 8080, "example.com:8080"),
        ("a:b://host:1/", "a:b", "host", 1, "host:1"),
        ("http:/x://h/", "http:/x", "h", nil, "h"),
        // Read as bytes: a host of more than ASCII keeps every character around the delimiters.
        ("http://ユーザー@天気.例え:81/パス?キー", "http", "天気.例え", 81, "天気.例え:81"),
        // A delimiter with a combining mark after it is still a delimiter, as libcurl reads the URL (walked as
        // Characters, "/" and U+0301 were one character, and the host ran on).
        ("http://h/\u{301}x", "http", "h", nil, "h"),
    ])
    func parse(url: String, scheme: String, host: String, port: Int?, authority: String) {
        let endpoint = Endpoint(url: url)
        #expect(endpoint.scheme == scheme)
        #expect(endpoint.host == host)
        #expect(endpoint.port == port)
        #expect(endpoint.authority == authority)
        #expect(endpoint.isHTTPS == (scheme == "https"))
    }
}
