/// A `--format` template in wttr.in's spirit: text with `%` placeholders, `%l %C %H°` →
/// `東京 晴のち曇 27°`.
///
/// Parsing is separate from printing so that an unknown placeholder is found before any request.
public struct FormatTemplate: Sendable, Equatable {
    /// What a placeholder stands for; the raw value is the letter after `%`.
    public enum Placeholder: Character, Sendable, CaseIterable {
        /// `%i`: the city's ID.
        case id = "i"
        /// `%l`: the city's name.
        case city = "l"
        /// `%c`: the weather icon, an emoji.
        case icon = "c"
        /// `%C`: the weather phrase.
        case weather = "C"
        /// `%H`: the maximum, °C.
        case maximum = "H"
        /// `%L`: the minimum, °C.
        case minimum = "L"
        /// `%p`: the highest chance of rain still ahead that day, with `%`.
        case rain = "p"
        /// `%d`: the date, YYYY-MM-DD.
        case date = "d"
        /// `%D`: the day's label.
        case dayLabel = "D"
        /// `%P`: the prefecture.
        case prefecture = "P"
        /// `%w`: the day of the week (日, Sun).
        case weekday = "w"
        /// `%r`: the weekly forecast's reliability (A, B, C); `-` in the 3-day forecast.
        case reliability = "r"
        /// `%t`: the temperature now, °C (`forecast now`).
        case temperatureNow = "t"
        /// `%h`: the humidity now, with `%` (`forecast now`).
        case humidity = "h"
        /// `%W`: the wind now, its direction and speed: 南南東 3.8m/s (`forecast now`).
        case wind = "W"
        /// `%R`: the precipitation of the last hour, mm (`forecast now`).
        case rainLastHour = "R"
        /// `%S`: the sunrise, HH:MM JST, at the city on the row's date (today's in `forecast now`),
        /// computed offline.
        case sunrise = "S"
        /// `%s`: the sunset, the same way.
        case sunset = "s"

        /// What it prints, for `--help` and the error of an unknown one.
        public var summary: String {
            switch self {
            case .id: "ID"
            case .city: "city name"
            case .icon: "weather icon (emoji)"
            case .weather: "weather phrase"
            case .maximum: "max °C"
            case .minimum: "min °C"
            case .rain: "highest rain chance still ahead that day, with %"
            case .date: "date (YYYY-MM-DD)"
            case .dayLabel: "day label (今日, Today)"
            case .prefecture: "prefecture"
            case .weekday: "day of the week (日, Sun)"
            case .reliability: "reliability of a weekly day (A, B, C)"
            case .temperatureNow: "temperature now, °C (forecast now)"
            case .humidity: "humidity now, with % (forecast now)"
            case .wind: "wind now: direction and m/s (forecast now)"
            case .rainLastHour: "precipitation of the last hour, mm (forecast now)"
            case .sunrise: "sunrise, HH:MM, on the row's date (computed, no request)"
            case .sunset: "sunset, HH:MM, on the row's date (computed, no request)"
            }
        }
    }

    /// A piece of a template.
    public enum Part: Sendable, Equatable {
        /// Text printed as it is (`%%` becomes a `%` here).
        case text(String)
        /// A value.
        case value(Placeholder)
    }

    /// The template's pieces in order.
    public let parts: [Part]

    /// A template of these pieces.
    public init(parts: [Part]) {
        self.parts = parts
    }

    /// True if `text` is a template rather than a format's name: it contains `%`.
    public static func isTemplate(_ text: String) -> Bool {
        text.contains("%")
    }

    /// Parses a template; an unknown placeholder, or a `%` that ends it, is an error.
    public init(_ text: String) throws(FormatTemplateError) {
        var parts: [Part] = []
        var literal = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            guard let next = iterator.next() else { throw FormatTemplateError(template: text, placeholder: nil) }
            if next == "%" {
                literal.append("%")
            } else if let placeholder = Placeholder(rawValue: next) {
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.value(placeholder))
            } else {
                throw FormatTemplateError(template: text, placeholder: next)
            }
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// One output line: the template with each placeholder replaced by `value`'s text for it
    /// ("-" where it has none), made safe for a terminal, ending in a newline.
    func line(_ value: (Placeholder) -> String?) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal): text += literal
            case .value(let placeholder): text += value(placeholder) ?? "-"
            }
        }
        return UntrustedText.sanitized(text) + "\n"
    }
}

/// A template with a placeholder the tool does not know, or a `%` at its end.
public struct FormatTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole template.
    public let template: String
    /// The letter after the `%`, or nil for a `%` that ends the template.
    public let placeholder: Character?

    /// The error of `template`, at `placeholder` (nil: a `%` ends it).
    public init(template: String, placeholder: Character?) {
        self.template = template
        self.placeholder = placeholder
    }

    public var description: String {
        let known = FormatTemplate.Placeholder.allCases.map { "%\($0.rawValue)" }.joined(separator: " ") + " %%"
        let what = placeholder.map { "unknown placeholder \"%\($0)\"" } ?? "a \"%\" ends it (write %% for a percent sign)"
        return "\(what); the placeholders are \(known)"
    }
}
