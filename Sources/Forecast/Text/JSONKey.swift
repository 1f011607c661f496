/// The one key type every forecast type decodes with.
///
/// The Swift runtime checks a key type's conformance to `CodingKey` the first time a container
/// is made for it, and on this static binary each such check scans every conformance record
/// in it. One key type for all thirteen objects of a response makes that one scan instead of
/// thirteen, for every run that decodes a forecast, from the network or from the cache.
struct JSONKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String

    init(stringLiteral name: String) {
        stringValue = name
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    var intValue: Int? { nil }

    init?(intValue: Int) {
        nil
    }
}
