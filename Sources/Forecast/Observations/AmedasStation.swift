/// An AMeDAS station: the agency's automatic weather station whose observations stand for a city now.
///
/// A city's stations are its area's `points` (``AgencyArea/points``), the first preferred; the names of those that
/// serve a catalog city are the table `amedas-stations.tsv`, written from the agency's station table
/// (`bosai/amedas/const/amedastable.json`) by `Scripts/generate-amedas-stations.py`.
public struct AmedasStation: Sendable, Hashable {
    /// The station's code: 2 digits of its prefecture and 3 of its number, "44132".
    public let code: String
    /// Its Japanese name: "東京".
    public let name: String
    /// Its English name as the agency writes it: "Tokyo".
    public let english: String

    /// The station with this code, named as the agency's table names it; a code the compiled
    /// table does not hold gets its code for a name.
    public static func named(_ code: String) -> AmedasStation {
        table.sortedLookup(code, by: \.code) ?? AmedasStation(code: code, name: code, english: code)
    }

    /// The station's name in `language`.
    public func name(in language: Language) -> String {
        language == .en ? english : name
    }
}
