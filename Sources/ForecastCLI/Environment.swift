#if canImport(Glibc)
import Glibc
#endif

/// The process environment, as a value tests can make.
struct Environment: Sendable {
    /// The variables of a made environment; nil for the process's own, which is read with
    /// getenv(3) name by name.
    private let table: [String: String]?

    init(variables: [String: String]) {
        table = variables
    }

    private init(process: Void) {
        table = nil
    }

    /// The process's variables. A run looks up a dozen names, each with getenv(3), which
    /// libcurl and the C library read too: a name given twice has its first value. Building a
    /// table of every variable costs more than the lookups at every start. Nothing changes the
    /// environment after `ProcessWide.prepare()`, so reading it from any thread is safe.
    static var current: Environment {
        Environment(process: ())
    }

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
