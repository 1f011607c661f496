import CurlHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The agency's 3-hourly forecast of a city's area, `<agencyURL>/bosai/jmatile/data/wdist/VPFD/<id>.json`:
/// one file a city, its ID the area's code. Issued with the forecast (05, 11 and 17 JST) and
/// fresh until the next release, by its `reportDateTime`; kept in the cache's `jma/hours/` folder.
struct HoursSource: FileSource {
    /// The agency's site, without a trailing slash.
    let agencyURL: String
    let endpoint: Endpoint

    var shelf: ForecastCache.Shelf { ForecastCache.Shelf(folder: "jma/hours", freshness: .releases(field: "reportDateTime")) }

    func key(for city: City) -> String { city.id }

    func url(for key: String) -> String { "\(agencyURL)/bosai/jmatile/data/wdist/VPFD/\(key).json" }

    func decode(_ body: Data, key: String) throws(ForecastError) -> HoursFile {
        try HoursFile.decode(body, id: key)
    }
}
