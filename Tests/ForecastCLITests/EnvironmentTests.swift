import Forecast
import Foundation
@testable import ForecastCLI
import Testing

@Suite("The process environment")
struct EnvironmentTests {
    @Test("Environment.current reads what ProcessInfo reads")
    func matchesProcessInfo() {
        #expect(Environment.current.variables == ProcessInfo.processInfo.environment)
        #expect(Environment.current.variables["PATH"] != nil)
    }

    @Test("Environment.current looks each name up in the process's environment")
    func looksUp() {
        let process = ProcessInfo.processInfo.environment
        #expect(Environment.current.value("PATH") == process["PATH"])
        #expect(Environment.current["PATH"] == process["PATH"])
        #expect(Environment.current.value("FORECAST_SURELY_UNSET_VARIABLE") == nil)
        #expect(Environment(variables: ["EMPTY": ""]).value("EMPTY") == "")
    }

    @Test("Entries: '=' inside a value is kept, an empty value counts as unset, the first of two wins")
    func entries() {
        let environment = Environment(entries: ["A=1", "LS_COLORS=di=01;34:ln=01;36", "EMPTY=", "A=2", "NOEQUALS", "=x"])
        #expect(environment.variables == ["A": "1", "LS_COLORS": "di=01;34:ln=01;36", "EMPTY": "", "": "x"])
        #expect(environment["A"] == "1")
        #expect(environment["EMPTY"] == nil)
        #expect(environment["NOEQUALS"] == nil)
    }
}
