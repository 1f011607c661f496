/// A JSON value that keeps the order of its objects' members and the text of its numbers, so
/// that a file read and written again keeps its shape: the agency's files are rewritten member by
/// member for templates and release stamps, and the API's bodies for release stamps.
///
/// Reading a missing member or element gives ``null``; writing one into a value of the wrong kind (or past the end of
/// an array) does nothing, so a chain of subscripts on a file of an unexpected shape changes nothing rather than
/// trapping.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as its text in the source (`80`, `-1.5e3`), so it is written back unchanged.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONValue
    }

    /// The value of member `key` (the first, if repeated); ``null`` when absent. Setting a
    /// member replaces its value in place, or appends it when the object has none.
    subscript(key: String) -> JSONValue {
        get {
            guard case .object(let members) = self else { return .null }
            return members.first { $0.key == key }?.value ?? .null
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append(Member(key: key, value: newValue))
            }
            self = .object(members)
        }
    }

    /// The element at `index`; ``null`` when out of range. Setting one out of range does nothing.
    subscript(index: Int) -> JSONValue {
        get {
            guard case .array(let elements) = self, elements.indices.contains(index) else { return .null }
            return elements[index]
        }
        set {
            guard case .array(var elements) = self, elements.indices.contains(index) else { return }
            elements[index] = newValue
            self = .array(elements)
        }
    }

    var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    var array: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// An object of string members, in order.
    static func strings(_ members: KeyValuePairs<String, String>) -> JSONValue {
        .object(members.map { Member(key: $0.key, value: .string($0.value)) })
    }

    /// The value with `transform` applied to every string in it, keys excepted.
    func mappingStrings(_ transform: (String) -> String) -> JSONValue {
        switch self {
        case .string(let text):
            .string(transform(text))
        case .array(let elements):
            .array(elements.map { $0.mappingStrings(transform) })
        case .object(let members):
            .object(members.map { Member(key: $0.key, value: $0.value.mappingStrings(transform)) })
        case .null, .bool, .number:
            self
        }
    }
}
