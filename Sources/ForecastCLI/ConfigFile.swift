import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The file of default arguments, in ripgrep's plain convention: one argument a line, `#`
/// comment lines, blank lines skipped. Its options come before the command line's, so the
/// command line wins; its cities count only when the command line names none.
struct ConfigFile: Sendable {
    /// Where the file was found.
    let path: String
    /// Its arguments, with the line each came from (1-based).
    let arguments: [(line: Int, text: String)]

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
    static func load(environment: Environment, read: (String) -> String? = ConfigFile.readFile) throws -> ConfigFile? {
        guard let path = path(environment: environment) else { return nil }
        guard let text = read(path) else {
            if environment["FORECAST_CONFIG"] != nil {
                throw ValidationError("FORECAST_CONFIG: cannot read the config file \"\(path)\" (no such file, or not readable)")
            }
            return nil
        }
        return ConfigFile(path: path, text: text)
    }

    /// Parses the text of a file found at `path`.
    init(path: String, text: String) {
        self.path = path
        var arguments: [(Int, String)] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            // Leading and trailing spaces are not part of an argument.
            while line.first == " " || line.first == "\t" { line = line.dropFirst() }
            while line.last == " " || line.last == "\t" { line = line.dropLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            arguments.append((index + 1, String(line)))
        }
        self.arguments = arguments
    }

    /// The file's arguments as one `Fetch`, or a usage error naming the file and the first bad
    /// line. A line is bad when the arguments up to it fail to parse and the next line does not
    /// mend them (as the value of an option on the line before: `--format` then `line`).
    func parsed() throws -> Fetch {
        let texts = arguments.map(\.text)
        if let fetch = Fetch.quickParse(texts) {
            return fetch
        }
        do {
            return try Fetch.parse(texts)
        } catch {
            for count in 1...texts.count {
                guard let message = Self.failure(Array(texts.prefix(count))) else { continue }
                if count == texts.count || Self.failure(Array(texts.prefix(count + 1))) == message {
                    throw ValidationError("\(path), line \(arguments[count - 1].line): \(message)")
                }
            }
            throw ValidationError("\(path): \(Fetch.message(for: error))")
        }
    }

    private static func failure(_ arguments: [String]) -> String? {
        do {
            _ = try Fetch.parse(arguments)
            return nil
        } catch {
            return Fetch.message(for: error)
        }
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
