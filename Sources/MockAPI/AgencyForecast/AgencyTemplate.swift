/// Makes an office's files out of another office's sample, for the offices of `areas.tsv` that
/// have no sample of their own: the sample's shape and times, the office's areas and points,
/// and weather derived from their cities' IDs (``DerivedWeather``).
///
/// In the agency's forecast file an area is a class10 area (a 6-digit code, the city ID) and a
/// point an AMeDAS station (a 5-digit code). The template keeps every report, series, member and
/// value array of the sample and replaces the entries of each `areas` list:
///
/// - in the first report (the 3-day forecast), a list of areas gets one entry per city of the office (its ID and
///   class10 name), and a list of points one entry per distinct first AMeDAS point of those cities (named as the city);
/// - in the later reports (the weekly forecast, its `tempAverage` and `precipAverage`), a list of areas gets a single
///   entry, the office itself (its code and name), and a list of points a single entry, the first city's first point.
///
/// So a client that reads a city the way the API does (the 3-day area whose code is the city ID;
/// the city's first AMeDAS point among the 3-day temperatures; the weekly entry of that point,
/// else the first) finds every city of the office.
///
/// Entry `i` starts as the sample's entry `i` (modulo the sample's count); then its values are
/// drawn (``deriving(_:seeds:)``).
enum AgencyTemplate {
    /// A city as the office's files hold it.
    struct City: Sendable, Equatable {
        /// The city ID (class10 code).
        var id: String
        var areaName: String
        /// The city's first AMeDAS point.
        var point: String
        /// The point's name: the city's own name, which is its station's.
        var pointName: String
    }

    /// The office's forecast file made from `sample`, or nil when the sample is not a list of
    /// reports whose series hold areas.
    static func forecast(from sample: JSONValue, office: String, officeName: String, cities: [City]) -> JSONValue? {
        guard sample.array?.isEmpty == false, !cities.isEmpty else { return nil }
        var points: [(code: String, name: String)] = []
        for city in cities where !points.contains(where: { $0.code == city.point }) {
            points.append((city.point, city.pointName))
        }
        let made = rewritingAreas(of: sample) { report, _, _, areas in
            let isFirst = report == 0
            return areas.array.flatMap {
                rewrite($0, areas: isFirst ? cities.map { ($0.id, $0.areaName) } : [(office, officeName)],
                        points: isFirst ? points : [points[0]])
            }.map(JSONValue.array)
        }
        return made.map { deriving($0, seeds: seeds(office: office, cities: cities)) }
    }

    /// `file`, a list of reports, with every `areas` list made anew by `rewrite`, given the report's index and the
    /// member's name: each series' of `timeSeries` (given its `timeDefines`) and each other member's that has one
    /// (`tempAverage`, `precipAverage`; no times); nil if a report is not an object or `rewrite` gives nil.
    static func rewritingAreas(
        of file: JSONValue, _ rewrite: (_ report: Int, _ member: String, _ times: [JSONValue]?, _ areas: JSONValue) -> JSONValue?
    ) -> JSONValue? {
        guard case .array(var reports) = file else { return nil }
        for index in reports.indices {
            guard case .object(var members) = reports[index] else { return nil }
            for member in members.indices {
                if members[member].key == "timeSeries", case .array(var series) = members[member].value {
                    for item in series.indices {
                        let times = series[item]["timeDefines"].array ?? []
                        guard let areas = rewrite(index, "timeSeries", times, series[item]["areas"]) else { return nil }
                        series[item]["areas"] = areas
                    }
                    members[member].value = .array(series)
                } else if members[member].value["areas"].array != nil {
                    guard let areas = rewrite(index, members[member].key, nil, members[member].value["areas"]) else { return nil }
                    members[member].value["areas"] = areas
                }
            }
            reports[index] = .object(members)
        }
        return .array(reports)
    }

    /// The city whose ID each area and point of an office's template draws its weather from: an area's and a point's
    /// own city (the first, for a point two cities share), the office's first city for the office itself. So a city's
    /// 3-day forecast is its own, and its week the office's, as in the agency's files.
    static func seeds(office: String, cities: [City]) -> [String: String] {
        var seeds: [String: String] = [:]
        for city in cities.reversed() {
            seeds[city.point] = city.id
            seeds[city.id] = city.id
        }
        if let first = cities.first, seeds[office] == nil {
            seeds[office] = first.id
        }
        return seeds
    }

    /// The office's overview made from `sample` and the office's forecast file as served (a sample or a template): the
    /// file's publisher and 3-day release time, `targetArea` the office's name, no headline, and a paragraph per area
    /// of the file's 3-day weather, from its first two `weathers` lines (``OverviewText``).
    static func overview(from sample: JSONValue, officeName: String, forecast: JSONValue) -> JSONValue {
        var overview = sample
        for key in ["publishingOffice", "reportDatetime"] {
            if overview[key].string != nil, let value = forecast[0][key].string {
                overview[key] = .string(value)
            }
        }
        if overview["targetArea"].string != nil {
            overview["targetArea"] = .string(officeName)
        }
        if overview["headlineText"].string != nil {
            overview["headlineText"] = .string("")
        }
        let paragraphs = (forecast[0]["timeSeries"][0]["areas"].array ?? []).compactMap { entry -> String? in
            guard let name = entry["area"]["name"].string, let today = entry["weathers"][0].string else { return nil }
            return OverviewText.paragraph(area: name, today: today, tomorrow: entry["weathers"][1].string)
        }
        overview["text"] = .string(OverviewText.text(paragraphs, area: officeName))
        return overview
    }

    /// The entries of one `areas` list, rewritten to the office's areas or points (as the sample's first entry has an
    /// area or a point); nil when the list is empty or its first entry has no code.
    private static func rewrite(
        _ sampleEntries: [JSONValue], areas: [(String, String)], points: [(code: String, name: String)]
    ) -> [JSONValue]? {
        guard let code = sampleEntries.first?["area"]["code"].string else { return nil }
        let targets = code.count == 5 ? points.map { ($0.code, $0.name) } : areas
        return targets.enumerated().map { index, target in
            var entry = sampleEntries[index % sampleEntries.count]
            entry["area"] = .strings(["name": target.1, "code": target.0])
            return entry
        }
    }
}
