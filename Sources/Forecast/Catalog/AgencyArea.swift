/// Where the weather agency keeps a city's forecast: the office whose file holds it and the
/// AMeDAS points whose temperatures stand for it.
///
/// Each of the API's cities is one of the agency's class10 areas (the city's ID is the area's code). Its forecast is in
/// the file of one forecast office (`https://www.jma.go.jp/bosai/forecast/data/forecast/{office}.json`), which serves
/// all the office's cities: the 142 cities share 56 offices. The points are tried in order, since an office's file
/// names only some of them, and a station's code can change (名瀬 is listed under both 88836 and 88837). The table is
/// `agency-areas.tsv`, written from `Fixtures/jma/areas.tsv` by `Scripts/generate-agency-areas.py`.
public struct AgencyArea: Sendable, Hashable {
    /// The city's ID, which is its class10 area's code: "130010".
    public let city: String
    /// The class10 area's name: "東京地方".
    public let name: String
    /// Its English name: "Tokyo Region".
    public let english: String
    /// The forecast office whose file holds the area: "130000". 十勝 (014030) and 奄美 (460040)
    /// are in the files of 014100 and 460100, as the API reads them.
    public let office: String
    /// The office's prefecture (or Hokkaido's region) as the agency names it: "東京都".
    public let officeName: String
    /// The code of the agency's page for the area: the office, or the area itself for 014030
    /// and 460040, which have pages of their own.
    public let page: String
    /// The AMeDAS points whose temperatures stand for the area, preferred first: ["44132"].
    public let points: [String]
    /// The class20 (municipality) code the area is shown by, if the agency names one.
    public let class20: String?

    /// Creates an area; the table has every catalog city's, so this is for tests.
    public init(
        city: String, name: String, english: String, office: String, officeName: String, page: String,
        points: [String], class20: String?
    ) {
        self.city = city
        self.name = name
        self.english = english
        self.office = office
        self.officeName = officeName
        self.page = page
        self.points = points
        self.class20 = class20
    }

    /// Every catalog city's area, in the catalog's order.
    public static var all: [AgencyArea] { table }

    /// The area of a catalog city; nil for a city the catalog does not have.
    public static func of(_ city: City) -> AgencyArea? {
        of(id: city.id)
    }

    /// The area of the city with this ID, or nil.
    public static func of(id: String) -> AgencyArea? {
        table.sortedLookup(id, by: \.city)
    }

    /// The offices whose files hold these cities, each once, in the order of their first city:
    /// the requests a run needs. Cities the table does not have are left out.
    public static func offices(for cities: [City]) -> [String] {
        var seen: Set<String> = []
        return cities.compactMap { of(id: $0.id)?.office }.filter { seen.insert($0).inserted }
    }

    /// The agency's page for the area, as the API's `link` names it.
    public var link: String {
        "https://www.jma.go.jp/bosai/forecast/#area_type=offices&area_code=\(page)"
    }
}
