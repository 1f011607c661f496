@testable import Forecast
import Foundation
import Testing

@Suite("Byte search")
struct ByteSearchTests {
    @Test("Finds the first occurrence, in the slice's own indices; nil when absent or too short")
    func firstRange() {
        let body = Data(#"{"error":"x","error":"y"}"#.utf8)
        #expect(ByteSearch.firstRange(of: "\"error\"", in: body) == 1..<8)
        #expect(ByteSearch.firstRange(of: "{", in: body) == 0..<1)
        #expect(ByteSearch.firstRange(of: "}", in: body) == 24..<25)
        #expect(ByteSearch.firstRange(of: "\"errors\"", in: body) == nil)
        #expect(ByteSearch.firstRange(of: "", in: body) == nil)
        #expect(ByteSearch.firstRange(of: "x", in: Data()) == nil)
        #expect(ByteSearch.firstRange(of: "longer than it", in: Data("short".utf8)) == nil)
        // A partial match first ("\"e" then a quote), then the whole one.
        #expect(ByteSearch.firstRange(of: "\"er\"", in: Data(#""e""er""#.utf8)) == 3..<7)
        // A slice keeps its parent's indices.
        let tail = body[10...]
        #expect(ByteSearch.firstRange(of: "\"error\"", in: tail) == 13..<20)
        #expect(ByteSearch.firstRange(of: "\"error\"", in: body.prefix(7)) == nil)
    }
}
