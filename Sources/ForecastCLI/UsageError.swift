/// A command line, config file or standard input that cannot be run: exit 64, nothing fetched.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, and where it was read when that was a file's line.
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The same error, read from a config file's line: "…/config, line 2: …".
    func located(at origin: Origin) -> UsageError {
        guard case .configFile(let path, let line) = origin else { return self }
        return UsageError("\(path), line \(line): \(message)")
    }

    var description: String { message }
}

/// Where an argument was read: the command line, or a line of the config file.
enum Origin: Sendable, Equatable {
    case commandLine
    case configFile(path: String, line: Int)

    var isConfigFile: Bool {
        if case .configFile = self { true } else { false }
    }
}
