/// A command line, config file or standard input that cannot be run: exit 64, nothing fetched.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, a problem a line, each with where it was read when that was a file's
    /// line or standard input's.
    let message: String
    /// The command whose usage follows the message; nil before the arguments name one (the
    /// fetch's usage is shown then).
    var command: Invocation.Command?

    init(_ message: String) {
        self.message = message
    }

    /// The same error, read from a config file's line ("…/config, line 2: …") or standard
    /// input's ("standard input, line 2: …").
    func located(at origin: Origin) -> UsageError {
        guard let place = origin.place else { return self }
        return UsageError("\(place): \(message)")
    }

    /// The same error, in the run of `command`, whose usage line it ends with.
    func during(_ command: Invocation.Command) -> UsageError {
        var error = self
        error.command = error.command ?? command
        return error
    }

    /// What stderr says of it: each problem on a line of its own, then one line of usage, every
    /// line beginning `forecast: ` as every message of the command does.
    var lines: [String] {
        let usage = command ?? .fetch
        let problems = message.split(separator: "\n", omittingEmptySubsequences: true)
        return problems.map { "forecast: \($0)" } + ["forecast: usage: \(usage.usage) (see \(usage.spelling) --help)"]
    }

    var description: String { message }
}

/// Where an argument was read: the command line, a line of the config file, or a line of
/// standard input (`-`).
enum Origin: Sendable, Equatable {
    case commandLine
    case configFile(path: String, line: Int)
    case standardInput(line: Int)

    var isConfigFile: Bool {
        if case .configFile = self { true } else { false }
    }

    /// How a message names the place: "…/config, line 2", "standard input, line 2"; nil for
    /// the command line, which a message need not name.
    var place: String? {
        switch self {
        case .commandLine: nil
        case .configFile(let path, let line): "\(path), line \(line)"
        case .standardInput(let line): "standard input, line \(line)"
        }
    }
}
