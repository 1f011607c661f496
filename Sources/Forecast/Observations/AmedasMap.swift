#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The agency's map file of one ten-minute time (`bosai/amedas/data/map/YYYYMMDDHHmm00.json`): every station's values,
/// `{"11001":{"temp":[-7.0,0],…},"11016":{…},…}`, about 250 to 300 KB for some 1,300 stations.
///
/// A run asks for a few of them, so only those are read. A station's object is found by the key before its opening
/// brace (`"44132":{`, which only a station can match: inside a station's object the keys are element names and the
/// values numbers, arrays and `null`), and its end by counting brackets; `JSONDecoder` reads that object alone. Of the
/// rest, the file is checked only to open as an object and close two braces deep, as a whole map file does and one cut
/// short does not. Which keys a station has changes with the station and the year; every one is optional.
enum AmedasMap {
    /// The observation of the station `code` in a body that passed ``check(_:)``, or nil if it holds no such station.
    static func observation(of code: String, in body: Data, at time: AmedasTime) throws(ForecastError) -> Observation? {
        guard let range = stationRange(code, in: body) else { return nil }
        let readings = try ForecastError.decoding([String: AmedasReading].self, from: body[range])
        return observation(of: AmedasStation.named(code), at: time, readings: readings)
    }

    /// An observation from a station's readings, each value kept only if its flag makes it a measurement.
    static func observation(of station: AmedasStation, at time: AmedasTime, readings: [String: AmedasReading])
        -> Observation
    {
        var observation = Observation(station: station, observed: time.observed)
        // Each value by its key in the file; flag 4 (資料不足) marks one measured over less than its whole period.
        func measured(_ field: Observation.Field, _ key: String) -> Double? {
            guard let reading = readings[key], let value = reading.measured else { return nil }
            if reading.flag == 4 { observation.incomplete.append(field) }
            return value
        }
        observation.temperature = measured(.temperature, "temp")
        observation.humidity = measured(.humidity, "humidity").flatMap { Int(exactly: $0) }
        observation.windDirection = measured(.windDirection, "windDirection").flatMap { Int(exactly: $0) }.flatMap(CompassPoint.init)
        observation.windSpeed = measured(.windSpeed, "wind")
        observation.precipitation10m = measured(.precipitation10m, "precipitation10m")
        observation.precipitation1h = measured(.precipitation1h, "precipitation1h")
        observation.precipitation24h = measured(.precipitation24h, "precipitation24h")
        observation.sunshine1h = measured(.sunshine1h, "sun1h")
        observation.snowDepth = measured(.snowDepth, "snow").flatMap { Int(exactly: $0) }
        observation.seaLevelPressure = measured(.seaLevelPressure, "normalPressure")
        observation.weather = measured(.weather, "weather").flatMap { Int(exactly: $0) }.flatMap(AutomaticWeather.init)
        return observation
    }

    /// Throws unless the body opens an object and ends with two closing braces (a station's and
    /// the file's), as a whole map file does.
    static func check(_ body: Data) throws(ForecastError) {
        let first = body.firstIndex { !whiteSpace($0) }
        let last = body.lastIndex { !whiteSpace($0) }
        let beforeLast = last.flatMap { last in body[..<last].lastIndex { !whiteSpace($0) } }
        guard let first, let last, let beforeLast, body[first] == UInt8(ascii: "{"),
            body[last] == UInt8(ascii: "}"), body[beforeLast] == UInt8(ascii: "}")
        else { throw .notJSON(what: sniff(body)) }
    }

    /// Where the object of the station `code` lies in the body: the object that opens after its key where a key of the
    /// top level can stand (after `{` or `,`), up to the brace that closes it. The objects are found by their opening
    /// braces, with `memchr(3)`: a map file has one a station, where it has ten times as many quotes and digits.
    static func stationRange(_ code: String, in body: Data) -> Range<Data.Index>? {
        let key = Array("\"\(code)\"".utf8)
        let found = body.withUnsafeBytes { bytes -> Range<Int>? in
            // Sound: `bytes` is only read inside this closure, while `body` is alive and unchanged; memchr reads within
            // the length it is given, and every index below is checked against the bounds before it is read.
            guard let base = bytes.baseAddress else { return nil }
            var from = 1
            while from < bytes.count {
                guard let hit = memchr(base + from, Int32(UInt8(ascii: "{")), bytes.count - from) else { return nil }
                let brace = base.distance(to: UnsafeRawPointer(hit))
                from = brace + 1
                var colon = brace - 1
                while colon >= 0, whiteSpace(bytes[colon]) { colon -= 1 }
                guard colon >= 0, bytes[colon] == UInt8(ascii: ":") else { continue }
                var keyEnd = colon - 1
                while keyEnd >= 0, whiteSpace(bytes[keyEnd]) { keyEnd -= 1 }
                let keyStart = keyEnd + 1 - key.count
                guard keyStart > 0, key.indices.allSatisfy({ bytes[keyStart + $0] == key[$0] }) else { continue }
                var before = keyStart - 1
                while before >= 0, whiteSpace(bytes[before]) { before -= 1 }
                guard before >= 0, bytes[before] == UInt8(ascii: "{") || bytes[before] == UInt8(ascii: ",") else { continue }
                return objectEnd(bytes, from: brace).map { brace..<$0 }
            }
            return nil
        }
        return found.map { body.startIndex + $0.lowerBound..<body.startIndex + $0.upperBound }
    }

    /// The offset after the brace that closes the object opening at `start`, counting brackets
    /// outside strings; nil if the body ends first.
    private static func objectEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var depth = 0
        var index = start
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// What a body that is no map file looks like, in ``ForecastError/notJSON(what:)``'s words.
    private static func sniff(_ body: Data) -> String {
        switch body.first(where: { !whiteSpace($0) }) {
        case nil: "empty"
        case UInt8(ascii: "<"): "an HTML page"
        default: "not valid JSON"
        }
    }

    private static func whiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
