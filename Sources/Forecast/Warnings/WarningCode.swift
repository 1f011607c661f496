/// A kind of warning or advisory of the agency (警報・注意報) by its code in the `r8` files:
/// its name, its English name and its level.
///
/// The table is the agency's warning page's own (`www.jma.go.jp/bosai/warning/`: 33 codes with their weights 20, 30, 40
/// and 50), with 04, 18 and 27 from the 防災情報XML code table (`Fixtures/jma/warnings/warning-codes.tsv`). The English
/// names are this project's: the agency's own terms where it has them (warning, advisory, emergency warning), and for
/// the new 危険警報 of 2026, "danger warning", word for word: the level between a warning and an emergency warning.
public struct WarningCode: Sendable, Hashable {
    /// The code as the file writes it: "03".
    public let code: String
    /// The agency's name: "大雨警報".
    public let name: String
    /// Its English name: "heavy rain warning".
    public let english: String
    /// The level: 2 advisory (注意報), 3 warning (警報), 4 danger warning (危険警報), 5 emergency
    /// warning (特別警報); the page's weight divided by 10.
    public let level: Int

    /// The name in `language`.
    public func name(in language: Language) -> String {
        language == .en ? english : name
    }

    /// The kind of `code`, or nil for a code the table does not have.
    public static func of(_ code: String) -> WarningCode? {
        table.sortedLookup(code, by: \.code)
    }

    /// Every known kind, in ascending code order (which `of(_:)` searches by halves).
    public static let table: [WarningCode] = [
        WarningCode(code: "02", name: "暴風雪警報", english: "snowstorm warning", level: 3),
        WarningCode(code: "03", name: "大雨警報", english: "heavy rain warning", level: 3),
        WarningCode(code: "04", name: "洪水警報", english: "flood warning", level: 3),
        WarningCode(code: "05", name: "暴風警報", english: "storm warning", level: 3),
        WarningCode(code: "06", name: "大雪警報", english: "heavy snow warning", level: 3),
        WarningCode(code: "07", name: "波浪警報", english: "high waves warning", level: 3),
        WarningCode(code: "08", name: "高潮警報", english: "storm surge warning", level: 3),
        WarningCode(code: "09", name: "土砂災害警報", english: "landslide warning", level: 3),
        WarningCode(code: "10", name: "大雨注意報", english: "heavy rain advisory", level: 2),
        WarningCode(code: "12", name: "大雪注意報", english: "heavy snow advisory", level: 2),
        WarningCode(code: "13", name: "風雪注意報", english: "gale and snow advisory", level: 2),
        WarningCode(code: "14", name: "雷注意報", english: "thunderstorm advisory", level: 2),
        WarningCode(code: "15", name: "強風注意報", english: "gale advisory", level: 2),
        WarningCode(code: "16", name: "波浪注意報", english: "high waves advisory", level: 2),
        WarningCode(code: "17", name: "融雪注意報", english: "snowmelt advisory", level: 2),
        WarningCode(code: "18", name: "洪水注意報", english: "flood advisory", level: 2),
        WarningCode(code: "19", name: "高潮注意報", english: "storm surge advisory", level: 2),
        WarningCode(code: "20", name: "濃霧注意報", english: "dense fog advisory", level: 2),
        WarningCode(code: "21", name: "乾燥注意報", english: "dry air advisory", level: 2),
        WarningCode(code: "22", name: "なだれ注意報", english: "avalanche advisory", level: 2),
        WarningCode(code: "23", name: "低温注意報", english: "low temperature advisory", level: 2),
        WarningCode(code: "24", name: "霜注意報", english: "frost advisory", level: 2),
        WarningCode(code: "25", name: "着氷注意報", english: "ice accretion advisory", level: 2),
        WarningCode(code: "26", name: "着雪注意報", english: "snow accretion advisory", level: 2),
        WarningCode(code: "27", name: "その他の注意報", english: "other advisory", level: 2),
        WarningCode(code: "29", name: "土砂災害注意報", english: "landslide advisory", level: 2),
        WarningCode(code: "32", name: "暴風雪特別警報", english: "snowstorm emergency warning", level: 5),
        WarningCode(code: "33", name: "大雨特別警報", english: "heavy rain emergency warning", level: 5),
        WarningCode(code: "35", name: "暴風特別警報", english: "storm emergency warning", level: 5),
        WarningCode(code: "36", name: "大雪特別警報", english: "heavy snow emergency warning", level: 5),
        WarningCode(code: "37", name: "波浪特別警報", english: "high waves emergency warning", level: 5),
        WarningCode(code: "38", name: "高潮特別警報", english: "storm surge emergency warning", level: 5),
        WarningCode(code: "39", name: "土砂災害特別警報", english: "landslide emergency warning", level: 5),
        WarningCode(code: "43", name: "大雨危険警報", english: "heavy rain danger warning", level: 4),
        WarningCode(code: "48", name: "高潮危険警報", english: "storm surge danger warning", level: 4),
        WarningCode(code: "49", name: "土砂災害危険警報", english: "landslide danger warning", level: 4),
    ]
}
