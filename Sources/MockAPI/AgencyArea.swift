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
        let name = try column("class10_name")
        let office = try column("office")
        let officeName = try column("office_name")
        let amedas = try column("amedas")
        let width = [id, name, office, officeName, amedas].max()!
        var areas: [AgencyArea] = []
        for (number, row) in rows.enumerated().dropFirst() {
            let points = row.count > width ? row[amedas].split(separator: ",").map(String.init) : []
            guard row.count > width, !row[office].isEmpty, !points.isEmpty else {
                throw FixtureError(path: file, problem: "line \(number + 1) lacks a column or an AMeDAS point")
            }
            areas.append(AgencyArea(
                id: row[id], name: row[name], office: row[office], officeName: row[officeName], points: points))
        }
        return areas
    }
}
