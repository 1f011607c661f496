import ArgumentParser
import Forecast

/// `forecast cities [<query>]`: the catalog, one city a line.
struct Cities: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the cities: ID, name and prefecture, tab-separated.",
        discussion: "With a query, only the cities whose ID, name or prefecture contains it (東京, 北海道, 4700).")

    @Argument(help: "Text to look for in the ID, name or prefecture.")
    var query: String?

    func run() throws {
        Terminal.ignoreBrokenPipeSignal()
        let cities = CityCatalog.search(query ?? "")
        guard !cities.isEmpty else {
            Terminal.report("forecast: no city matches \"\(query ?? "")\"")
            throw ExitCode(1)
        }
        let lines = cities.map { "\($0.id)\t\($0.name)\t\($0.prefecture)\n" }.joined()
        Terminal.output(lines)
    }
}
