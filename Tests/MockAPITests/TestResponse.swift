/// A response as the test client read it.
struct TestResponse {
    var status: Int
    /// Header lines in order, names as sent.
    var headers: [(name: String, value: String)]
    var body: [UInt8] = []

    /// Parses the status line and the header lines (without the blank line).
    init(head: [UInt8]) throws {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw TestClientError.badHead(String(lines[0]))
        }
        self.status = status
        self.headers = try lines.dropFirst().map { line in
            guard let colon = line.firstIndex(of: ":") else {
                throw TestClientError.badHead(String(line))
            }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            return (String(line[..<colon]), String(value))
        }
    }

    /// The first value of a header, by case-insensitive name.
    func header(_ name: String) -> String? {
        self.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body decoded as UTF-8.
    var text: String {
        String(decoding: self.body, as: UTF8.self)
    }
}
