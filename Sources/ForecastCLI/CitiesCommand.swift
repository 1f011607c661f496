import Forecast

/// `forecast cities [<query>]`: the catalog, one city a line (or a JSON array).
enum CitiesCommand {
    /// The formats it prints; `auto` is tsv.
    static let formats: [OutputFormat] = [.auto, .tsv, .json]

    /// Prints the cities that match `query` (all of them without one).
    static func run(_ options: Options, query: String?) throws(UsageError) -> ExitStatus {
        guard formats.contains(options.format) else {
            throw UsageError("`forecast cities` prints tsv or json (got --format \(options.format.name))")
        }
        let cities = CityCatalog.search(query ?? "")
        guard !cities.isEmpty else {
            let query = query ?? ""
            Terminal.report("forecast: no city matches \"\(query)\"" + (suggestion(for: query).map { "; \($0)" } ?? ""))
            return .failure
        }
        let formatter = CatalogFormatter(language: options.lang.language)
        Terminal.output(options.format == .json ? formatter.json(cities) : formatter.tsv(cities))
        return .success
    }

    /// "did you mean Tokyo / 東京 (130010)?" for a query that matches no city, in the words of a
    /// city argument's error (its last part), so that both name a city alike; nil when no city
    /// is close.
    static func suggestion(for query: String) -> String? {
        do throws(UnknownCityError) {
            _ = try CityCatalog.resolveAll(query)
            return nil
        } catch {
            guard !error.suggestions.isEmpty, let hint = error.description.split(separator: "; ").last else { return nil }
            return String(hint)
        }
    }
}
