/// What the API says about where a catalog city is: one row of `cities-api-location.tsv`.
struct CityLocation: Sendable, Equatable {
    /// The 6-digit city ID, e.g. "270000".
    var id: String
    /// `location.city`, e.g. "大阪".
    var city: String
    /// `location.district`, e.g. "大阪府".
    var district: String
    /// `location.prefecture`, e.g. "大阪府"; "北海道" for every Hokkaido ID.
    var prefecture: String
    /// `location.area`, e.g. "近畿".
    var area: String
    /// The JMA area code in `link`, e.g. "270000".
    var linkAreaCode: String

    /// The value of `title`: "{prefecture} {city} の天気".
    var title: String {
        "\(prefecture) \(city) の天気"
    }

    /// Reads the rows of `cities-api-location.tsv`, keyed by ID.
    ///
    /// Columns are found by their header names (`id`, `name`, `location_district`,
    /// `location_prefecture`, `location_area`, `link_area_code`), so their order does not matter.
    static func parseTable(_ text: String, file: String) throws(FixtureError) -> [String: CityLocation] {
        let rows = TSV.rows(text)
        guard let header = rows.first else {
            throw FixtureError(path: file, problem: "is empty")
        }
        func column(_ name: String) throws(FixtureError) -> Int {
            guard let index = header.firstIndex(of: name) else {
                throw FixtureError(path: file, problem: "has no column \"\(name)\"")
            }
            return index
        }
        let id = try column("id")
        let name = try column("name")
        let district = try column("location_district")
        let prefecture = try column("location_prefecture")
        let area = try column("location_area")
        let link = try column("link_area_code")
        let width = [id, name, district, prefecture, area, link].max()!
        var table: [String: CityLocation] = [:]
        for (number, row) in rows.enumerated().dropFirst() {
            guard row.count > width else {
                throw FixtureError(path: file, problem: "line \(number + 1) has \(row.count) columns")
            }
            table[row[id]] = CityLocation(
                id: row[id], city: row[name], district: row[district],
                prefecture: row[prefecture], area: row[area], linkAreaCode: row[link]
            )
        }
        return table
    }
}
