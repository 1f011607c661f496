import Forecast
import Foundation
@testable import ForecastCLI
import Testing
#if canImport(Glibc)
import Glibc
#endif

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

extension Environment {
    /// Every variable, by name: the made table, or the process's from `environ`.
    var variables: [String: String] {
        if let table { return table }
        var entries: [String] = []
        // environ is the C library's NULL-terminated array of "NAME=value" strings, unchanged
        // after ProcessWide.prepare(); each string is copied into a Swift String before the
        // next is read.
        var entry = environ
        while let pointer = entry.pointee {
            entries.append(String(cString: pointer))
            entry += 1
        }
        return Environment(entries: entries).variables
    }

    /// The variables of "NAME=value" entries, as `environ` holds them. A name given twice keeps
    /// its first value, as getenv(3) does; an entry without "=" is not a variable.
    init(entries: [String]) {
        var variables: [String: String] = [:]
        for text in entries {
            guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(text[..<equals])
            if variables[name] == nil {
                variables[name] = String(text[text.utf8.index(after: equals)...])
            }
        }
        self.init(variables: variables)
    }
}
