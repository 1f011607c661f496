import Forecast

/// The `--verbose` line of one request: city, status, bytes, attempts, cache, libcurl's timings.
enum VerboseLine {
    static func text(for result: CityResult<some Sendable>) -> String {
        let info = result.info
        let city = "forecast: \(result.city.id) \(result.city.name):"
        if info.source == .cache {
            return "\(city) cache hit, \(info.bytes) bytes"
        }
        var parts = [
            info.status.map { "HTTP \($0)" } ?? "no response", "\(info.bytes) bytes",
            info.attempts == 1 ? "1 attempt" : "\(info.attempts) attempts", "cache \(info.source.rawValue)",
        ]
        if info.status != nil {
            let metrics = info.metrics
            parts += [
                info.httpVersion ?? "HTTP/?", "dns \(ms(metrics.nameLookup))", "connect \(ms(metrics.connect))",
                "tls \(ms(metrics.tlsHandshake))", "first byte \(ms(metrics.firstByte))", "total \(ms(metrics.total))",
                metrics.connectionReused ? "reused connection" : "new connection",
            ]
        }
        if let reason = info.notStored {
            parts.append("not cached: \(reason)")
        }
        if result.provider == .jma {
            parts.append("from the weather agency's file")
        }
        return "\(city) " + parts.joined(separator: ", ")
    }

    /// Milliseconds with one decimal: "101.3 ms".
    static func ms(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (Int(seconds) * 10_000) + Int(attoseconds / 100_000_000_000_000)
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
