import ArgumentParser
import Forecast

/// `forecast cities [<query>]`: the catalog, one city a line.
struct Cities: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the cities: ID, name, prefecture and English name, tab-separated.",
        usage: "forecast cities [<query>]",
        discussion: """
            With a query, only the cities whose ID, name, prefecture, English name, reading or \
            romaji contains it (東京, 北海道, 47, island, とうきょう). Case, width, spaces, hyphens \
            and long vowels are ignored, as in city arguments.
            """)

    @Argument(help: "Text to look for in the ID, name, prefecture, English name, reading or romaji.")
    var query: String?

    func run() throws {
        Terminal.ignoreBrokenPipeSignal()
        let cities = CityCatalog.search(query ?? "")
        guard !cities.isEmpty else {
            Terminal.report("forecast: no city matches \"\(query ?? "")\"")
            throw ExitCode(1)
        }
        let lines = cities.map { "\($0.id)\t\($0.name)\t\($0.prefecture)\t\($0.english)\n" }.joined()
        Terminal.output(lines)
    }
}
