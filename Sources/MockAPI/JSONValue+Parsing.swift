/// Reading JSON text (RFC 8259) into a ``JSONValue``.
extension JSONValue {
    /// Why a text is not JSON.
    struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The byte offset where reading stopped.
        var offset: Int
        /// What was expected there.
        var problem: String

        var description: String {
            "is not valid JSON at byte \(offset): \(problem)"
        }
    }

    /// Parses one JSON value filling `bytes` (whitespace around it allowed).
    init(parsing bytes: some Collection<UInt8>) throws(ParseError) {
        var parser = Parser(bytes: Array(bytes))
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == parser.bytes.count else {
            throw ParseError(offset: parser.offset, problem: "text after the value")
        }
        self = value
    }

    /// A recursive-descent reader over UTF-8 bytes.
    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        /// Deeper nesting than this is refused rather than risking the stack.
        static let maximumDepth = 512

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < Self.maximumDepth else {
                throw ParseError(offset: offset, problem: "nested too deeply")
            }
            skipWhitespace()
            guard let byte = peek() else {
                throw ParseError(offset: offset, problem: "a value, not the end")
            }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        private mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            var members: [Member] = []
            try items(closedBy: "}") { parser throws(ParseError) in
                parser.skipWhitespace()
                guard parser.peek() == UInt8(ascii: "\"") else {
                    throw ParseError(offset: parser.offset, problem: "a member name in quotes")
                }
                let key = try parser.string()
                parser.skipWhitespace()
                try parser.expect(":")
                members.append(Member(key: key, value: try parser.value(depth: depth + 1)))
            }
            return .object(members)
        }

        private mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            var elements: [JSONValue] = []
            try items(closedBy: "]") { parser throws(ParseError) in
                elements.append(try parser.value(depth: depth + 1))
            }
            return .array(elements)
        }

        /// Reads what stands between an opening bracket and `close`: nothing, or items that
        /// `item` reads, separated by commas.
        private mutating func items(
            closedBy close: Unicode.Scalar, _ item: (inout Parser) throws(ParseError) -> Void
        ) throws(ParseError) {
            offset += 1
            skipWhitespace()
            if peek() == UInt8(ascii: close) {
                offset += 1
                return
            }
            while true {
                try item(&self)
                skipWhitespace()
                if peek() == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                try expect(close)
                return
            }
        }

        private mutating func string() throws(ParseError) -> String {
            offset += 1
            var text: [UInt8] = []
            while let byte = peek() {
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &text)
                case ..<0x20:
                    throw ParseError(offset: offset - 1, problem: "a control character inside a string")
                default:
                    text.append(byte)
                }
            }
            throw ParseError(offset: offset, problem: "the end of a string")
        }

        /// Reads the escape after a backslash and appends its UTF-8 bytes.
        private mutating func escape(into text: inout [UInt8]) throws(ParseError) {
            guard let byte = peek() else {
                throw ParseError(offset: offset, problem: "an escape, not the end")
            }
            offset += 1
            // The one-letter escapes, and what each stands for in the same order.
            if let index = Array(#""\/bfnrt"#.utf8).firstIndex(of: byte) {
                return text.append(Array("\"\\/\u{8}\u{C}\n\r\t".utf8)[index])
            }
            guard byte == UInt8(ascii: "u") else {
                throw ParseError(offset: offset - 1, problem: "a known escape after \\")
            }
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar), bytes[offset...].starts(with: Array("\\u".utf8)) {
                offset += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
            }
            text.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        }

        private mutating func hex4() throws(ParseError) -> UInt32 {
            guard offset + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
            else {
                throw ParseError(offset: offset, problem: "four hex digits after \\u")
            }
            offset += 4
            return value
        }

        /// A number's text, checked against JSON's grammar.
        private mutating func number() throws(ParseError) -> String {
            let start = offset
            func digits(_ parser: inout Parser) -> Int {
                let first = parser.offset
                while let byte = parser.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    parser.offset += 1
                }
                return parser.offset - first
            }
            if peek() == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else {
                throw ParseError(offset: start, problem: "a value")
            }
            if peek() == UInt8(ascii: ".") {
                offset += 1
                guard digits(&self) > 0 else { throw ParseError(offset: offset, problem: "digits after .") }
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                offset += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
                guard digits(&self) > 0 else { throw ParseError(offset: offset, problem: "an exponent") }
            }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        private mutating func literal(_ word: String) throws(ParseError) {
            guard bytes[offset...].starts(with: word.utf8) else {
                throw ParseError(offset: offset, problem: "a value")
            }
            offset += word.utf8.count
        }

        private mutating func expect(_ character: Unicode.Scalar) throws(ParseError) {
            guard peek() == UInt8(ascii: character) else {
                throw ParseError(offset: offset, problem: "\"\(character)\"")
            }
            offset += 1
        }

        func peek() -> UInt8? {
            offset < bytes.count ? bytes[offset] : nil
        }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                offset += 1
            }
        }
    }
}
