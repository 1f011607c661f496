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
            Terminal.report("forecast: no city matches \"\(query ?? "")\"")
            return .failure
        }
        let formatter = CatalogFormatter(language: options.lang.language)
        Terminal.output(options.format == .json ? formatter.json(cities) : formatter.tsv(cities))
        return .success
    }
}
