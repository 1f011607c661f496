import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The forecaster's overview of an office, `<agencyURL>/bosai/forecast/data/overview_forecast/<office>.json`,
/// which a 3-day forecast built from the agency's file prints with `-f detail`. Kept in the
/// cache's `jma/overview/` folder, as long as the forecast file beside it.
struct OverviewSource: FileSource {
    let agencyURL: String
    let endpoint: Endpoint

    var shelf: ForecastCache.Shelf { ForecastCache.Shelf(folder: "jma/overview", freshness: .releases(field: "reportDatetime")) }

    func key(for city: City) throws(ForecastError) -> String {
        try AgencySource(agencyURL: agencyURL, endpoint: endpoint).key(for: city)
    }

    func url(for key: String) -> String { "\(agencyURL)/bosai/forecast/data/overview_forecast/\(key).json" }

    func decode(_ body: Data, key: String) throws(ForecastError) -> AgencyOverview {
        try AgencyOverview.decode(body)
    }
}
