#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sunrise and sunset as the national almanac (国立天文台「各地のこよみ」) defines them: the moment
/// the Sun's upper limb touches a sea-level horizon, with standard refraction, that is when its
/// centre is at an altitude of −0°50′ (−0.833°). Computed offline, from a place's coordinates
/// and a date, with NOAA's solar formulas (after Meeus, *Astronomical Algorithms*).
///
/// The Sun's declination and the equation of time are taken at the event's own moment: a first
/// guess from the position at the day's noon, then again at the time found, until the time
/// moves by less than a thousandth of a minute (two or three rounds). A position computed once
/// a day would still be within a minute, but would round to the almanac's minute less often.
public enum SunCalculator {
    /// The altitude of the Sun's centre at sunrise and sunset, in degrees: its semi-diameter
    /// (16′) and the standard refraction at the horizon (34′) below the horizon.
    public static let horizonAltitude = -50.0 / 60.0

    /// Minutes after the midnight of `day` (days since 1970-01-01) in JST at which the Sun rises
    /// and sets at `latitude` (north positive) and `longitude` (east positive), in degrees, not
    /// rounded; nil for an event that does not happen that day (a polar day or night).
    public static func events(day: Int, latitude: Double, longitude: Double) -> (sunrise: Double?, sunset: Double?) {
        (event(day: day, latitude: latitude, longitude: longitude, rising: true),
         event(day: day, latitude: latitude, longitude: longitude, rising: false))
    }

    /// The minutes after JST midnight of one event, iterated to its own moment.
    static func event(day: Int, latitude: Double, longitude: Double, rising: Bool) -> Double? {
        // The Julian day of the JST date's 0:00 UTC; the events lie about 9 h before and after it.
        let julianDayAtUTCMidnight = Double(day) + 2_440_587.5
        var minutesUTC = 720.0 - 4 * longitude  // the local noon, as a first moment
        for _ in 0..<8 {
            let position = SolarPosition(julianDay: julianDayAtUTCMidnight + minutesUTC / 1440)
            guard let hourAngle = position.hourAngle(latitude: latitude, altitude: horizonAltitude) else { return nil }
            let next = 720 - 4 * (longitude + (rising ? hourAngle : -hourAngle)) - position.equationOfTime
            let settled = abs(next - minutesUTC) < 0.001
            minutesUTC = next
            if settled { break }
        }
        return minutesUTC + 540  // JST is UTC+9 all year
    }
}

/// Where the Sun is at a moment, as far as sunrise and sunset need: its declination and the
/// equation of time (NOAA's solar calculator).
struct SolarPosition {
    /// Degrees.
    let declination: Double
    /// Minutes: apparent solar time less mean solar time.
    let equationOfTime: Double

    init(julianDay: Double) {
        let t = (julianDay - 2_451_545) / 36525  // Julian centuries since J2000.0
        let meanLongitude = (280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let m = radians(meanAnomaly)
        let center = sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * m) * (0.019993 - 0.000101 * t)
            + sin(3 * m) * 0.000289
        let omega = radians(125.04 - 1934.136 * t)
        let apparentLongitude = radians(meanLongitude + center - 0.00569 - 0.00478 * sin(omega))
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = radians(meanObliquity + 0.00256 * cos(omega))
        declination = degrees(asin(sin(obliquity) * sin(apparentLongitude)))
        let y = tan(obliquity / 2) * tan(obliquity / 2)
        let l0 = radians(meanLongitude)
        equationOfTime = 4 * degrees(
            y * sin(2 * l0) - 2 * eccentricity * sin(m) + 4 * eccentricity * y * sin(m) * cos(2 * l0)
                - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m))
    }

    /// The hour angle, in degrees, at which the Sun's centre is at `altitude` seen from
    /// `latitude`; nil when it stays above or below that altitude all day.
    func hourAngle(latitude: Double, altitude: Double) -> Double? {
        let phi = radians(latitude)
        let delta = radians(declination)
        let cosine = (sin(radians(altitude)) - sin(phi) * sin(delta)) / (cos(phi) * cos(delta))
        guard (-1...1).contains(cosine) else { return nil }
        return degrees(acos(cosine))
    }
}

private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
