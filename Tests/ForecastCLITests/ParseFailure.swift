@testable import ForecastCLI

/// The message and exit code a parse of `arguments` would end the process with, or nil if
/// they parse.
func parseFailure(_ arguments: [String]) -> (message: String, code: Int32)? {
    do {
        _ = try Fetch.parse(arguments)
        return nil
    } catch {
        return (Fetch.message(for: error), Fetch.exitCode(for: error).rawValue)
    }
}
