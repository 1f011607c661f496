import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The weather agency's forecast file of an office, `<agencyURL>/bosai/forecast/data/forecast/<office>.json`: one file
/// serves every city of its office (the week, and the 3-day forecast in the API's place). Fresh until the agency's next
/// release, by the file's first `reportDatetime`; kept in the cache's `jma/` folder.
struct AgencySource: FileSource {
    /// The agency's site, without a trailing slash.
    let agencyURL: String
    let endpoint: Endpoint

    var shelf: ForecastCache.Shelf { ForecastCache.Shelf(folder: "jma", freshness: .releases(field: "reportDatetime")) }

    func key(for city: City) throws(ForecastError) -> String {
        guard let area = AgencyArea.of(city) else {
            throw .notInAgencyFile(office: "", problem: "has no office for \(city.id)")
        }
        return area.office
    }

    func url(for key: String) -> String { "\(agencyURL)/bosai/forecast/data/forecast/\(key).json" }

    func decode(_ body: Data, key: String) throws(ForecastError) -> AgencyForecast {
        try AgencyForecast.decode(body, office: key)
    }
}
