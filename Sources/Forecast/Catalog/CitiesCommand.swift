extension Command {
    /// `forecast cities [options] [<query>]`: the catalog, one city a line (or a JSON array).
    static let cities = Command(
        name: "cities", operand: .query,
        options: [
            .format(citiesFormats, templates: nil, auto: "tsv", after: ": one array of {\"id\", \"city\", \"prefecture\", \"city_en\", \"prefecture_en\"}"),
            OptionSpec.lang.described("ja (default) or en: the names and prefectures in Japanese or in English"),
        ] + OptionSpec.requests,
        formats: citiesFormats, takesTemplates: false, fetches: false,
        help: {
            CommandHelp(
                summary: "List the cities: ID, name, prefecture and English name, tab-separated (or JSON with -f json).",
                about: """
                    The catalog's 142 cities, one a line, tab-separated: ID, name, prefecture and \
                    English name; with --lang en, ID, English name, prefecture (in romaji) and \
                    Japanese name. With a query, only the cities whose ID, name, prefecture, \
                    English name, reading or romaji contains it (東京, 北海道, 47, island, \
                    とうきょう); case, width, spaces, hyphens and long vowels do not matter.
                    """,
                examples: [],
                note: """
                    With a query, only the cities whose ID, name, prefecture, English name, reading or \
                    romaji contains it (東京, 北海道, 47, island, とうきょう). Case, width, spaces, hyphens \
                    and long vowels are ignored, as in city arguments.
                    """)
        },
        run: .catalog(listing))

    /// The formats the catalog prints; `auto` is tsv.
    private static let citiesFormats: [OutputFormat] = [.auto, .tsv, .json]

    /// The cities that match `query` (all of them without one), in the format asked for; or,
    /// when none does, "no city matches" with a suggestion where a city is close.
    private static let listing: @Sendable (OptionValues, String?) -> (text: String?, problem: String?) = { values, query in
        let cities = CityCatalog.search(query ?? "")
        guard !cities.isEmpty else {
            let query = query ?? ""
            return (nil, "no city matches \"\(query)\"" + (suggestion(for: query).map { "; \($0)" } ?? ""))
        }
        let formatter = CatalogFormatter(language: values[Key.lang])
        return (values[Key.format] == .json ? formatter.json(cities) : formatter.tsv(cities), nil)
    }

    /// "did you mean Tokyo / 東京 (130010)?" for a query that matches no city, in the words of a city argument's error
    /// (its last part), so that both name a city alike; nil when no city is close.
    package static func suggestion(for query: String) -> String? {
        do throws(UnknownCityError) {
            _ = try CityCatalog.resolveAll(query)
            return nil
        } catch {
            guard !error.suggestions.isEmpty, let hint = error.description.split(separator: "; ").last else { return nil }
            return String(hint)
        }
    }
}
