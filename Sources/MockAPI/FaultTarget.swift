/// What a fault rule or a latency is set for: a city of the API or an office of the agency.
///
/// The two are apart because their codes collide: 270000 is both Osaka's city ID and the Osaka
/// office's code (so are 011000, 370000, 472000 and 473000).
public enum FaultTarget: Sendable, Hashable {
    /// A city ID as it appears in an API request (`/api/forecast/city/{id}`,
    /// `/api/forecast?city={id}`); ``MockConfiguration/faultsByCity``.
    case city(String)
    /// An office code as it appears in a request for one of its files
    /// (`/bosai/forecast/data/forecast/{office}.json`,
    /// `/bosai/forecast/data/overview_forecast/{office}.json`);
    /// ``MockConfiguration/faultsByOffice``.
    case office(String)
    /// One of the agency's AMeDAS files: `latest_time` (`/bosai/amedas/data/latest_time.txt`)
    /// or `map` (any `/bosai/amedas/data/map/{name}.json`); ``MockConfiguration/faultsByAmedas``.
    case amedas(String)
    /// An office code as it appears in a request for its warning file
    /// (`/bosai/warning/data/r8/{office}.json`); ``MockConfiguration/faultsByWarning``.
    case warning(String)
}
