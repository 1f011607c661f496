extension Command {
    /// `forecast cities [options] [<query>]`: the catalog, one city a line (or a JSON array).
    static let cities = Command(
        name: "cities", operand: .query,
        options: [
            .format(
                citiesFormats, templates: nil, auto: "tsv",
                after: ": one array of {\"id\", \"city\", \"prefecture\", \"city_en\", \"prefecture_en\", \"latitude\", \"longitude\"}"),
            OptionSpec.lang.described("ja or en: changes nothing here, both languages' names are printed, each in its column"),
            .noHeader,
        ] + OptionSpec.requests,
        formats: citiesFormats, takesTemplates: false, fetches: false, misnomers: ["city", "list"],
        help: {
            CommandHelp(
                summary: "List the cities: ID, name, prefecture, English names and coordinates, tab-separated (or JSON with -f json).",
                about: """
                    The catalog's 142 cities, a header line and then one a line, tab-separated: ID, \
                    name, prefecture, English name, prefecture in romaji, latitude and longitude, in \
                    either language. With a query, only the cities whose ID starts with it (47, 1300) \
                    or whose name, prefecture, English name, reading or romaji contains it (東京, \
                    北海道, island, とうきょう); case, width, spaces, hyphens and long vowels do not \
                    matter. A query that matches none but names a municipality or a point (新宿区, \
                    35.68,139.77) lists the city it names.
                    """,
                examples: [],
                note: """
                    With a query, only the cities whose ID starts with it (47, 1300) or whose name, \
                    prefecture, English name, reading or romaji contains it (東京, 北海道, island, \
                    とうきょう). Case, width, spaces, hyphens and long vowels are ignored, as in city \
                    arguments. A query that matches none but names a municipality or a point (新宿区, \
                    35.68,139.77) lists the city it names.
                    """)
        },
        run: .catalog(listing))

    /// The formats the catalog prints; `auto` is tsv.
    private static let citiesFormats: [OutputFormat] = [.auto, .tsv, .json]

    /// The cities that match `query` (all of them without one), in the format asked for; when none
    /// does, the city it names as a city argument would (a municipality, a point); else "no city
    /// matches" with a suggestion where a city is close, or why the argument names none.
    private static let listing: @Sendable (OptionValues, String?) -> (text: String?, problem: String?) = { values, query in
        var cities = CityCatalog.search(query ?? "")
        if cities.isEmpty, let query {
            do throws(UnknownCityError) {
                cities = try CityCatalog.resolveAll(query)
            } catch {
                let problem = switch error.problem {
                case .sharedName, .coordinates: error.description
                default: "no city matches \"\(query)\"" + (suggestion(for: error).map { "; \($0)" } ?? "")
                }
                return (nil, problem)
            }
        }
        let formatter = CatalogFormatter(language: values[Key.lang], header: !values[Key.noHeader])
        return (values[Key.format] == .json ? formatter.json(cities) : formatter.tsv(cities), nil)
    }

    /// "did you mean Tokyo / 東京 (130010)?" for a query that matches no city, in the words of a city argument's error
    /// (its last part), so that both name a city alike; nil when no city is close.
    package static func suggestion(for query: String) -> String? {
        do throws(UnknownCityError) {
            _ = try CityCatalog.resolveAll(query)
            return nil
        } catch {
            return suggestion(for: error)
        }
    }

    /// The suggestion of a city argument's error, its last part; nil when it has none.
    private static func suggestion(for error: UnknownCityError) -> String? {
        guard !error.suggestions.isEmpty, let hint = error.description.split(separator: "; ").last else { return nil }
        return String(hint)
    }
}
