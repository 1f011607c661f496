/// The agency's forecast file of an unexpected shape, for ``Fault/agencyOneReport`` and ``Fault/agencyShortSeries``.
enum AgencyFaults {
    /// `file` as `fault` shapes it: as it is for another fault, or none.
    static func shaping(_ file: JSONValue, as fault: Fault?) -> JSONValue {
        switch fault {
        case .agencyOneReport: oneReport(file)
        case .agencyShortSeries: shortSeries(file)
        default: file
        }
    }

    /// The file cut to its first report: `[3-day report]`.
    static func oneReport(_ file: JSONValue) -> JSONValue {
        guard let reports = file.array, let first = reports.first else { return file }
        return .array([first])
    }

    /// The file with every value array of every series (each area's `weatherCodes`, `pops`,
    /// `temps`, …) one entry shorter than the series' `timeDefines`.
    static func shortSeries(_ file: JSONValue) -> JSONValue {
        let short = AgencyTemplate.rewritingAreas(of: file) { _, _, times, areas in
            guard times != nil, case .array(let entries) = areas else { return areas }
            return .array(entries.map(Self.droppingLastValues))
        }
        return short ?? file
    }

    /// An area entry whose arrays each lose their last element.
    private static func droppingLastValues(_ entry: JSONValue) -> JSONValue {
        guard case .object(var members) = entry else { return entry }
        for index in members.indices {
            if case .array(let values) = members[index].value, !values.isEmpty {
                members[index].value = .array(Array(values.dropLast()))
            }
        }
        return .object(members)
    }
}
