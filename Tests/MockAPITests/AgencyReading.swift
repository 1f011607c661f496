import Foundation

import TestSupport

/// Reading the agency's files in the tests with Foundation's `JSONSerialization` only, by the
/// rules the API follows (its `Weather.php`), independently of the mock's own JSON code.
enum AgencyReading {
    /// One row of `jma/areas.tsv`, with the city's name from `cities.tsv`.
    struct City {
        var id: String
        var name: String
        var areaName: String
        var office: String
        var officeName: String
        var points: [String]
    }

    /// The rows of `jma/areas.tsv`, in file order.
    static func cities() throws -> [City] {
        let names = Dictionary(
            uniqueKeysWithValues: try rows("cities.tsv").map { ($0["id"]!, $0["name"]!) })
        return try rows("jma/areas.tsv").map { row in
            City(
                id: row["id"]!, name: names[row["id"]!]!, areaName: row["class10_name"]!, office: row["office"]!,
                officeName: row["office_name"]!, points: row["amedas"]!.split(separator: ",").map(String.init))
        }
    }

    /// The offices of `jma/areas.tsv` and their cities, in file order.
    static func offices() throws -> [(code: String, cities: [City])] {
        var offices: [(code: String, cities: [City])] = []
        for city in try cities() {
            if let index = offices.firstIndex(where: { $0.code == city.office }) {
                offices[index].cities.append(city)
            } else {
                offices.append((city.office, [city]))
            }
        }
        return offices
    }

    /// The names of the samples in `Fixtures/jma`.
    static func sampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path + "/jma")
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The newest sample's name of a kind (`forecast`, `overview_forecast`) for each office that
    /// has one: the latest date in the name, then the name without a note.
    static func newestSamples(kind: String = "forecast") throws -> [String: String] {
        var newest: [String: (date: String, name: String)] = [:]
        for name in try sampleNames() where name.hasPrefix(kind + "-") {
            let parts = name.dropFirst(kind.count + 1).dropLast(".json".count).split(separator: "-")
            let (office, date) = (String(parts[0]), String(parts[1]))
            if let current = newest[office], (current.date, -current.name.count) >= (date, -name.count) {
                continue
            }
            newest[office] = (date, name)
        }
        return newest.mapValues(\.name)
    }

    /// What is wrong with `file` for `city` of `office`, read as the API does: nothing when
    /// empty.
    ///
    /// The 3-day weather and chance-of-rain series hold an area whose code is the city ID; the
    /// 3-day temperatures hold the city's first AMeDAS point; the weekly series' first area is
    /// the office; every value array has as many entries as its series' `timeDefines`.
    static func problems(in file: Any, city: City) -> [String] {
        guard let reports = file as? [[String: Any]], reports.count == 2 else {
            return ["not an array of two reports"]
        }
        var problems: [String] = []
        let threeDay = reports[0]["timeSeries"] as? [[String: Any]] ?? []
        let weekly = reports[1]["timeSeries"] as? [[String: Any]] ?? []
        guard threeDay.count == 3, weekly.count == 2 else {
            return ["\(threeDay.count) 3-day series and \(weekly.count) weekly ones, not 3 and 2"]
        }
        for index in 0..<2 where !codes(threeDay[index]).contains(city.id) {
            problems.append("3-day series \(index) lacks area \(city.id)")
        }
        if let point = entries(threeDay[2]).first(where: { code($0) == city.points[0] }) {
            if name(point) != city.name {
                problems.append("point \(city.points[0]) is named \(name(point) ?? "nothing"), not \(city.name)")
            }
        } else {
            problems.append("3-day temperatures lack point \(city.points[0])")
        }
        if codes(weekly[0]).first != city.office {
            problems.append("the weekly area is \(codes(weekly[0]).first ?? "missing"), not \(city.office)")
        }
        if codes(weekly[1]).isEmpty {
            problems.append("the weekly temperatures have no point")
        }
        for series in threeDay + weekly {
            let count = (series["timeDefines"] as? [Any])?.count ?? -1
            for entry in entries(series) {
                for (key, value) in entry where key != "area" {
                    if let values = value as? [Any], values.count != count {
                        problems.append("\(code(entry) ?? "?").\(key) has \(values.count) values for \(count) times")
                    }
                }
            }
        }
        return problems
    }

    static func entries(_ series: [String: Any]) -> [[String: Any]] {
        series["areas"] as? [[String: Any]] ?? []
    }

    static func codes(_ series: [String: Any]) -> [String] {
        entries(series).compactMap(code)
    }

    static func code(_ entry: [String: Any]) -> String? {
        (entry["area"] as? [String: Any])?["code"] as? String
    }

    static func name(_ entry: [String: Any]) -> String? {
        (entry["area"] as? [String: Any])?["name"] as? String
    }

    /// The rows of a TSV file of the fixtures, keyed by the header's names.
    private static func rows(_ name: String) throws -> [[String: String]] {
        let lines = String(decoding: try fixtureBytes(name), as: UTF8.self).split(separator: "\n")
        let header = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }
}
