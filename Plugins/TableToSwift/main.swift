// Writes a Swift table from a TSV file, at build time (the Tables plugin runs it): the data stay
// data, in the TSV, and the code that holds them is made, never committed.
//
//     table-to-swift <input.tsv> <output.swift>
//
// The TSV:
//
//     #! AgencyArea.table: [AgencyArea]      what to declare: `static let table: [AgencyArea]`
//     # A line of its doc comment.           in `extension AgencyArea`
//     city<TAB>points:list<TAB>class20:optional<TAB>latitude:number
//     011000<TAB>11016|11017<TAB><TAB>45.4150
//
// Each row becomes `AgencyArea(city: "011000", points: ["11016", "11017"], class20: nil,
// latitude: 45.4150)`, in the file's order. A column is a string unless its header says
// `:number` (written as it is), `:list` (strings separated by `|`, none when empty) or
// `:optional` (a string, or nil when empty). A malformed file (a cell not of its kind, an empty
// item in a list, a control character such as a CR) fails the build, naming its line.
//
// A table declared as `String` (`#! Municipality.names: String`) is kept as its text: its rows,
// a line each with their tabs, in one raw string literal, which the code searches in place
// (TextTable). Thousands of rows cost the compiler gigabytes as an array literal and nothing as
// a string; its columns must be strings.

import Foundation

struct TableError: Error, CustomStringConvertible {
    let description: String
}

enum Kind: String {
    case string, number, list, optional
}

func literal(_ text: Substring) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// The Swift of a cell, or nil when the cell is not of its column's kind: a number that is
/// none, an empty item in a list, a control character anywhere.
func value(_ text: Substring, _ kind: Kind) -> String? {
    guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
    switch kind {
    case .string: return literal(text)
    case .number: return Double(text) == nil ? nil : String(text)
    case .optional: return text.isEmpty ? "nil" : literal(text)
    case .list:
        let items = text.split(separator: "|", omittingEmptySubsequences: false)
        if text.isEmpty { return "[]" }
        guard !items.contains(where: \.isEmpty) else { return nil }
        return "[" + items.map(literal).joined(separator: ", ") + "]"
    }
}

func swiftTable(from tsv: String, name: String) throws(TableError) -> String {
    var lines = tsv.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard let declaration = lines.first, declaration.hasPrefix("#! "),
          let dot = declaration.firstIndex(of: "."), let colon = declaration.firstIndex(of: ":"), dot < colon
    else { throw TableError(description: "\(name):1: the first line must be `#! Owner.property: [Element]`") }
    let owner = declaration[declaration.index(declaration.startIndex, offsetBy: 3)..<dot]
    let property = declaration[declaration.index(after: dot)..<colon]
    let type = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    guard type == "String" || (type.hasPrefix("[") && type.hasSuffix("]")) else {
        throw TableError(description: "\(name):1: the type must be an array, `[Element]`, or `String`")
    }
    let element = type.dropFirst().dropLast()
    let docs = lines.dropFirst().prefix { $0.hasPrefix("#") }
    let headerIndex = 1 + docs.count
    guard headerIndex < lines.count else { throw TableError(description: "\(name): no header line") }
    var columns: [(label: Substring, kind: Kind)] = []
    for field in lines[headerIndex].split(separator: "\t", omittingEmptySubsequences: false) {
        let parts = field.split(separator: ":", maxSplits: 1)
        guard let label = parts.first, let kind = Kind(rawValue: parts.count == 2 ? String(parts[1]) : "string") else {
            throw TableError(description: "\(name):\(headerIndex + 1): \"\(field)\" is not a column (label or label:kind)")
        }
        columns.append((label, kind))
    }
    if type == "String" {
        return try swiftText(lines, name: name, owner: owner, property: property, docs: Array(docs), header: headerIndex, columns: columns)
    }
    var out = opening(name: name, owner: owner, docs: Array(docs))
    out += "    static let \(property): \(type) = [\n"
    for (index, line) in lines.enumerated().dropFirst(headerIndex + 1) {
        let values = try fields(of: line, at: index, in: name, count: columns.count)
        var arguments: [String] = []
        for (column, field) in zip(columns, values) {
            guard let swift = value(field, column.kind) else {
                throw TableError(description: "\(name):\(index + 1): \(column.label): \"\(field)\" is not a \(column.kind.rawValue)")
            }
            arguments.append("\(column.label): \(swift)")
        }
        out += "        \(element)(" + arguments.joined(separator: ", ") + "),\n"
    }
    return out + "    ]\n}\n"
}

/// The generated file's opening: where it comes from, the extension, and the table's doc comment.
func opening(name: String, owner: Substring, docs: [Substring]) -> String {
    var out = "// Made at build time from \(name) by Plugins/TableToSwift. The TSV is written by a\n"
    out += "// generator in Scripts/ (its doc comment below names it): change its sources and run it.\n\n"
    out += "extension \(owner) {\n"
    return out + docs.map { "    ///" + $0.dropFirst() + "\n" }.joined()
}

/// The fields of row `index` of `name`, which must be as many as the header's columns.
func fields(of line: Substring, at index: Int, in name: String, count: Int) throws(TableError) -> [Substring] {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == count else {
        throw TableError(description: "\(name):\(index + 1): \(fields.count) fields, and the header has \(count)")
    }
    return fields
}

/// A table kept as its text: the rows after the header, a line each, in a raw string literal.
func swiftText(
    _ lines: [Substring], name: String, owner: Substring, property: Substring, docs: [Substring], header: Int,
    columns: [(label: Substring, kind: Kind)]
) throws(TableError) -> String {
    guard columns.allSatisfy({ $0.kind == .string }) else {
        throw TableError(description: "\(name):\(header + 1): a table kept as text has string columns only")
    }
    var out = opening(name: name, owner: owner, docs: docs)
    out += "    static let \(property): String = #\"\"\"\n"
    for (index, line) in lines.enumerated().dropFirst(header + 1) {
        _ = try fields(of: line, at: index, in: name, count: columns.count)
        guard !line.unicodeScalars.contains(where: { $0 != "\t" && $0.properties.generalCategory == .control }),
              !line.contains("\"#"), !line.hasPrefix(" "), !line.hasSuffix(" ")
        else {
            throw TableError(description: "\(name):\(index + 1): a control character, \"#, or a space at an end")
        }
        out += line + "\n"
    }
    // The literal's last line break is not part of the text: the empty line keeps the last row's.
    return out + "\n\"\"\"#\n}\n"
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: table-to-swift <input.tsv> <output.swift>\n".utf8))
    exit(64)
}
do {
    let input = URL(fileURLWithPath: arguments[1])
    let tsv = try String(contentsOf: input, encoding: .utf8)
    let swift = try swiftTable(from: tsv, name: input.lastPathComponent)
    try Data(swift.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("table-to-swift: \(error)\n".utf8))
    exit(65)
}
