/// How many terminal cells text takes: East Asian Wide and Fullwidth characters take two,
/// combining marks and zero-width characters none, everything else one.
public enum DisplayWidth {
    /// The cells `text` takes: the sum of its characters' widths.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The width of one grapheme: that of its first scalar (emoji sequences count as wide).
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        return of(first)
    }

    /// The cells one scalar takes: 0 for controls, combining marks and zero-width characters, 2 for East Asian Wide and Fullwidth ones, else 1.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 || (v < 0x20) || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x1100 {
            return isCombining(v) ? 0 : 1
        }
        if isZeroWidth(v) { return 0 }
        return isWide(v) ? 2 : 1
    }

    private static func isCombining(_ v: UInt32) -> Bool {
        (0x0300...0x036F).contains(v) || (0x0483...0x0489).contains(v) || (0x0591...0x05BD).contains(v)
    }

    private static func isZeroWidth(_ v: UInt32) -> Bool {
        (0x200B...0x200F).contains(v) || (0x20D0...0x20FF).contains(v) || (0xFE00...0xFE0F).contains(v)
            || (0x3099...0x309A).contains(v) || v == 0xFEFF || (0xE0100...0xE01EF).contains(v)
    }

    /// East Asian Width W and F, in the blocks Japanese text uses, plus emoji.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F,  // Hangul Jamo initials
             0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
             0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
             0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
             0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0,
             0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols (U+3000 included)
             0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, Kanbun, CJK strokes, enclosed, compatibility
             0x3400...0x4DBF,  // CJK Extension A
             0x4E00...0x9FFF,  // CJK Unified Ideographs
             0xA000...0xA4CF,  // Yi
             0xA960...0xA97F,  // Hangul Jamo Extended-A
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE10...0xFE19,  // vertical forms
             0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
             0xFF00...0xFF60,  // fullwidth forms
             0xFFE0...0xFFE6,  // fullwidth signs
             0x16FE0...0x18CFF, 0x1B000...0x1B2FF,  // Tangut, Kana supplement and extensions
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
             0x1F300...0x1F64F,  // pictographs and emoticons (most are wide)
             0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x3FFFD:  // CJK Extensions B and later
            return true
        default:
            return false
        }
    }

    /// `text` followed by spaces up to `width` cells (nothing added if it is already wider).
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// Spaces up to `width` cells, then `text`.
    public static func padLeft(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? String(repeating: " ", count: missing) + text : text
    }
}
