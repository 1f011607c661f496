#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The agency's map file of one ten-minute time (`bosai/amedas/data/map/YYYYMMDDHHmm00.json`):
/// every station's values, `{"11001": {"temp": [-7.0, 0], …}, "11016": {…}, …}`, 250 to
/// 500 KB for about 1,300 stations.
///
/// A run asks for a few of them, so only those are decoded: one pass over the bytes finds where
/// each top-level station's object starts and ends, skipping the rest without building them,
/// and `JSONDecoder` reads the stations asked for. Which keys a station has changes with the
/// station and the year; every one is optional.
enum AmedasMap {
    /// The observations of the stations `codes` in a map file of `time`. A station the file
    /// does not hold is not in the result.
    ///
    /// - Throws: ``ForecastError/notJSON(what:)`` for a body that is not a JSON object, or one
    ///   that ends before it closes; ``ForecastError/invalidResponse(path:problem:)`` for a
    ///   station asked for whose values are not `[value, flag]` pairs.
    static func observations(in body: Data, of codes: Set<String>, at time: AmedasTime) throws(ForecastError)
        -> [String: Observation]
    {
        var found: [String: Observation] = [:]
        for (code, range) in try stationRanges(in: body, of: codes) {
            let readings = try ForecastError.decoding([String: AmedasReading].self, from: body[range])
            found[code] = observation(of: AmedasStation.named(code), at: time, readings: readings)
        }
        return found
    }

    /// A city's observation: that of the first of its area's points that the file holds (the
    /// points of `observations(in:of:at:)`'s result), or nil if it holds none.
    static func observation(for area: AgencyArea, in found: [String: Observation]) -> Observation? {
        area.points.lazy.compactMap { found[$0] }.first
    }

    /// An observation from a station's readings, each value kept only if its flag makes it a
    /// measurement.
    static func observation(of station: AmedasStation, at time: AmedasTime, readings: [String: AmedasReading])
        -> Observation
    {
        var observation = Observation(station: station, observed: time.observed)
        func measured(_ field: Observation.Field) -> Double? {
            guard let reading = readings[field.fileKey], let value = reading.measured else { return nil }
            if reading.isIncomplete { observation.incomplete.append(field) }
            return value
        }
        observation.temperature = measured(.temperature)
        observation.humidity = measured(.humidity).flatMap(Self.whole)
        observation.windDirection = measured(.windDirection).flatMap(Self.whole).flatMap(CompassPoint.init)
        observation.windSpeed = measured(.windSpeed)
        observation.precipitation10m = measured(.precipitation10m)
        observation.precipitation1h = measured(.precipitation1h)
        observation.precipitation24h = measured(.precipitation24h)
        observation.sunshine1h = measured(.sunshine1h)
        observation.snowDepth = measured(.snowDepth).flatMap(Self.whole)
        observation.seaLevelPressure = measured(.seaLevelPressure)
        observation.weather = measured(.weather).flatMap(Self.whole).flatMap(AutomaticWeather.init)
        return observation
    }

    /// A number that is a whole one, as an Int; nil for 12.5 or one out of range.
    private static func whole(_ value: Double) -> Int? {
        Int(exactly: value)
    }

    /// Where the object of each station of `codes` lies in the body, by one pass over the top
    /// level that skips every other value by its brackets.
    /// Every station's when `codes` is nil.
    static func stationRanges(in body: Data, of codes: Set<String>?) throws(ForecastError) -> [(String, Range<Data.Index>)] {
        let found = body.withUnsafeBytes { bytes in
            // Sound: `bytes` is only read inside this closure, while `body` is alive and
            // unchanged; every index is checked against its count before it is read.
            var scanner = TopLevelScanner(bytes: bytes, wanted: codes)
            return scanner.scan()
        }
        guard let found else { throw .notJSON(what: Self.sniff(body)) }
        return found.map { ($0.0, body.startIndex + $0.1.lowerBound..<body.startIndex + $0.1.upperBound) }
    }

    /// What a body that is no JSON object looks like, in ``ForecastError/notJSON(what:)``'s words.
    private static func sniff(_ body: Data) -> String {
        let start = body.first { !Self.whiteSpace.contains($0) }
        return switch start {
        case nil: "empty"
        case UInt8(ascii: "<"): "an HTML page"
        default: "not valid JSON"
        }
    }

    fileprivate static let whiteSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
}

/// One pass over a JSON object's top level: each key, and the byte range of its value, for the
/// keys asked for. Values are skipped by counting brackets outside strings; the values asked
/// for are checked by the decoder that reads them, the rest only for balance.
private struct TopLevelScanner {
    let bytes: UnsafeRawBufferPointer
    /// The keys asked for; nil for every key.
    let wanted: Set<String>?
    var index = 0

    init(bytes: UnsafeRawBufferPointer, wanted: Set<String>?) {
        self.bytes = bytes
        self.wanted = wanted
    }

    /// The keys asked for and their values' offsets, in the body's order; nil if the body is
    /// not an object, or ends before it closes.
    mutating func scan() -> [(String, Range<Int>)]? {
        var found: [(String, Range<Int>)] = []
        guard next() == UInt8(ascii: "{") else { return nil }
        index += 1
        if next() == UInt8(ascii: "}") { return found }
        while true {
            guard next() == UInt8(ascii: "\""), let keyRange = skipString() else { return nil }
            guard next() == UInt8(ascii: ":") else { return nil }
            index += 1
            guard next() != nil else { return nil }
            let start = index
            guard skipValue() else { return nil }
            // A station's code is five ASCII digits: only a key of that length is made a String.
            if keyRange.count == 5, wanted?.isEmpty != true {
                let key = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[keyRange]), as: UTF8.self)
                if wanted?.contains(key) ?? true { found.append((key, start..<index)) }
            }
            switch next() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): return found
            default: return nil
            }
        }
    }

    /// The byte at the first position from `index` that is not white space, with `index`
    /// moved there; nil at the end.
    private mutating func next() -> UInt8? {
        while index < bytes.count {
            let byte = bytes[index]
            if !AmedasMap.whiteSpace.contains(byte) { return byte }
            index += 1
        }
        return nil
    }

    /// Skips a string starting at `index` (its quote); the range of its contents, or nil if it
    /// does not end.
    private mutating func skipString() -> Range<Int>? {
        let start = index + 1
        index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return start..<(index - 1)
            default: index += 1
            }
        }
        return nil
    }

    /// Skips the value starting at `index`: an object or array to the bracket that closes it,
    /// a string, or a scalar to the next delimiter. False if it does not end. Brackets are
    /// counted, not matched: a value asked for is checked by the decoder that reads it.
    private mutating func skipValue() -> Bool {
        var depth = 0
        repeat {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return false }
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                guard skipString() != nil else { return false }
            default:
                if depth == 0 {
                    // A scalar at the top level: up to the delimiter after it.
                    while index < bytes.count, !Self.delimiters.contains(bytes[index]) { index += 1 }
                    return true
                }
                index += 1
            }
        } while depth > 0
        return true
    }

    private static let delimiters: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D]
}
