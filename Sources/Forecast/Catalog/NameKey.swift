/// The folded form in which names are compared: what people type differently for the same
/// name (case, full or half width, spaces, hyphens, long vowels, katakana or hiragana) made equal.
///
/// `Tōkyō`, `TOKYO`, `toukyou` and `Tokyo` fold to `tokyo`; `トウキョウ`, `ﾄｳｷｮｳ`, `トーキョー` and `とうきょう` to `ときょ`.
/// Scripts/generate-catalog.py folds the catalog's names the same way (its `fold` mirrors this one, and a test checks
/// every key), so only the argument is folded at run time.
enum NameKey {
    static func fold(_ text: String) -> String {
        var scalars: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            var value = scalar.value
            switch value {
            case 0xFF01...0xFF5E: value -= 0xFEE0              // full-width ASCII
            case 0xFF61...0xFF9F:                              // half-width katakana
                if let kana = halfWidthKana(value, previous: scalars.last) {
                    if value == 0xFF9E || value == 0xFF9F { scalars.removeLast() }
                    scalars.append(kana)
                }
                continue
            default: break
            }
            if (0x41...0x5A).contains(value) { value += 0x20 } // ASCII capitals
            if let plain = plainVowels[value] { value = plain }
            if dropped.contains(value) { continue }
            if (0x30A1...0x30F6).contains(value) { value -= 0x60 } // katakana → hiragana
            scalars.append(Unicode.Scalar(value)!)
        }
        var folded = String(String.UnicodeScalarView(scalars))
        if folded.utf8.contains(where: { $0 < 0x80 }) {
            for (long, short) in romajiSpellings {
                while folded.contains(long) { folded = folded.replacing(long, with: short) }
            }
        }
        var out = String.UnicodeScalarView()
        var last: Unicode.Scalar?
        for scalar in folded.unicodeScalars {
            if let last, (scalar == "う" && (oRow.contains(last) || uRow.contains(last))) || (scalar == "お" && oRow.contains(last)) {
                continue
            }
            out.append(scalar)
            last = scalar
        }
        return String(out)
    }

    /// Katakana turned into hiragana; everything else as it is.
    static func hiragana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            (0x30A1...0x30F6).contains($0.value) ? Unicode.Scalar($0.value - 0x60)! : $0
        }))
    }

    /// Spaces, hyphens, dashes, the long-vowel mark, the middle dot, apostrophes and points.
    private static let dropped: Set<UInt32> = [0x20, 0x3000, 0x2D, 0x2010, 0x2212, 0x30FC, 0x30FB, 0x27, 0x2019, 0x2E]

    /// Vowels with a macron or circumflex, lower case (upper case is lowered first where it is ASCII).
    private static let plainVowels: [UInt32: UInt32] = [
        0x101: 0x61, 0x113: 0x65, 0x12B: 0x69, 0x14D: 0x6F, 0x16B: 0x75,
        0x100: 0x61, 0x112: 0x65, 0x12A: 0x69, 0x14C: 0x6F, 0x16A: 0x75,
        0xE2: 0x61, 0xEA: 0x65, 0xEE: 0x69, 0xF4: 0x6F, 0xFB: 0x75,
        0xC2: 0x61, 0xCA: 0x65, 0xCE: 0x69, 0xD4: 0x6F, 0xDB: 0x75,
    ]

    /// Long vowels written out (Toukyou, Oosaka) and ん before b or p (Mombetsu, Monbetsu).
    private static let romajiSpellings = [("ou", "o"), ("oo", "o"), ("uu", "u"), ("mb", "nb"), ("mp", "np")]

    /// Hiragana whose vowel is o, after which う or お only lengthens it.
    private static let oRow = Set("おこごそぞとどのほぼぽもよょろをぉ".unicodeScalars)
    /// Hiragana whose vowel is u, after which う only lengthens it.
    private static let uRow = Set("うくぐすずつづぬふぶぷむゆゅるぅ".unicodeScalars)

    /// The full-width hiragana of a half-width katakana; the voicing marks (ﾞ, ﾟ) combine with
    /// the kana before them. Nil for the half-width punctuation that folding drops.
    private static func halfWidthKana(_ value: UInt32, previous: Unicode.Scalar?) -> Unicode.Scalar? {
        if value == 0xFF9E || value == 0xFF9F {
            guard let previous else { return nil }
            let voiced = value == 0xFF9E ? 1 : 2
            let base = previous.value
            // か…ど take ゛ one code point on; は…ほ take ゛ one on and ゜ two on.
            let canVoice = (0x304B...0x3062).contains(base) && base % 2 == 1
                || (0x3064...0x3069).contains(base) && base % 2 == 0
                || (0x306F...0x307D).contains(base) && (base - 0x306F) % 3 == 0
            guard canVoice, voiced == 1 || (0x306F...0x307D).contains(base) else { return nil }
            return Unicode.Scalar(base + UInt32(voiced))
        }
        guard let katakana = halfWidthTable[value] else { return nil }
        return Unicode.Scalar(katakana - 0x60)
    }

    /// Half-width katakana (U+FF66…U+FF9D) to their full-width katakana.
    private static let halfWidthTable: [UInt32: UInt32] = {
        let full = Array("ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン".unicodeScalars)
        var table: [UInt32: UInt32] = [:]
        for (offset, scalar) in full.enumerated() where scalar != "ー" {
            table[0xFF66 + UInt32(offset)] = scalar.value
        }
        return table
    }()
}
