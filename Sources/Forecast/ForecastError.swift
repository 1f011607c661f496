import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a city's forecast could not be had, in words a person understands; ``kind`` says it in
/// one word a program can compare.
public enum ForecastError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The API answered with `{"error": message}`.
    case api(message: String)
    /// The body was not JSON: `what` says what it was ("an HTML page", "empty").
    case notJSON(what: String)
    /// The JSON did not have the expected shape; `path` names the field, e.g. "forecasts[1].temperature.max.celsius".
    case invalidResponse(path: String, problem: String)
    /// The server answered with a status other than 2xx, after `attempts` attempts.
    case http(status: Int, attempts: Int)
    /// The request failed below HTTP: a timeout, a connection or TLS error, as CurlHTTP reports it.
    case transport(CurlError)
    /// The run's deadline (`--max-time`) of `seconds` passed before the city was done.
    case deadline(seconds: Double)
    /// The agency's file of `office` has no forecast for the city: `problem` says what is
    /// missing ("has no weekly forecast for 130020 伊豆諸島北部: …").
    case notInAgencyFile(office: String, problem: String)
    /// Any other failure, in its own words.
    case other(String)
    /// The request was cancelled (Ctrl-C).
    case cancelled
    /// The first source had not answered after `seconds`, and the fallback's answer came
    /// first: why a city was printed from the agency's file while the API was still silent.
    case slow(seconds: Double)
    /// The first source failed with `first`, and the source that stands in for it with
    /// `fallback`: both, in one message.
    indirect case alsoFailed(first: ForecastError, fallback: ForecastError)
    /// `error` in fetching one of the files a value is read from, named: "the agency's
    /// latest_time.txt: HTTP 404". Its kind is the error's.
    indirect case inFile(String, ForecastError)

    public var description: String {
        switch self {
        case .api(let message): "the API said \"\(message)\""
        case .notJSON(let what):
            what == Self.invalidJSON ? "the response was not valid JSON" : "the response was \(what), not JSON"
        case .invalidResponse(let path, let problem):
            path.isEmpty ? "the response is not a forecast: \(problem)" : "the response is not a forecast: \(path): \(problem)"
        case .http(let status, let attempts):
            attempts > 1 ? "HTTP \(status) after \(attempts) attempts" : "HTTP \(status)"
        case .transport(let error): "\(error)"
        case .deadline(let seconds): "gave up after \(CurlError.format(seconds: seconds)) s"
        case .notInAgencyFile(let office, let problem): "the agency's file of office \(office) \(problem)"
        case .other(let reason): reason
        case .cancelled: "cancelled"
        case .slow(let seconds): "no answer within \(CurlError.format(seconds: seconds)) s"
        case .alsoFailed(let first, let fallback):
            // Both sources failed alike (one refused address for both): said once.
            "\(first)" == "\(fallback)"
                ? "\(first) (the API and the weather agency's file alike)" : "\(first); the weather agency's file: \(fallback)"
        case .inFile(let file, let error): "\(file): \(error)"
        }
    }

    /// `body` decoded as a `T` by `JSONDecoder`, or the ForecastError that says what is wrong
    /// with it: the path of the field at fault for a `DecodingError`.
    static func decoding<T: Decodable>(_ type: T.Type, from body: Data) throws(ForecastError) -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch let error as DecodingError {
            throw describing(error, body: body)
        } catch {
            throw .invalidResponse(path: "", problem: "\(error)")
        }
    }

    /// The message for a `DecodingError`, with the path of the field at fault.
    static func describing(_ error: DecodingError, body: Data) -> ForecastError {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .notJSON(what: sniff(body))
        case .dataCorrupted(let context):
            return .invalidResponse(path: path(context.codingPath), problem: context.debugDescription)
        case .keyNotFound(let key, let context):
            return .invalidResponse(path: path(context.codingPath + [key]), problem: "missing")
        case .valueNotFound(let type, let context):
            return .invalidResponse(path: path(context.codingPath), problem: "expected \(name(of: type)), found null")
        case .typeMismatch(let type, let context):
            let problem = context.debugDescription.hasPrefix("expected")
                ? context.debugDescription : "expected \(name(of: type))"
            return .invalidResponse(path: path(context.codingPath), problem: problem)
        @unknown default:
            return .invalidResponse(path: "", problem: "\(error)")
        }
    }

    /// "forecasts[1].temperature.max.celsius" for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { text, key in
            text += key.intValue.map { "[\($0)]" } ?? (text.isEmpty ? key.stringValue : "." + key.stringValue)
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }

    /// What a body that is not JSON looks like.
    private static func sniff(_ body: Data) -> String {
        let text = String(decoding: body.prefix(512), as: UTF8.self)
        let start = text.drop { $0.isWhitespace }.lowercased()
        if start.isEmpty { return "empty" }
        return start.hasPrefix("<") ? "an HTML page" : invalidJSON
    }

    /// What `sniff` calls a body that looks like neither nothing nor HTML.
    private static let invalidJSON = "not valid JSON"
}
