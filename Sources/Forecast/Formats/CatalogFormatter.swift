/// The city catalog as `forecast cities` prints it: TSV lines or one JSON array.
public struct CatalogFormatter: Sendable {
    /// The language of the name and prefecture columns.
    public var language: Language

    /// Creates a formatter for `language`.
    public init(language: Language = .ja) {
        self.language = language
    }

    /// One line a city, tab-separated: ID, name, prefecture, and the name in the other
    /// language (Japanese: `130010 東京 東京都 Tokyo`; English: `130010 Tokyo Tokyo 東京`).
    public func tsv(_ cities: [City]) -> String {
        var text = ""
        for city in cities {
            let fields = language == .en
                ? [city.id, city.english, Language.en.prefectureName(city.prefecture), city.name]
                : [city.id, city.name, city.prefecture, city.english]
            text += ValueText.tabLine(fields)
        }
        return text
    }

    /// One JSON array, an object a city: `{"id", "city", "prefecture", "city_en",
    /// "prefecture_en"}`, the same in either language, the keys every command's JSON has.
    public func json(_ cities: [City]) -> String {
        let objects = cities.map { city in
            JSONText.object([
                ("id", .string(city.id)), ("city", .string(city.name)),
                ("prefecture", .string(city.prefecture)), ("city_en", .string(city.english)),
                ("prefecture_en", .string(Language.en.prefectureName(city.prefecture))),
            ]).text
        }
        return objects.isEmpty ? "[]\n" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]\n"
    }
}
