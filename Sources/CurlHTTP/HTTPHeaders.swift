/// One header field as it was sent or received.
public struct HTTPHeader: Hashable, Sendable {
    /// The field name, as written (compared without regard to case).
    public var name: String
    /// The field value, without surrounding spaces.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of header fields whose names are compared without regard to case.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    private var fields: [HTTPHeader] = []

    /// An empty list.
    public init() {}

    /// A list of these fields, in this order.
    public init(_ fields: [HTTPHeader]) {
        self.fields = fields
    }

    /// A list of these fields, in this order: `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HTTPHeader(name: $0.0, value: $0.1) }
    }

    /// The value of the first field called `name` (any case), or nil.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value of the fields called `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Appends a field, keeping any earlier one of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(HTTPHeader(name: name, value: value))
    }

    /// Replaces every field called `name` (any case) with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
        fields.append(HTTPHeader(name: name, value: value))
    }

    /// The fields of `self`, then those of `other` whose names `self` does not have.
    public func merging(defaults other: HTTPHeaders) -> HTTPHeaders {
        var merged = self
        for field in other where self[field.name] == nil {
            merged.add(name: field.name, value: field.value)
        }
        return merged
    }

    /// The number of fields, repeats included.
    public var count: Int { fields.count }
    /// True when there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[HTTPHeader]> {
        fields.makeIterator()
    }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

extension String {
    /// ASCII case-insensitive equality, which is what HTTP field names use.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
        }
    }
}
