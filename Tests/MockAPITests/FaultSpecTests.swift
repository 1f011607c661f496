import MockAPI
import Testing

/// The text form of faults used by `forecast-mock`.
@Suite("Fault specs")
struct FaultSpecTests {
    @Test(
        "Each kind parses to its fault",
        arguments: [
            ("status:503", FaultRule(.status(503))),
            ("status:429:retry-after=2", FaultRule(.status(429, retryAfter: "2"))),
            ("api-error", FaultRule(.apiError(FaultSpec.defaultAPIErrorMessage))),
            ("api-error:Weather area was not found: 1", FaultRule(.apiError("Weather area was not found: 1"))),
            ("html", FaultRule(.html)),
            ("malformed", FaultRule(.malformedJSON)),
            ("truncated", FaultRule(.truncated)),
            ("reset", FaultRule(.reset)),
            ("stall", FaultRule(.stall)),
            ("oversize:20000000", FaultRule(.oversize(bytes: 20_000_000))),
            ("endless", FaultRule(.endless)),
            ("redirect-loop", FaultRule(.redirectLoop)),
            ("redirect-file", FaultRule(.redirectToFile)),
            ("status:503@2", FaultRule(.status(503), firstAttempts: 2)),
            ("jma-one-report", FaultRule(.agencyOneReport)),
            ("jma-short-series@1", FaultRule(.agencyShortSeries, firstAttempts: 1)),
        ]
    )
    func kinds(text: String, rule: FaultRule) throws {
        #expect(try FaultSpec.rule(text) == rule)
    }

    @Test("CITY=KIND names the city; FRACTION:KIND sets the fraction")
    func cityAndRandom() throws {
        let (city, rule) = try FaultSpec.targetedRule("130010=status:503@2")
        #expect(city == FaultTarget(source: "city", key: "130010"))
        #expect(rule == FaultRule(.status(503), firstAttempts: 2))
        #expect(try FaultSpec.randomRule("0.25:reset") == FaultRule(.reset, fraction: 0.25))
    }

    @Test(
        "Malformed specs are rejected",
        arguments: [
            "bogus", "status", "status:99", "status:503:later", "oversize", "oversize:-1", "html:x", "reset@0",
            "status:101", "jma-one-report:1",
        ]
    )
    func rejected(text: String) {
        #expect(throws: FaultSpecError.self) { try FaultSpec.rule(text) }
    }

    @Test("office:OFFICE=KIND names an office; CITY=KIND a city, even of an office's code")
    func targeted() throws {
        let (office, officeRule) = try FaultSpec.targetedRule("office:270000=status:503@2")
        #expect(office == FaultTarget(source: "office", key: "270000"))
        #expect(officeRule == FaultRule(.status(503), firstAttempts: 2))
        let (city, cityRule) = try FaultSpec.targetedRule("270000=reset")
        #expect(city == FaultTarget(source: "city", key: "270000"))
        #expect(cityRule == FaultRule(.reset))
        #expect(throws: FaultSpecError.self) { try FaultSpec.targetedRule("office:=reset") }
        #expect(throws: FaultSpecError.self) { try FaultSpec.targetedRule("office:270000") }
        #expect(throws: FaultSpecError.self) { try FaultSpec.targetedRule("office:270000=bogus") }
    }

    @Test("CITY=KIND and FRACTION:KIND reject what is missing or out of range")
    func rejectedForms() {
        #expect(throws: FaultSpecError.self) { try FaultSpec.targetedRule("reset") }
        #expect(throws: FaultSpecError.self) { try FaultSpec.targetedRule("=reset") }
        #expect(throws: FaultSpecError.self) { try FaultSpec.randomRule("1.5:reset") }
        #expect(throws: FaultSpecError.self) { try FaultSpec.randomRule("reset") }
    }

    @Test("A source's malformed rule is answered with that source's form")
    func sourceForms() {
        let problems = ["warning:=reset", "amedas:map", "office:270000", "=reset"].map { text in
            #expect(throws: FaultSpecError.self) { try FaultSpec.targetedRule(text) }.map(\.problem) ?? ""
        }
        #expect(problems == [
            "expected warning:OFFICE=KIND, e.g. warning:130000=malformed",
            "expected amedas:latest_time=KIND or amedas:map=KIND",
            "expected office:OFFICE=KIND, e.g. office:270000=status:503",
            "expected CITY=KIND, e.g. 130010=status:503",
        ])
    }

    @Test("faultsByCity and its kin are views of faultsBySource")
    func bySource() {
        var configuration = MockConfiguration(latencyBySource: ["office": ["270000": .seconds(1)]], faultsBySource: ["office": ["270000": FaultRule(.reset)]])
        #expect(configuration.faultsBySource["office"] == ["270000": FaultRule(.reset)])
        configuration.faultsBySource["warning", default: [:]]["130000"] = FaultRule(.html)
        configuration.faultsByCity["130010"] = FaultRule(.stall)
        #expect(configuration.faultsBySource["warning"] == ["130000": FaultRule(.html)])
        #expect(configuration.faultsBySource["city"] == ["130010": FaultRule(.stall)])
        #expect(configuration.latencyBySource["office"] == ["270000": .seconds(1)])
    }
}
