internal import JapanTime

/// A value's own time (a forecast's publication, an observation's) and how old it was when it was read: what a
/// template's `%u` and `%a` print.
public struct DataAge: Sendable, Equatable {
    /// The value's own time, in seconds since 1970.
    public let time: Int
    /// How old the value was when it was read, in seconds.
    public let seconds: Int

    /// The age of a value of `time` read at `now` (seconds since 1970); the client makes them, so this is for tests.
    public init(time: Int, now: Int) {
        self.time = time
        seconds = now - time
    }

    /// The age in the largest unit that fits: "45 s", "12 min", "3 h", "2 d" (`%a`).
    public var text: String { Self.text(seconds) }

    /// The time in Japan, "05:00" on the day it was read, else with its date, "03-12 05:00" (`%u`).
    public var timeText: String {
        let (day, second) = (JST.day(ofInstant: time), JST.second(ofInstant: time))
        let clock = JST.padded(second / 3600, 2) + ":" + JST.padded(second / 60 % 60, 2)
        guard day != JST.day(ofInstant: time + seconds) else { return clock }
        return String(JST.date(ofDay: day).dropFirst(5)) + " " + clock
    }

    /// `seconds` in the largest unit that fits, rounded down: "45 s", "12 min", "3 h", "2 d"; a negative age (a
    /// clock behind the source's) is "0 s".
    static func text(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(max(seconds, 0)) s"
        case ..<3600: "\(seconds / 60) min"
        case ..<86_400: "\(seconds / 3600) h"
        default: "\(seconds / 86_400) d"
        }
    }
}
