import Foundation
import Testing

@testable import MockAPI
import TestSupport

/// The order-keeping JSON the mock rewrites files with.
@Suite("JSON values")
struct JSONValueTests {
    @Test(
        "Every agency sample (compact or 4-space) and the API's 4-space bodies are written back byte for byte",
        arguments: try FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path + "/jma")
            .filter { $0.hasSuffix(".json") }.sorted().map { "jma/" + $0 } + ["130010.json", "140010.json"])
    func roundTrip(name: String) throws {
        let bytes = try fixtureBytes(name)
        let value = try JSONValue(parsing: bytes)
        let layout = JSONValue.Layout(of: bytes)
        #expect(Array(value.text(layout).utf8) == bytes.trimmingSuffix(while: { $0 == 0x0A }))
    }

    @Test("Escapes are read (surrogate pairs included) and written as the API writes them")
    func escapes() throws {
        let value = try JSONValue(parsing: Array(#"["a\"b\\c\/d\u00e9\ud83d\ude00\n\t\u0001", 1.5e3, true, null, {}]"#.utf8))
        #expect(value == .array([.string("a\"b\\c/dé😀\n\t\u{01}"), .number("1.5e3"), .bool(true), .null, .object([])]))
        #expect(value.text(.compact) == #"["a\"b\\c/dé😀\n\t\u0001",1.5e3,true,null,{}]"#)
        #expect(JSONValue.object([.init(key: "k", value: .array([]))]).text(.pretty) == "{\n    \"k\": []\n}")
    }

    @Test("Text that is not JSON is refused", arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"\u{01}\"", "[1] x", "-", "\"\\x\""])
    func invalid(text: String) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: Array(text.utf8)) }
    }

    @Test("Subscripts read null where nothing is, and write nothing into the wrong kind of value")
    func subscripts() throws {
        var value = try JSONValue(parsing: Array(#"{"a": [1, {"b": "c"}]}"#.utf8))
        #expect(value["a"][1]["b"] == .string("c"))
        #expect(value["x"][3]["y"] == .null)
        value["a"][1]["b"] = .string("d")
        value["a"][5] = .null
        value["a"][0]["z"] = .null
        value["e"] = .bool(false)
        #expect(value.text(.compact) == #"{"a":[1,{"b":"d"}],"e":false}"#)
    }
}

extension Array where Element == UInt8 {
    /// The bytes without a trailing run of those matching `predicate`.
    fileprivate func trimmingSuffix(while predicate: (UInt8) -> Bool) -> [UInt8] {
        var end = endIndex
        while end > startIndex, predicate(self[end - 1]) { end -= 1 }
        return Array(self[..<end])
    }
}
