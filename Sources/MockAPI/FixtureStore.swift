/// The sources' files (``MockSources``), loaded once when the server starts.
struct FixtureStore: Sendable {
    /// Each source, loaded, in the registry's order.
    let sources: [any MockSource]

    /// The store of the project's own `Fixtures/`, loaded once per process by the first server that serves it: that
    /// folder does not change while a process runs, and a test suite starting hundreds of servers at once would
    /// otherwise derive the same store hundreds of times. A `static let` is initialised once, and a server starting
    /// meanwhile waits for it rather than loading a copy of its own.
    private static let defaultStore = Result { () throws(FixtureError) -> FixtureStore in
        try load(directory: MockConfiguration.defaultFixturesDirectory)
    }

    /// ``load(directory:)``, read once per process for the default fixtures folder and afresh
    /// for any other (a test's folder may change between two servers).
    static func shared(directory: String) throws(FixtureError) -> FixtureStore {
        guard directory == MockConfiguration.defaultFixturesDirectory else {
            return try load(directory: directory)
        }
        return try defaultStore.get()
    }

    static func load(directory: String) throws(FixtureError) -> FixtureStore {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return FixtureStore(sources: try MockSources.all.map { source throws(FixtureError) in try source.load(fixtures: folder) })
    }
}
