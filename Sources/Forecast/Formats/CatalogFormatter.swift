/// The city catalog as `forecast cities` prints it: TSV lines or one JSON array, the same
/// columns and keys in either language.
public struct CatalogFormatter: Sendable {
    /// The language asked for, which changes nothing: both languages' names are printed, each in
    /// its column, so that a script reads the same column whatever the config file's `--lang`.
    public var language: Language
    /// Whether TSV starts with its header line (`--no-header` leaves it out).
    public var header: Bool

    /// Creates a formatter.
    public init(language: Language = .ja, header: Bool = true) {
        self.language = language
        self.header = header
    }

    /// The TSV header: `city` as every command's TSV names its city column.
    static let columns = ["id", "city", "prefecture", "city_en", "prefecture_en", "latitude", "longitude"]

    /// A header line, then one line a city, tab-separated: ID, name, prefecture, English name,
    /// prefecture in romaji, latitude and longitude of its point
    /// (`130010 東京 東京都 Tokyo Tokyo 35.6917 139.7500`).
    public func tsv(_ cities: [City]) -> String {
        var text = header ? ValueText.tabLine(Self.columns) : ""
        for city in cities {
            text += ValueText.tabLine([
                city.id, city.name, city.prefecture, city.english, Language.en.prefectureName(city.prefecture),
                NumberText.degrees(city.latitude), NumberText.degrees(city.longitude),
            ])
        }
        return text
    }

    /// One JSON array, an object a city: `{"id", "city", "prefecture", "city_en",
    /// "prefecture_en", "latitude", "longitude"}`, the same in either language, the keys every command's JSON has.
    public func json(_ cities: [City]) -> String {
        let objects = cities.map { city in
            JSONText.object([
                ("id", .string(city.id)), ("city", .string(city.name)),
                ("prefecture", .string(city.prefecture)), ("city_en", .string(city.english)),
                ("prefecture_en", .string(Language.en.prefectureName(city.prefecture))),
                ("latitude", .raw(NumberText.degrees(city.latitude))), ("longitude", .raw(NumberText.degrees(city.longitude))),
            ]).text
        }
        return objects.isEmpty ? "[]\n" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]\n"
    }
}
