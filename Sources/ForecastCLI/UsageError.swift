import Forecast

/// Where an argument was read: the command line, a line of the config file, or a line of standard input (`-`).
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

extension UsageError {
    /// The same error, read from a config file's line ("…/config, line 2: …") or standard
    /// input's ("standard input, line 2: …").
    func located(at origin: Origin) -> UsageError {
        located(at: origin.place)
    }
}
