import JapanTime
import Foundation
import Testing

@testable import MockAPI

/// Japan Standard Time's dates and times, checked against Foundation's calendar.
@Suite("JST")
struct JSTTests {
    @Test("Day numbers and dates agree with Foundation's Gregorian calendar, from 1900 to 2100")
    func calendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        for day in stride(from: -25_567, through: 47_482, by: 13) {
            let components = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(day * 86_400)))
            let civil = JST.civil(day)
            let expected: [Int] = [components.year!, components.month!, components.day!]
            #expect([civil.year, civil.month, civil.day] == expected, "day \(day)")
            #expect(JST.dayNumber(year: civil.year, month: civil.month, day: civil.day) == day)
        }
    }

    @Test("Instants are read with any offset and written in JST")
    func instants() {
        let release = Int(ISO8601DateFormatter().date(from: "2026-03-12T05:00:00+09:00")!.timeIntervalSince1970)
        #expect(JST.parseInstant("2026-03-12T05:00:00+09:00") == release)
        #expect(JST.parseInstant("2026-03-11T20:00:00Z") == release)
        #expect(JST.parseInstant("2026-03-11T15:00:00-05:00") == release)
        #expect(JST.parseInstant("2026-03-12") == nil)
        #expect(JST.parseInstant("2026-03-12T05:00:00+0900") == nil)
        #expect(JST.parseInstant("晴れ") == nil)
        #expect(JST.iso(release) == "2026-03-12T05:00:00+09:00")
        #expect(JST.formatted(release - 21 * 60) == "2026/03/12 04:39:00")
        #expect(JST.iso(release - 5 * 3600 - 1) == "2026-03-11T23:59:59+09:00")
    }

    @Test(
        "A date moves by whole days across month, leap day and year, keeping what follows it",
        arguments: [
            ("2024-02-28T09:00:00+09:00", 1, "2024-02-29T09:00:00+09:00"),
            ("2025-02-28", 1, "2025-03-01"),
            ("2025-12-31", 1, "2026-01-01"),
            ("2026-03-01T00:00:00+09:00", -1, "2026-02-28T00:00:00+09:00"),
            ("2022-05-19", 1652, "2026-11-26"),
            ("くもり", 3, "くもり"),
        ])
    func shifting(text: String, days: Int, expected: String) {
        #expect(JST.shiftingDate(of: text, by: days) == expected)
    }
}
