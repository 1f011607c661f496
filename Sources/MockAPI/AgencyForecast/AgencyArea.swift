/// Where the agency's files hold a catalog city: one row of `jma/areas.tsv`.
struct AgencyArea: Sendable, Equatable {
    /// The city ID, which is the agency's class10 area code, e.g. "270000".
    var id: String
    /// The class10 area's name, e.g. "大阪府".
    var name: String
    /// The forecast office whose file holds the area, e.g. "270000".
    var office: String
    /// The office's name, e.g. "大阪府"; "北海道" for every Hokkaido office.
    var officeName: String
    /// The AMeDAS points whose temperatures stand for the area, preferred first.
    var points: [String]

    /// Reads the rows of `areas.tsv`, in file order.
    ///
    /// Columns are found by their header names (`id`, `class10_name`, `office`, `office_name`,
    /// `amedas`, the last a comma-separated list), so their order does not matter.
    static func parseTable(_ text: String, file: String) throws(FixtureError) -> [AgencyArea] {
        let columns = ["id", "class10_name", "office", "office_name", "amedas"]
        return try TSV.records(text, file: file, columns: columns).map { (line, cells) throws(FixtureError) in
            let points = cells[4].split(separator: ",").map(String.init)
            guard !cells[2].isEmpty, !points.isEmpty else {
                throw FixtureError(path: file, problem: "line \(line) has no office or no AMeDAS point")
            }
            return AgencyArea(id: cells[0], name: cells[1], office: cells[2], officeName: cells[3], points: points)
        }
    }
}
