/// An area or an AMeDAS point as the agency's file names it: its code and its name.
///
/// Areas have 6-digit codes ("130010" 東京地方, "130100" 伊豆諸島 in the weekly forecast), AMeDAS points 5-digit ones
/// ("44132" 東京). The name is the file's text and passes the untrusted-text gate before it is printed.
public struct AgencyPlace: Sendable, Hashable {
    /// The code: "130010", "44132".
    public let code: String
    /// The name as the file writes it: "東京地方", "東京".
    public let name: String

    /// A place of this code and name.
    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }

    /// "130010 東京地方", for messages.
    var label: String { name.isEmpty ? code : "\(code) \(name)" }
}

extension AgencyPlace: Decodable {
    /// Decodes a file's `area` object: `code` is required, `name` may be missing ("").
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        code = try container.decode(String.self, forKey: "code")
        name = try container.decodeIfPresent(String.self, forKey: "name") ?? ""
    }
}
