#if canImport(Glibc)
import Glibc
#endif

/// The file of default arguments: options and cities, one a line.
///
/// An option line starts with `-` and splits at its first space into the option and its value
/// (`-f line`, `--format line`, `--format=line`); any other line holds cities separated by
/// spaces, as standard input does. A `#` at the start of a line or after a space starts a
/// comment (a template that needs ` #` is given on the command line). The command line wins
/// over the file: see ``Invocation/merge(_:_:check:)``.
struct ConfigFile: Sendable {
    /// Where the file was found.
    let path: String
    /// The options of its option lines, each with its line.
    let options: [ArgumentScanner.Given]
    /// The cities of its other lines, each with its line.
    let cities: [Invocation.CityArgument]

    /// Where the file is looked for: `$FORECAST_CONFIG`, else `$XDG_CONFIG_HOME/forecast/config`,
    /// else `~/.config/forecast/config`; nil with none of the variables set.
    static func path(environment: Environment) -> String? {
        if let named = environment["FORECAST_CONFIG"] { return named }
        if let xdg = environment["XDG_CONFIG_HOME"] { return xdg + "/forecast/config" }
        if let home = environment["HOME"] { return home + "/.config/forecast/config" }
        return nil
    }

    /// The file, if there is one. A file that `FORECAST_CONFIG` names must exist; the default
    /// places may be empty.
    static func load(environment: Environment, read: (String) -> String? = ConfigFile.readFile) throws(UsageError) -> ConfigFile? {
        guard let path = path(environment: environment) else { return nil }
        guard let text = read(path) else {
            if environment["FORECAST_CONFIG"] != nil {
                throw UsageError("FORECAST_CONFIG: cannot read the config file \"\(path)\" (no such file, or not readable)")
            }
            return nil
        }
        return try ConfigFile(path: path, text: text)
    }

    /// Reads the text of a file found at `path`; a line that is not an option the tool knows,
    /// or not one option with its value, is a usage error naming the file and the line.
    init(path: String, text: String) throws(UsageError) {
        self.path = path
        var options: [ArgumentScanner.Given] = []
        var cities: [Invocation.CityArgument] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = Self.withoutComment(raw)
            guard !line.isEmpty else { continue }
            let origin = Origin.configFile(path: path, line: index + 1)
            guard line.hasPrefix("-"), line != "-" else {
                cities += CityList.arguments(in: String(line)).map { Invocation.CityArgument(text: $0, origin: origin) }
                continue
            }
            var words = [String(line.prefix { $0 != " " && $0 != "\t" })]
            let rest = line.dropFirst(words[0].count).drop { $0 == " " || $0 == "\t" }
            if !rest.isEmpty { words.append(String(rest)) }
            let scan = try ArgumentScanner.scan(words, origin: origin)
            if let extra = scan.operands.first, let option = scan.options.last {
                let message = option.spec.takesValue
                    ? "one option a line (\"\(extra)\" follows the value of --\(option.spec.long))"
                    : "--\(option.spec.long) takes no value (got \(extra))"
                throw UsageError(message).located(at: origin)
            }
            for given in scan.options {
                if case .request = given.spec.effect {
                    throw UsageError("--\(given.spec.long) is for the command line, not the config file").located(at: origin)
                }
            }
            options += scan.options
        }
        self.options = options
        self.cities = cities
    }

    /// A line without its comment (from a `#` at its start or after a space) and without the
    /// spaces around what is left.
    static func withoutComment(_ line: Substring) -> Substring {
        var end = line.endIndex
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous == " " || previous == "\t" {
                end = index
                break
            }
            previous = line[index]
        }
        let kept = line[..<end]
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = kept.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = kept.lastIndex(where: { !isSpace($0) })!
        return kept[first...last]
    }

    /// The whole file as text, or nil if it cannot be read.
    @Sendable static func readFile(_ path: String) -> String? {
        guard FileAccess.isReadableFile(path), let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
