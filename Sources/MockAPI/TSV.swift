/// Splitting of the tab-separated catalog files in `Fixtures/`.
enum TSV {
    /// The non-empty lines of `text`, each split at tabs (a trailing `\r` is dropped).
    static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            guard !trimmed.isEmpty else { return nil }
            return trimmed.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// The rows below the header line of a file whose columns are found by their header names,
    /// so their order does not matter: each row's line number and its cells in the order of
    /// `columns`. A missing column, an empty file or a row too short is an error naming `file`.
    static func records(_ text: String, file: String, columns: [String]) throws(FixtureError) -> [(line: Int, cells: [String])] {
        let rows = rows(text)
        guard let header = rows.first else {
            throw FixtureError(path: file, problem: "is empty")
        }
        var indices: [Int] = []
        for name in columns {
            guard let index = header.firstIndex(of: name) else {
                throw FixtureError(path: file, problem: "has no column \"\(name)\"")
            }
            indices.append(index)
        }
        let width = indices.max() ?? -1
        var records: [(line: Int, cells: [String])] = []
        for (number, row) in rows.enumerated().dropFirst() {
            guard row.count > width else {
                throw FixtureError(path: file, problem: "line \(number + 1) has \(row.count) columns")
            }
            records.append((number + 1, indices.map { row[$0] }))
        }
        return records
    }
}
