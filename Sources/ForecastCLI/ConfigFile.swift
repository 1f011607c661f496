import Forecast
#if canImport(Glibc)
import Glibc
#endif

/// The file of default arguments: options and cities, one a line.
///
/// An option line starts with `-` and splits at its first space into the option and its value (`-f line`,
/// `--format line`, `--format=line`); any other line holds cities separated by spaces, as standard input does. A `#` at
/// the start of a line or after a space starts a comment (a template that needs ` #` is given on the command line). The
/// command line wins over the file: see ``Invocation/merge(_:_:for:check:)``.
struct ConfigFile: Sendable {
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

    /// How the file is read: its text, nil when nothing is at the path, or why what is there cannot be read.
    typealias Reader = (String) throws(Unreadable) -> String?

    /// A file that is there but cannot be read, and why ("Is a directory", "Permission denied").
    struct Unreadable: Error, Sendable, Equatable {
        let reason: String
    }

    /// The file, if there is one. Nothing at the default places is no error; nothing where `FORECAST_CONFIG` points is.
    /// Something there that cannot be read is a usage error either way, even when the command line has all it needs: a
    /// run without the defaults its user wrote is not the run they asked for.
    static func load(environment: Environment, read: Reader = ConfigFile.readFile) throws(UsageError) -> ConfigFile? {
        guard let path = path(environment: environment) else { return nil }
        let named = environment["FORECAST_CONFIG"] != nil
        let file = named ? "the config file \"\(path)\" that FORECAST_CONFIG names" : "the config file \"\(path)\""
        let text: String?
        do throws(Unreadable) {
            text = try read(path)
        } catch {
            let advice = named ? "" : " (FORECAST_CONFIG=/dev/null runs without one)"
            throw UsageError("cannot read \(file): \(error.reason)\(advice)")
        }
        guard let text else {
            if named {
                throw UsageError("cannot read \(file): \(String(cString: strerror(ENOENT)))")
            }
            return nil
        }
        return try ConfigFile(path: path, text: text)
    }

    /// Reads the text of a file found at `path`; a line that is not an option the tool knows,
    /// or not one option with its value, is a usage error naming the file and the line. Every
    /// such line is named, one a line of the message, not only the first.
    init(path: String, text: String) throws(UsageError) {
        self.path = path
        var options: [ArgumentScanner.Given] = []
        var cities: [Invocation.CityArgument] = []
        var problems: [String] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = Self.withoutComment(raw)
            guard !line.isEmpty else { continue }
            let origin = Origin.configFile(path: path, line: index + 1)
            guard line.hasPrefix("-"), line != "-" else {
                cities += CityList.entries(in: String(line)).map { Invocation.CityArgument(text: $0.text, origin: origin) }
                continue
            }
            do throws(UsageError) {
                options += try Self.options(in: line, origin: origin)
            } catch {
                problems.append(error.message)
            }
        }
        guard problems.isEmpty else { throw UsageError(problems.joined(separator: "\n")) }
        self.options = options
        self.cities = cities
    }

    /// The option of a line of the file that starts with "-": one option, with its value if it takes one.
    private static func options(in line: Substring, origin: Origin) throws(UsageError) -> [ArgumentScanner.Given] {
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
        return scan.options
    }

    /// A line without its comment (from a `#` at its start or after a space) and the spaces around what is left.
    static func withoutComment(_ line: Substring) -> Substring {
        let end = line.indices.first { line[$0] == "#" && ($0 == line.startIndex || " \t".contains(line[line.index(before: $0)])) }
        return line[..<(end ?? line.endIndex)].trimming { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    /// The most a config file may hold: far more than a person writes, and a bound on what
    /// `FORECAST_CONFIG=/dev/zero` would read.
    static let largest = 1 << 20

    /// The whole file as text; nil when nothing is at `path` (ENOENT, or ENOTDIR: a part of
    /// the path is a file, as git takes it). Whatever can be opened and read is read: a file,
    /// `/dev/null` (empty), a pipe (`FORECAST_CONFIG=<(…)`). A directory, a file this user may
    /// not read, an I/O error or more than ``largest`` bytes throws, with the reason.
    @Sendable static func readFile(_ path: String) throws(Unreadable) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { return nil }
            throw Unreadable(reason: String(cString: strerror(error)))
        }
        defer { close(descriptor) }
        let (bytes, failure) = DescriptorReading.readAll(descriptor, chunk: 4096, limit: largest)
        if let failure { throw Unreadable(reason: String(cString: strerror(failure))) }
        guard bytes.count <= largest else { throw Unreadable(reason: "more than \(largest >> 20) MB, which is no config file") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
