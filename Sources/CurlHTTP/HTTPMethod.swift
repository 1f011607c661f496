/// An HTTP request method, such as `GET` or `POST`.
///
/// libcurl: `CURLOPT_NOBODY` for `HEAD`, `CURLOPT_POST` for `POST`, `CURLOPT_CUSTOMREQUEST` otherwise.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method as sent, e.g. "GET".
    public let rawValue: String

    /// A method by name, for one without a constant here; send it in upper case.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`: fetch a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: a `GET` without the body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: send data to be processed (not retried).
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: change part of a resource (not retried).
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: ask what the server allows.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// The method's name, e.g. "GET".
    public var description: String { rawValue }
}
