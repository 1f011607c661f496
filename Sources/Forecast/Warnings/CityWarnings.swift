/// The warnings and advisories (警報・注意報) in force for a city, from its office's `r8` file.
public struct CityWarnings: Sendable, Equatable {
    /// The file's office: the city's forecast office, or 014030 (十勝) and 460040 (奄美),
    /// which have files of their own.
    public var office: String
    /// The newest `reportDatetime` of the file's telegrams.
    public var reported: String
    /// What is in force, highest level first, then by code; a code the table does not know last.
    public var warnings: [Warning]
    /// The day in Japan they were read on, "YYYY-MM-DD": templates' `%S` and `%s` print its
    /// sunrise and sunset. The client sets it from its own clock when it reads the file.
    public var readOn: String

    /// Creates a city's warnings from their parts, read on `readOn` (today in Japan when nil).
    public init(office: String, reported: String, warnings: [Warning], readOn: String? = nil) {
        self.office = office
        self.reported = reported
        self.warnings = warnings
        self.readOn = readOn ?? AgencyTime.today(epoch: ForecastCache.systemNow())
    }

    /// The highest level in force, 0 for none.
    public var highestLevel: Int {
        warnings.compactMap(\.level).max() ?? 0
    }
}

/// One kind of warning or advisory in force.
public struct Warning: Sendable, Equatable {
    /// The code as the file writes it: "03".
    public var code: String
    /// What the code stands for; nil for a code the table does not know (shown, never dropped).
    public var kind: WarningCode?
    /// The status as written: 発表, 継続, or a downgrade such as 危険警報から警報 (its code is the new state).
    public var status: String
    /// The `reportDatetime` of the telegram it is in, as the file writes it.
    public var reported: String
    /// What the agency adds to it: 竜巻, ひょう, うねり.
    public var additions: [String]

    /// Creates a warning from its parts.
    public init(code: String, status: String, reported: String, additions: [String] = []) {
        self.code = code
        kind = WarningCode.of(code)
        self.status = status
        self.reported = reported
        self.additions = additions
    }

    /// The level (2 to 5), or nil for an unknown code.
    public var level: Int? { kind?.level }

    /// The name in `language`; for an unknown code, 不明な警報・注意報 (NN) or unknown warning (NN).
    public func name(in language: Language) -> String {
        if let kind { return kind.name(in: language) }
        return language == .en ? "unknown warning (\(code))" : "不明な警報・注意報 (\(code))"
    }

    /// The status in `language`: as written in Japanese; in English "issued", "continued", or a
    /// downgrade's two states ("danger warning to warning"). A status not known stays as written.
    public func status(in language: Language) -> String {
        guard language == .en else { return status }
        switch status {
        case "発表": return "issued"
        case "継続": return "continued"
        default:
            let parts = status.split(separator: "から", omittingEmptySubsequences: false)
            guard parts.count == 2, let from = Self.levelNames[String(parts[0])], let to = Self.levelNames[String(parts[1])] else { return status }
            return "\(from) to \(to)"
        }
    }

    /// What the agency adds to it, in `language`: as written in Japanese; in English the
    /// known words (竜巻 tornado, ひょう hail, うねり swell, …), another as written.
    public func additions(in language: Language) -> [String] {
        guard language == .en else { return additions }
        return additions.map { Self.additionNames[$0] ?? $0 }
    }

    /// The agency's additions (付加事項) this project translates.
    private static let additionNames = [
        "竜巻": "tornado", "突風": "gust", "ひょう": "hail", "落雷": "lightning", "うねり": "swell", "着氷": "icing",
        "着雪": "snow accretion", "融雪": "snowmelt", "浸水": "inundation", "なだれ": "avalanche",
    ]

    private static let levelNames = ["特別警報": "emergency warning", "危険警報": "danger warning", "警報": "warning", "注意報": "advisory"]

    /// The order of a city's warnings: the highest level first, then by code, unknown codes last.
    static func inOrder(_ lhs: Warning, _ rhs: Warning) -> Bool {
        let (left, right) = (lhs.level ?? 0, rhs.level ?? 0)
        return left != right ? left > right : lhs.code < rhs.code
    }
}
