import Forecast

/// What Tab offers, worked out by the command itself from the option table and the commands:
/// the shells' scripts (``CompletionScript``) hand it the words typed so far
/// (`forecast ---complete -- <word>... <word being typed>`) and offer what it prints.
///
/// The words are read as the scanner reads a run: the first operand that names a command makes the rest that command's,
/// an option that takes a value takes the next word, `--` ends the options. So the options, their values and the cities
/// offered are always the ones the run would accept there.
enum Completion {
    /// A word to offer, with what it is (shown by zsh and fish; bash shows the words only).
    struct Candidate: Equatable {
        let word: String
        var help = ""
    }

    /// What fits the word being typed.
    enum Answer: Equatable {
        case words([Candidate])
        /// A path: the shell completes it itself (`--cacert`).
        case files
    }

    /// The answer for `words`, the words after the program's name, the last being the one
    /// typed so far (empty after a space).
    static func answer(_ words: [String]) -> Answer {
        let typed = words.last ?? ""
        var command = Registry.threeDay
        var operands = 0
        var optionsEnded = false
        var takesValue: OptionSpec?
        for word in words.dropLast() {
            if takesValue != nil {
                takesValue = nil
            } else if optionsEnded || word == "-" || !word.hasPrefix("-") {
                if operands == 0, !word.isEmpty, let named = Registry.command(named: word) {
                    command = named
                }
                operands += 1
            } else if word == "--" {
                optionsEnded = true
            } else if word.hasPrefix("--") {
                let name = word.dropFirst(2).prefix { $0 != "=" }
                if let spec = Registry.option(long: name), spec.takesValue, !word.contains("=") {
                    takesValue = spec
                }
            } else {
                // A cluster of letters: one that takes a value takes the rest, or the next word.
                for (offset, letter) in word.dropFirst().enumerated() {
                    guard let spec = Registry.option(short: letter), spec.takesValue else { continue }
                    if offset == word.count - 2 { takesValue = spec }
                    break
                }
            }
        }
        if let spec = takesValue {
            return values(of: command.option(long: spec.long) ?? spec, typed: typed, before: "")
        }
        if !optionsEnded, typed.hasPrefix("--"), let equals = typed.firstIndex(of: "=") {
            guard let spec = command.option(long: typed[typed.index(typed.startIndex, offsetBy: 2)..<equals]), spec.takesValue else {
                return .words([])
            }
            return values(of: spec, typed: String(typed[typed.index(after: equals)...]), before: String(typed[...equals]))
        }
        if !optionsEnded, typed.hasPrefix("-"), typed != "-" {
            let offered = command.options.map { Candidate(word: "--" + $0.long, help: $0.help) }
            return .words(offered.filter { $0.word.hasPrefix(typed) })
        }
        var offered: [Candidate] = []
        if operands == 0 {
            offered = Registry.commands.dropFirst().filter { $0.name.hasPrefix(typed) }
                .map { Candidate(word: $0.name, help: $0.help().summary) }
        }
        if command.operand == .cities {
            offered += cities(startingWith: typed).map { Candidate(word: $0) }
        }
        return .words(offered)
    }

    /// The values of `spec` that start with `typed`, each after `before` (the `--name=` of a
    /// value typed in the same word).
    private static func values(of spec: OptionSpec, typed: String, before: String) -> Answer {
        switch spec.completion {
        case .files:
            return before.isEmpty ? .files : .words([])
        case .values(let values):
            return .words(values().filter { $0.hasPrefix(typed) }.map { Candidate(word: before + $0) })
        }
    }

    /// The IDs, names, readings and romaji of the catalog's cities that start with `prefix`, then its prefectures',
    /// each once. Case does not matter, as it does not for the tool, but each keeps exactly what was typed as its start
    /// (`Tok` → `Tokyo`): a shell offers only words that start with what is typed.
    static func cities(startingWith prefix: String) -> [String] {
        var found: [String] = []
        func offer(_ form: String) {
            guard !form.isEmpty, !form.contains(" "), form.lowercased().hasPrefix(prefix.lowercased()) else { return }
            let candidate = prefix + form.dropFirst(prefix.count)
            if !found.contains(candidate) { found.append(candidate) }
        }
        CityCatalog.all.flatMap { [$0.id, $0.name, $0.romaji.lowercased(), $0.english.lowercased(), $0.hiragana, $0.kana] }.forEach(offer)
        CityCatalog.allPrefectures.flatMap { [$0.name, $0.romaji.lowercased(), $0.hiragana, $0.kana] }.forEach(offer)
        return found
    }

    /// What `forecast ---complete` prints: a word a line, each with a tab and its help where it
    /// has one; for a path, the one line `<TAB>files`.
    static func text(_ answer: Answer) -> String {
        switch answer {
        case .files:
            return "\tfiles\n"
        case .words(let candidates):
            return candidates.map { candidate in
                // The help's first line, without the tabs and newlines that would split it.
                let help = candidate.help.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
                return help.isEmpty ? candidate.word + "\n" : candidate.word + "\t" + help + "\n"
            }.joined()
        }
    }
}
