import Forecast

/// Reads arguments as getopt does, against ``Registry/options``: `--name value`, `--name=value`,
/// `-n value`, `-nvalue` (`-d1`, `-j4`, `-fline`), clusters of flags (`-pv`, `-pj4`), `--` to
/// end the options, and `-` as an argument (standard input).
///
/// An option that takes a value takes the next argument whatever it looks like, as getopt does, so `--days -1` says
/// what `--days` must be rather than that its value is missing. An option is read by its name before the command is
/// known (`forecast -p week`); the command's own definition of that name then applies (`Invocation`).
struct ArgumentScanner {
    /// An option as it was given, and where.
    struct Given: Sendable {
        let spec: OptionSpec
        /// The value; "" for a flag.
        let value: String
        let origin: Origin
    }

    /// What a list of arguments holds.
    struct Scan: Sendable {
        var options: [Given] = []
        var operands: [String] = []
    }

    static func scan(_ arguments: [String], origin: Origin = .commandLine) throws(UsageError) -> Scan {
        var scan = Scan()
        var remaining = arguments[...]
        func add(_ spec: OptionSpec, _ value: String) {
            scan.options.append(Given(spec: spec, value: value, origin: origin))
        }
        while let argument = remaining.popFirst() {
            if argument == "--" {
                scan.operands += remaining
                break
            }
            if argument == "-" || !argument.hasPrefix("-") {
                scan.operands.append(argument)
                continue
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = body.prefix { $0 != "=" }
                guard let spec = Registry.option(long: name) else {
                    throw UsageError(unknownOption("--\(name)")).located(at: origin)
                }
                let attached = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
                if spec.takesValue {
                    guard let value = attached ?? remaining.popFirst() else {
                        throw UsageError(missingValue(spec)).located(at: origin)
                    }
                    add(spec, value)
                } else {
                    guard attached == nil else { throw UsageError("--\(spec.long) takes no value").located(at: origin) }
                    add(spec, "")
                }
                continue
            }
            // One or more one-letter options; one that takes a value takes the rest.
            var letters = argument.dropFirst()[...]
            while let letter = letters.popFirst() {
                guard let spec = Registry.option(short: letter) else {
                    throw UsageError(unknownOption("-\(letter)")).located(at: origin)
                }
                guard spec.takesValue else {
                    add(spec, "")
                    continue
                }
                guard let value = letters.isEmpty ? remaining.popFirst() : String(letters) else {
                    throw UsageError(missingValue(spec)).located(at: origin)
                }
                add(spec, value)
                break
            }
        }
        return scan
    }

    /// "unknown option '--colour'; did you mean '--color'?" (a long name within a small edit
    /// distance: a typo, a transposition, British spelling), or where to look when none is that close.
    static func unknownOption(_ spelling: String) -> String {
        if spelling.hasPrefix("--"), let close = EditDistance.closest(to: String(spelling.dropFirst(2)), among: Registry.options.map(\.long)) {
            return "unknown option '\(spelling)'; did you mean '--\(close)'?"
        }
        return "unknown option '\(spelling)'; `forecast --help` lists the options"
    }

    /// "--format needs a value (F)".
    private static func missingValue(_ spec: OptionSpec) -> String {
        if case .value(let name) = spec.arity {
            return "--\(spec.long) needs a value (\(name))"
        }
        return "--\(spec.long) needs a value"
    }
}
