/// The one gate for text from outside (what the server sends, what a user typed) on its way to
/// a terminal, a TSV field, the line format or stderr.
///
/// A control character in such text would be obeyed by the terminal rather than shown: an `ESC ] 0 ; … BEL` sets the
/// window title, `ESC [ 2 J` clears the screen, a C1 `CSI` (U+009B) does the same in one byte on terminals that take
/// 8-bit controls, and the bidirectional overrides reorder what the reader sees. Every such character becomes a visible
/// stand-in; the rest of the text is kept. JSON keeps the text and escapes the same characters instead
/// (`JSONFormatter`), using ``isControl(_:)``.
///
/// The formatters' own tabs, newlines and colours are added after the gate, so they still work.
public enum UntrustedText {
    /// What replaces a control character: U+FFFD REPLACEMENT CHARACTER, one column wide.
    public static let standIn: Unicode.Scalar = "\u{FFFD}"

    /// True for the characters that never reach a terminal as they are: C0 controls (U+0000–U+001F, tab and line feed
    /// among them), DEL (U+007F), C1 controls (U+0080–U+009F), and the bidirectional embeddings, overrides
    /// (U+202A–U+202E) and isolates (U+2066–U+2069).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The text made safe to print: every tab and line break (CR, LF, CR LF, NEL, U+2028, U+2029, …) becomes a space,
    /// so that a value stays within its field and its line; with `keepingLineFeeds`, a line feed stays (a message of
    /// several lines). Every other ``isControl(_:)`` character becomes ``standIn``.
    public static func sanitized(_ text: String, keepingLineFeeds: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var out = String.UnicodeScalarView()
        for character in text {
            if character == "\n", keepingLineFeeds {
                out.append("\n")
            } else if character == "\t" || character.isNewline {
                out.append(" ")
            } else {
                for scalar in character.unicodeScalars {
                    out.append(isControl(scalar) ? standIn : scalar)
                }
            }
        }
        return String(out)
    }

    /// True for a scalar that `sanitized` changes: a control, or a line break that is not one
    /// (U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR).
    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
