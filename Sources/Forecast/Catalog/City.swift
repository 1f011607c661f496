/// One of the API's 142 forecast points.
public struct City: Sendable, Hashable, CustomStringConvertible {
    /// Six digits, leading zeros kept: "130010", "011000".
    public let id: String
    /// The catalog's name, which is also the API's `location.city`: "東京", "八丈島".
    public let name: String
    /// The prefecture as the API reports it (`location.prefecture`): "東京都"; "北海道" for every Hokkaido city.
    public let prefecture: String
    /// The catalog's grouping: the prefecture, or for Hokkaido one of 道北, 道東, 道南, 道央.
    public let region: String
    /// 一次細分区域 (`location.district`): "東京地方".
    public let district: String
    /// 地方 (`location.area`): "関東".
    public let area: String
    /// JMA's English name, from its AMeDAS station table: "Tokyo", "Oshima Island".
    public let english: String
    /// The reading in katakana, as JMA gives it: "トウキョウ".
    public let kana: String
    /// The Hepburn romaji of the reading, long vowels with macrons: "Tōkyō".
    public let romaji: String
    /// The latitude of the city's point, degrees north: its AMeDAS station's (東京: 35.6917),
    /// where its sunrise and sunset are computed.
    public let latitude: Double
    /// The longitude of the city's point, degrees east (東京: 139.7500).
    public let longitude: Double
    /// Every name form folded by `NameKey.fold`, computed by Scripts/generate-catalog.py.
    let keys: [String]

    /// Creates a city; the catalog has them all, so this is for tests.
    public init(
        id: String, name: String, prefecture: String, region: String, district: String, area: String,
        english: String = "", kana: String = "", romaji: String = "", latitude: Double = 0, longitude: Double = 0
    ) {
        self.init(
            id: id, name: name, prefecture: prefecture, region: region, district: district, area: area,
            english: english, kana: kana, romaji: romaji, latitude: latitude, longitude: longitude,
            keys: [name, kana, english, romaji].map(NameKey.fold).filter { !$0.isEmpty })
    }

    /// Creates a catalog city whose keys are already folded.
    init(
        id: String, name: String, prefecture: String, region: String, district: String, area: String,
        english: String, kana: String, romaji: String, latitude: Double, longitude: Double, keys: [String]
    ) {
        self.id = id
        self.name = name
        self.prefecture = prefecture
        self.region = region
        self.district = district
        self.area = area
        self.english = english
        self.kana = kana
        self.romaji = romaji
        self.latitude = latitude
        self.longitude = longitude
        self.keys = keys
    }

    /// The reading in hiragana: "とうきょう".
    public var hiragana: String { NameKey.hiragana(kana) }

    /// "130010 東京".
    public var description: String { "\(id) \(name)" }
}
