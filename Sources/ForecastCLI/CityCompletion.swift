import Forecast

/// What Tab offers for a city argument: the `cities` and `week` subcommands in first place, then the IDs,
/// names, readings and romaji of the catalog cities that start with what is typed, then the
/// prefectures.
///
/// Case does not matter, as it does not for the tool itself, but each candidate starts with
/// exactly what was typed (`Tok` → `Tokyo`), because the shell keeps only the candidates that
/// do.
enum CityCompletion {
    /// The candidates for the word being completed (swift-argument-parser's `.custom` closure:
    /// the words of the command line, the index of the word being completed, and its prefix).
    @Sendable static func candidates(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        var found: [String] = []
        func offer(_ form: String) {
            guard !form.isEmpty, !form.contains(" "), form.lowercased().hasPrefix(prefix.lowercased()) else { return }
            let candidate = prefix + form.dropFirst(prefix.count)
            if !found.contains(candidate) { found.append(candidate) }
        }
        // `forecast ci<Tab>`: the first word after the command may be a subcommand.
        if words.prefix(index).dropFirst().isEmpty {
            offer("cities")
            offer("week")
        }
        for city in CityCatalog.all {
            for form in [city.id, city.name, city.romaji.lowercased(), city.english.lowercased(), city.hiragana, city.kana] {
                offer(form)
            }
        }
        for prefecture in CityCatalog.allPrefectures {
            for form in [prefecture.name, prefecture.romaji.lowercased(), prefecture.hiragana, prefecture.kana] {
                offer(form)
            }
        }
        return found
    }
}
