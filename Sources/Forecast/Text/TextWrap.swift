/// Breaks text into lines of at most a given number of terminal cells.
///
/// Lines break at spaces (ASCII or the ideographic U+3000, which the API puts between phrases), and between any two
/// wide characters, since Japanese has no spaces between words; a word of narrow characters breaks only when it is
/// wider than a whole line. A line never starts with a closing mark (、。」…): the character before it moves down with it.
/// Text made of pieces that must stay whole (a table's footer of names and dates) wraps only between them.
package enum TextWrap {
    /// The closing marks no line may start with (the basic rule of Japanese line breaking).
    static let closing: Set<Character> = ["、", "。", "，", "．", "）", "」", "』", "】", "〕", "・", "ー", "ッ", "ャ", "ュ", "ョ", "っ", "ゃ", "ゅ", "ょ", ",", ".", ")"]

    /// `text` (one paragraph, no line feeds) in lines of at most `width` cells (at least 1).
    package static func lines(_ text: String, width: Int) -> [String] {
        let width = max(width, 2)
        var lines: [String] = []
        var line: [Character] = []
        var lineWidth = 0

        func flush() {
            while let last = line.last, isSpace(last) { line.removeLast() }
            lines.append(String(line))
            line = []
            lineWidth = 0
        }

        for token in tokens(text) {
            let tokenWidth = DisplayWidth.of(String(token))
            if token.count == 1, isSpace(token[0]) {
                // A space at a break disappears; one at a paragraph's start is its indent.
                if lineWidth + tokenWidth > width {
                    flush()
                } else {
                    line += token
                    lineWidth += tokenWidth
                }
                continue
            }
            if lineWidth + tokenWidth > width, !line.isEmpty {
                var carried: [Character] = []
                if let first = token.first, closing.contains(first), line.count > 1, let last = line.last, !isSpace(last) {
                    carried = [line.removeLast()]
                }
                flush()
                line = carried
                lineWidth = DisplayWidth.of(String(carried))
            }
            if tokenWidth > width {
                // A word wider than a line: cut it where it fills the line.
                for character in token {
                    let characterWidth = DisplayWidth.of(character)
                    if lineWidth + characterWidth > width, !line.isEmpty { flush() }
                    line.append(character)
                    lineWidth += characterWidth
                }
                continue
            }
            line += token
            lineWidth += tokenWidth
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// `pieces` in lines of at most `width` cells, breaking only between pieces: a piece (a name, a date) is never cut,
    /// and one wider than a line has a line to itself, wider than asked. Each piece carries the separator that follows
    /// it ("東京、", "Tokyo, ", "発表 "); a separator's spaces at the end of a line are dropped. Lines after the first start
    /// with `indent` spaces.
    static func lines(pieces: [String], width: Int, indent: Int = 0) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0  // the last piece's separator included
        var first = true
        for piece in pieces {
            if !first, lineWidth + DisplayWidth.of(trimmingTrailingSpaces(piece)) > width {
                lines.append(trimmingTrailingSpaces(line))
                line = String(repeating: " ", count: indent)
                lineWidth = indent
            }
            line += piece
            lineWidth += DisplayWidth.of(piece)
            first = false
        }
        lines.append(trimmingTrailingSpaces(line))
        return lines
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var characters = Array(text)
        while let last = characters.last, isSpace(last) { characters.removeLast() }
        return String(characters)
    }

    /// The units a line may break between: a space, a wide character, or a run of narrow ones.
    private static func tokens(_ text: String) -> [[Character]] {
        var tokens: [[Character]] = []
        var word: [Character] = []
        for character in text {
            if isSpace(character) || DisplayWidth.of(character) == 2 {
                if !word.isEmpty { tokens.append(word) }
                word = []
                tokens.append([character])
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { tokens.append(word) }
        return tokens
    }

    private static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\u{3000}"
    }
}
