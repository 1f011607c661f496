/// One of the agency's 1,787 municipalities (市区町村, its class20 areas), and the catalog city it
/// lies in: what an argument that names no catalog city may name (新宿区, 札幌市, Shinjuku City).
///
/// The tables are `municipalities.tsv` (in code order) and `municipality-names.tsv` (the folded
/// name forms, in their order), written by `Scripts/generate-municipalities.py` from the agency's
/// area table and kept as text (`TextTable`). Both are searched by bisection and read only when the
/// catalog's own names fail, so a run that names its cities as the catalog does never touches them.
public struct Municipality: Sendable, Hashable, CustomStringConvertible {
    /// The agency's seven-digit code (a JIS municipality code and two digits for a part): "1310400".
    public let code: String
    /// The agency's name: "新宿区"; a part of a split municipality has the part's, "仙台市東部".
    public let name: String
    /// The reading in hiragana: "しんじゅくく".
    public let kana: String
    /// The agency's English name: "Shinjuku City".
    public let english: String
    /// The ID of the catalog city (class10 area) it lies in: "130010".
    public let city: String

    /// The municipality with this code, or nil.
    public static func of(code: String) -> Municipality? {
        TextTable(text: table).rows(where: code).first.map(Municipality.init(row:))
    }

    /// The municipalities a name folded by `NameKey.fold` names, in code order: none, one, or
    /// several that share it (府中市 is in 東京都 and in 広島県).
    static func named(_ key: String) -> [Municipality] {
        TextTable(text: names).rows(where: key).compactMap { $0.count == 2 ? of(code: $0[1]) : nil }
    }

    /// Every municipality, in code order: for tests, which read them all.
    static var all: [Municipality] {
        TextTable(text: table).allRows.map(Municipality.init(row:))
    }

    /// The municipality of a row of `table`: code, name, kana, English name, city.
    private init(row: [String]) {
        code = row[0]
        name = row[1]
        kana = row[2]
        english = row[3]
        city = row[4]
    }

    /// The prefecture it is in (the code's first two digits number the prefectures north to south).
    public var prefecture: Prefecture {
        CityCatalog.allPrefectures[Int(code.prefix(2))! - 1]
    }

    /// "新宿区 (東京都)".
    public var description: String { "\(name) (\(prefecture.name))" }
}
