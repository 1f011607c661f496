/// Reads arguments as getopt does, against ``OptionTable``: `--name value`, `--name=value`,
/// `-n value`, `-nvalue` (`-d1`, `-j4`, `-fline`), clusters of flags (`-pv`, `-pj4`), `--` to
/// end the options, and `-` as an argument (standard input).
///
/// An option that takes a value takes the next argument whatever it looks like, as getopt
/// does, so `--days -1` says what `--days` must be rather than that its value is missing.
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
        /// The arguments that are not options, in order.
        var operands: [String] = []
    }

    /// Scans `arguments` read from `origin`.
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
                guard let spec = OptionTable.option(long: name) else {
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
                guard let spec = OptionTable.option(short: letter) else {
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

    /// "unknown option '--colour'; did you mean '--color'?", or where to look when nothing
    /// is spelled close to it.
    static func unknownOption(_ spelling: String) -> String {
        let isLong = spelling.hasPrefix("--")
        if isLong, let close = closestLongName(to: String(spelling.dropFirst(2))) {
            return "unknown option '\(spelling)'; did you mean '--\(close)'?"
        }
        return "unknown option '\(spelling)'; `forecast --help` lists the options"
    }

    /// The long name within a small edit distance of `name` (a typo, a transposition, British
    /// spelling), or nil when none is that close.
    static func closestLongName(to name: String) -> String? {
        EditDistance.closest(to: name, among: OptionTable.all.map(\.long))
    }

    /// "--format needs a value (F)".
    private static func missingValue(_ spec: OptionSpec) -> String {
        if case .value(let name) = spec.arity {
            return "--\(spec.long) needs a value (\(name))"
        }
        return "--\(spec.long) needs a value"
    }
}

/// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
/// two neighbours each count one.
enum EditDistance {
    /// The name within a small edit distance of `typed` (one edit for up to five letters, two
    /// from six), the first of the closest; nil when none is that close: the did-you-mean of
    /// every name a person types (an option, a format).
    static func closest(to typed: String, among names: [String]) -> String? {
        let letters = Array(typed)
        let allowed = min(2, max(1, letters.count / 3))
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = between(letters, Array(name))
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (name, distance)
            }
        }
        return best?.name
    }

    static func between(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
