/// A `--format` template in wttr.in's spirit: text with `%` placeholders, `%l %C %H°` → `東京 晴のち曇 27°`.
///
/// Parsing is separate from printing so that an unknown placeholder is found before any request.
public struct FormatTemplate: Sendable, Equatable {
    /// What a placeholder stands for: the letter after `%`, and what it prints. The city's and the days' are declared
    /// here; a source's own in its folder (`%r`, the week's reliability), and `Registry` lists which commands answer
    /// which. A row that does not answer one prints `-`.
    public struct Placeholder: Sendable, Hashable, CustomStringConvertible {
        /// The letter after `%`.
        public let rawValue: Character
        /// What it prints, for the error of an unknown one.
        public let summary: String

        init(_ letter: Character, _ summary: String) {
            rawValue = letter
            self.summary = summary
        }

        /// The placeholder of a letter, if a command answers it.
        public init?(rawValue: Character) {
            guard let known = Registry.placeholders.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = known
        }

        /// Two placeholders are one when their letters are.
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
        /// Hashes the letter.
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
        /// As a template spells it: `%r`.
        public var description: String { "%\(rawValue)" }

        /// `%i`: the city's ID.
        public static let id = Self("i", "ID")
        /// `%l`: the city's name.
        public static let city = Self("l", "city name")
        /// `%c`: the weather icon, an emoji.
        public static let icon = Self("c", "weather icon (emoji)")
        /// `%C`: the weather phrase.
        public static let weather = Self("C", "weather phrase")
        /// `%H`: the maximum, °C.
        public static let maximum = Self("H", "max °C")
        /// `%L`: the minimum, °C.
        public static let minimum = Self("L", "min °C")
        /// `%p`: the highest chance of rain still ahead that day, with `%`.
        public static let rain = Self("p", "highest rain chance still ahead that day, with %")
        /// `%d`: the date, YYYY-MM-DD.
        public static let date = Self("d", "date (YYYY-MM-DD)")
        /// `%D`: the day's label.
        public static let dayLabel = Self("D", "day label (今日, Today)")
        /// `%P`: the prefecture.
        public static let prefecture = Self("P", "prefecture")
        /// `%w`: the day of the week (日, Sun).
        public static let weekday = Self("w", "day of the week (日, Sun)")
        /// `%u`: the data's own time in Japan (a forecast's publication, an observation's), `05:00`, with its date when
        /// it is not of the day it was read, `03-12 05:00`.
        public static let dataTime = Self("u", "the data's time, HH:MM JST (MM-DD HH:MM when not today)")
        /// `%a`: the data's age when it was read: `12 min`, `3 h`.
        public static let age = Self("a", "the data's age (12 min, 3 h)")

        /// `%t`: a temperature, °C: observed (`now`), or at a period's start (`hours`).
        public static let temperatureNow = Self("t", "temperature, °C (forecast now; forecast hours: at the period's start)")
        /// `%W`: the wind, its direction and speed (南南東 3.8m/s) or range (北 3-5m/s).
        public static let wind = Self("W", "wind: direction and m/s (forecast now; forecast hours: its range)")

        /// The city's and the days', in the order help and errors list them.
        static let common = [id, city, icon, weather, maximum, minimum, rain, date, dayLabel, prefecture, weekday, dataTime, age]
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
        let known = Registry.placeholders.map { "%\($0.rawValue)" }.joined(separator: " ") + " %%"
        let what = placeholder.map { "unknown placeholder \"%\($0)\"" } ?? "a \"%\" ends it (write %% for a percent sign)"
        return "\(what); the placeholders are \(known)"
    }
}
