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

    /// Reads the rows of `cities-api-location.tsv`, keyed by ID.
    ///
    /// Columns are found by their header names (`id`, `name`, `location_district`,
    /// `location_prefecture`, `location_area`, `link_area_code`), so their order does not matter.
    static func parseTable(_ text: String, file: String) throws(FixtureError) -> [String: CityLocation] {
        let columns = ["id", "name", "location_district", "location_prefecture", "location_area", "link_area_code"]
        var table: [String: CityLocation] = [:]
        for (_, cells) in try TSV.records(text, file: file, columns: columns) {
            table[cells[0]] = CityLocation(
                id: cells[0], city: cells[1], district: cells[2], prefecture: cells[3], area: cells[4],
                linkAreaCode: cells[5])
        }
        return table
    }
}
