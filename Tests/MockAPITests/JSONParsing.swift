import Foundation

/// Parses JSON (throws when it is not valid JSON).
func parseJSON(_ bytes: [UInt8]) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(bytes))
}
