/// The mock's registry of sources, the one place that names them: each is a folder of this module, named as its folder
/// of Sources/Forecast, whose ``MockSource`` a line here lists. A new source's mock is its folder and its line.
enum MockSources {
    /// Every source, in the order their fixtures are loaded, their paths are tried and their
    /// counters are listed on `/stats`.
    static let all: [any MockSource.Type] = [
        APIStore.self,
        AgencyStore.self,
        AmedasStore.self,
        WarningStore.self,
        HoursStore.self,
    ]

    /// The API, whose fault rules name no source (`--fault 130010=reset`) and whose counters
    /// of 142 cities `/stats` leaves out.
    static let api: any MockSource.Type = APIStore.self
}
