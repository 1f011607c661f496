/// What an AMeDAS station measured at one ten-minute time: a value of the agency's map file
/// (`bosai/amedas/data/map/YYYYMMDDHHmm00.json`) for one station.
///
/// Each value is nil when the station did not measure it, or when the file's quality flag says the number is no
/// measurement (only flags 0, 1 and 4 are: `snow [162, 5]` or `snow1h [0, 6]` are "not observed" or "missing").
public struct Observation: Sendable, Equatable {
    /// The station the values are from.
    public var station: AmedasStation
    /// The observation time in Japan, "2025-06-28T18:00+09:00".
    public var observed: String
    /// The air temperature, °C (`temp`).
    public var temperature: Double?
    /// The relative humidity, % (`humidity`).
    public var humidity: Int?
    /// Where the wind blows from (`windDirection`); ``CompassPoint/calm`` when there is none.
    public var windDirection: CompassPoint?
    /// The ten-minute mean wind speed, m/s (`wind`).
    public var windSpeed: Double?
    /// Precipitation in the last 10 minutes, mm (`precipitation10m`).
    public var precipitation10m: Double?
    /// Precipitation in the last hour, mm (`precipitation1h`).
    public var precipitation1h: Double?
    /// Precipitation in the last 24 hours, mm (`precipitation24h`).
    public var precipitation24h: Double?
    /// Sunshine in the last hour, hours (`sun1h`).
    public var sunshine1h: Double?
    /// The depth of the snow on the ground, cm (`snow`), observed on the hour only.
    public var snowDepth: Int?
    /// The pressure reduced to sea level, hPa (`normalPressure`).
    public var seaLevelPressure: Double?
    /// The automatic weather observation (`weather`), on the hour only, at the stations that make it.
    public var weather: AutomaticWeather?
    /// The values whose flag is 4, 資料不足: measured, but over less than the whole period
    /// (an hour's sunshine with minutes missing). They are printed, and marked in JSON.
    public var incomplete: [Field]
    /// Whether the observation is more than ``outdatedAfter`` seconds old when it is read: the
    /// agency's newest file has stopped moving on. It is printed, marked.
    public var outdated = false

    /// Three hours, in seconds.
    public static let outdatedAfter = 3 * 3600

    /// The values of an observation, by the names TSV and JSON give them.
    public enum Field: String, Sendable, CaseIterable {
        /// `temp_c`: the air temperature.
        case temperature = "temp_c"
        /// `humidity`: the relative humidity.
        case humidity
        /// `wind_dir`: where the wind blows from.
        case windDirection = "wind_dir"
        /// `wind_ms`: the wind's ten-minute mean speed.
        case windSpeed = "wind_ms"
        /// `precip_10m_mm`: the precipitation of the last 10 minutes.
        case precipitation10m = "precip_10m_mm"
        /// `precip_1h_mm`: the precipitation of the last hour.
        case precipitation1h = "precip_1h_mm"
        /// `precip_24h_mm`: the precipitation of the last 24 hours.
        case precipitation24h = "precip_24h_mm"
        /// `sun_1h_h`: the sunshine of the last hour.
        case sunshine1h = "sun_1h_h"
        /// `snow_cm`: the snow's depth.
        case snowDepth = "snow_cm"
        /// `pressure_hpa`: the sea-level pressure.
        case seaLevelPressure = "pressure_hpa"
        /// `weather`: the automatic weather observation.
        case weather
    }

    /// Creates an observation with no values; the decoder fills them in.
    public init(station: AmedasStation, observed: String) {
        self.station = station
        self.observed = observed
        incomplete = []
    }
}
