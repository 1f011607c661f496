/// The sun's times as every format prints them: a row a day.
///
/// TSV's columns are `date sunrise sunset daylight`, each time `HH:MM` in JST and the daylight the difference of the
/// printed times; JSON has the city's `latitude` and `longitude`, then `days`, whose sunrise and sunset are times as
/// every JSON writes one (`2026-11-29T06:31:00+09:00`) and daylight `HH:MM`. The line is `↑06:50 ↓16:38`, a later day
/// led by its date. The table's footer says where the times were computed, and that they are sea-level times.
extension CitySun: RowReport {
    func row(_ index: Int) -> SunDay { days[index] }

    /// A row a day.
    public var rowCount: Int { days.count }

    /// The sun's fields, line, placeholders and table.
    public static let layout = ReportLayout<CitySun>(
        fields: [
            field("date") { day, _ in .text(day.date) },
            field("sunrise", .tsv) { day, _ in .text(SunDay.clock(day.sunrise)) },
            field("sunset", .tsv) { day, _ in .text(SunDay.clock(day.sunset)) },
            // JSON's times are instants, as every JSON writes a time.
            field("sunrise", .json) { day, _ in .time(day.instant(day.sunrise)) },
            field("sunset", .json) { day, _ in .time(day.instant(day.sunset)) },
            field("daylight") { day, _ in .text(SunDay.clock(day.daylight)) },
        ],
        members: { result, _ in
            guard let sun = result.value else { return [] }
            return [("latitude", .number(sun.latitude)), ("longitude", .number(sun.longitude))]
        },
        place: { _ in nil },
        published: { sun in NumberText.coordinates(latitude: sun.latitude, longitude: sun.longitude) },
        line: { sun, row, _ in
            let day = sun.days[row]
            let times = "↑" + (SunDay.clock(day.sunrise) ?? "-") + " ↓" + (SunDay.clock(day.sunset) ?? "-")
            // The first day follows the city's name; a later one says which day it is.
            return row == 0 ? times : String(day.date.suffix(5)) + " " + times
        },
        placeholder: { placeholder, sun, row, style in
            let day = sun.days[row]
            return switch placeholder {
            case .date: day.date
            case .sunrise: SunDay.clock(day.sunrise)
            case .sunset: SunDay.clock(day.sunset)
            case .weekday: Weekday(date: day.date)?.name(style.language)
            default: nil
            }
        },
        table: TableDesign(
            columns: { language in
                let english = language == .en
                let gap = language.columnGap
                return [
                    column(.init("date", width: 10, gap: gap, wraps: false), "日付", "date") { day, _ in (day.date, .none) },
                    column(.init("weekday", width: english ? 3 : 2, gap: gap, wraps: false), "曜", "day") { day, style in
                        (Weekday(date: day.date)?.name(style.language) ?? "-", .none)
                    },
                    column(.init("sunrise", width: english ? 7 : 6, gap: gap, right: true, wraps: false), "日の出", "sunrise") { day, _ in
                        (SunDay.clock(day.sunrise) ?? "-", .yellow)
                    },
                    column(.init("sunset", width: english ? 6 : 8, gap: gap, right: true, wraps: false), "日の入り", "sunset") { day, _ in
                        (SunDay.clock(day.sunset) ?? "-", .red)
                    },
                    column(.init("daylight", width: english ? 8 : 8, gap: gap, right: true, wraps: false), "昼の長さ", "daylight") { day, _ in
                        (SunDay.clock(day.daylight) ?? "-", .none)
                    },
                ]
            },
            steps: { _ in [.drop("daylight"), .drop("weekday"), .drop("id"), .drop("city")] },
            groups: { _ in [] }),
        timeLead: ("地点", "At"))
}

extension SunDay {
    /// A time of the day, minutes after midnight, as the agency writes an instant: "2026-11-29T06:31+09:00".
    func instant(_ minutes: Int?) -> String? {
        SunDay.clock(minutes).map { date + "T" + $0 + "+09:00" }
    }
}
