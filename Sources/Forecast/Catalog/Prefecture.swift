/// One of the 47 prefectures, which on the command line stands for all its catalog cities.
public struct Prefecture: Sendable, Hashable, CustomStringConvertible {
    /// The full name, as the API's `location.prefecture` has it: "北海道", "沖縄県".
    public let name: String
    /// The reading of the full name in katakana: "オキナワケン".
    public let kana: String
    /// The Hepburn romaji of the name without its 都, 道, 府 or 県: "Okinawa".
    public let romaji: String
    /// Every name form folded by `NameKey.fold`, computed by Scripts/generate-catalog.py.
    let keys: [String]

    /// The catalog's cities of this prefecture, in catalog order.
    public var cities: [City] { CityCatalog.all.filter { $0.prefecture == name } }

    /// The reading of the full name in hiragana: "おきなわけん".
    public var hiragana: String { NameKey.hiragana(kana) }

    /// "沖縄県".
    public var description: String { name }
}
