/// A fixture file is missing or does not have the expected shape, so the server cannot start.
public struct FixtureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file concerned.
    public var path: String
    /// What is wrong with it, e.g. "cannot be read" or "has no column \"id\"".
    public var problem: String

    /// A one-line message for a person: what is wrong and what to do.
    public var description: String {
        "mock fixtures: \(path) \(problem); point MockConfiguration.fixturesDirectory "
            + "(forecast-mock --fixtures) at the repository's Fixtures/ folder"
    }
}
