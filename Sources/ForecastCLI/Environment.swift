#if canImport(Glibc)
import Glibc
#endif

/// The process environment, as a value tests can make.
struct Environment: Sendable {
    /// The variables of a made environment; nil for the process's own, which is read with getenv(3) name by name.
    let table: [String: String]?

    /// The process's variables. A run looks up a dozen names, each with getenv(3), which
    /// libcurl and the C library read too: a name given twice has its first value. Building a
    /// table of every variable costs more than the lookups at every start. Nothing changes the
    /// environment after `ProcessWide.prepare()`, so reading it from any thread is safe.
    static var current: Environment {
        Environment(table: nil)
    }

    /// A variable's value as set, empty or not; nil if unset.
    func value(_ name: String) -> String? {
        if let table { return table[name] }
        // getenv returns a pointer into the environment, unchanged while forecast runs (see
        // `current`); String(cString:) copies it at once.
        return getenv(name).map { String(cString: $0) }
    }

    /// A variable's value; nil if unset or empty.
    subscript(name: String) -> String? {
        guard let value = value(name), !value.isEmpty else { return nil }
        return value
    }
}

extension Environment {
    init(variables: [String: String]) {
        self.init(table: variables)
    }
}
