import Forecast

/// What Tab offers for a city argument: the `cities` subcommand in first place, then the IDs,
/// names and romaji of the catalog cities that start with what is typed, then prefectures.
enum CityCompletion {
    /// The candidates for the word being completed (swift-argument-parser's `.custom` closure:
    /// the words of the command line, the index of the word being completed, and its prefix).
    @Sendable static func candidates(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        var found: [String] = []
        // `forecast ci<Tab>`: the first word after the command may be the subcommand.
        let earlierWords = words.prefix(index).dropFirst()
        if earlierWords.isEmpty, "cities".hasPrefix(prefix) {
            found.append("cities")
        }
        let lowered = prefix.lowercased()
        for city in CityCatalog.all {
            for form in [city.id, city.name, city.romaji.lowercased(), city.english.lowercased()]
            where form.hasPrefix(lowered) && !form.contains(" ") && !found.contains(form) {
                found.append(form)
            }
        }
        for prefecture in CityCatalog.allPrefectures {
            for form in [prefecture.name, prefecture.romaji.lowercased()] where form.hasPrefix(lowered) && !found.contains(form) {
                found.append(form)
            }
        }
        return found
    }
}
