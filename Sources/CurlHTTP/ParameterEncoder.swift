#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How ``Session/request(_:method:parameters:encoder:headers:options:)`` sends its parameters:
/// as a URL-encoded form, in the query string or the body, or as a JSON body.
///
/// The form follows Alamofire's `URLEncodedFormEncoder` defaults: keys sorted; an array as `key[]=a&key[]=b`; a nested
/// value as `parent[child]=`; a boolean as `1` or `0`; and everything but RFC 3986's unreserved characters (`A-Z a-z
/// 0-9 - . _ ~`) percent-encoded as UTF-8, brackets included, so `東京` is `%E6%9D%B1%E4%BA%AC`, a space `%20`, and
/// `key[]` is written `key%5B%5D`. Any `Encodable` value that encodes as a keyed container works: a struct, or a
/// `[String: String]`.
public struct ParameterEncoder: Sendable {
    /// Where a URL-encoded form goes.
    public enum Destination: Sendable {
        /// The query string for GET, HEAD and DELETE; the body for any other method.
        case methodDependent
        /// The query string, whatever the method.
        case queryString
        /// The body, whatever the method.
        case httpBody
    }

    enum Kind: Sendable {
        case form(Destination)
        case json
    }

    let kind: Kind

    /// A URL-encoded form, in the query string for GET, HEAD and DELETE and in an
    /// `application/x-www-form-urlencoded` body for the other methods.
    public static let urlEncodedForm = ParameterEncoder(kind: .form(.methodDependent))

    /// A JSON body (`JSONEncoder`'s defaults), with `Content-Type: application/json`.
    public static let json = ParameterEncoder(kind: .json)

    /// A URL-encoded form sent to `destination`.
    public static func urlEncodedForm(destination: Destination) -> ParameterEncoder {
        ParameterEncoder(kind: .form(destination))
    }

    /// Encodes `parameters` into a request of `method` to `url` with `headers`: adds the query to
    /// `url` or a `Content-Type` to `headers`, and returns the body, if any.
    ///
    /// - Throws: ``ParameterEncodingError`` when the value cannot be encoded (a top-level
    ///   value that is not keyed, a number JSON cannot write).
    func encode<Parameters: Encodable>(
        _ parameters: Parameters, method: HTTPMethod, url: inout String, headers: inout HTTPHeaders
    ) throws(ParameterEncodingError) -> Data? {
        switch kind {
        case .json:
            if headers["content-type"] == nil { headers.add(name: "Content-Type", value: "application/json") }
            do {
                return try JSONEncoder().encode(parameters)
            } catch {
                throw ParameterEncodingError(reason: "\(error)")
            }
        case .form(let destination):
            let query = try FormEncoding.query(of: parameters)
            let inQuery = switch destination {
            case .queryString: true
            case .httpBody: false
            case .methodDependent: [.get, .head, .delete].contains(method)
            }
            if inQuery {
                url = FormEncoding.url(url, adding: query)
                return nil
            }
            if headers["content-type"] == nil {
                headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")
            }
            return Data(query.utf8)
        }
    }
}

/// Why parameters could not be encoded.
public struct ParameterEncodingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let reason: String

    /// What went wrong, in words: "the parameters could not be encoded: …".
    public var description: String { "the parameters could not be encoded: \(reason)" }
}

/// The URL-encoded form: a value as the tree JSON gives it, then written as sorted pairs.
enum FormEncoding {
    /// A value of the tree: what JSON can hold, booleans told from numbers.
    indirect enum Value: Decodable {
        case null
        case bool(Bool)
        case integer(Int64)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let members = try? single.decode([String: Value].self) {
                self = .object(members)
            } else if let elements = try? single.decode([Value].self) {
                self = .array(elements)
            } else if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? single.decode(Int64.self) {
                self = .integer(integer)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// `parameters` as a query: `a=1&b%5B%5D=x&b%5B%5D=y`, keys sorted.
    static func query<Parameters: Encodable>(of parameters: Parameters) throws(ParameterEncodingError) -> String {
        let tree: Value
        do {
            tree = try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(parameters))
        } catch {
            throw ParameterEncodingError(reason: "\(error)")
        }
        guard case .object(let members) = tree else {
            throw ParameterEncodingError(reason: "a URL-encoded form needs keyed parameters (a struct or a dictionary)")
        }
        var pairs: [String] = []
        for key in members.keys.sorted() {
            append(members[key]!, key: key, to: &pairs)
        }
        return pairs.joined(separator: "&")
    }

    /// The pairs of `value` under `key`: elements under `key[]`, members under `key[member]`, sorted; null as empty.
    private static func append(_ value: Value, key: String, to pairs: inout [String]) {
        switch value {
        case .array(let elements):
            for element in elements { append(element, key: key + "[]", to: &pairs) }
        case .object(let members):
            for member in members.keys.sorted() { append(members[member]!, key: key + "[" + member + "]", to: &pairs) }
        case .null: pairs.append(escaped(key) + "=")
        case .bool(let bool): pairs.append(escaped(key) + "=" + (bool ? "1" : "0"))
        case .integer(let integer): pairs.append(escaped(key) + "=" + String(integer))
        case .number(let number): pairs.append(escaped(key) + "=" + escaped(number.description))
        case .string(let string): pairs.append(escaped(key) + "=" + escaped(string))
        }
    }

    /// `text` with every byte of its UTF-8 but RFC 3986's unreserved characters as `%XX`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// `url` with `query` added to the query it has (after `&`), before any fragment.
    static func url(_ url: String, adding query: String) -> String {
        guard !query.isEmpty else { return url }
        var base = Substring(url)
        var fragment = Substring("")
        if let hash = url.firstIndex(of: "#") {
            base = url[..<hash]
            fragment = url[hash...]
        }
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + query + fragment
    }
}
