import Foundation

/// Parses JSON (throws when it is not valid JSON).
func parseJSON(_ bytes: [UInt8]) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(bytes))
}

/// A parsed value written again with sorted keys, to compare two values whatever their layout.
func canonicalJSON(_ value: Any) throws -> Data {
    try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
}
