#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension MockHTTPHandler {
    /// The `Authorization` value of HTTP Basic for `user` and `password` (RFC 7617).
    static func basicCredentials(user: String, password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
