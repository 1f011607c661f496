import Forecast
import Foundation
@testable import ForecastCLI
import Testing
import TestSupport

/// The commands and the options as ``Registry`` lists them: what the scanner, the help and the
/// completion rely on, and that no code outside a command's folder names it.
@Suite("The registry of commands and options")
struct RegistryTests {
    @Test("Every command lists its options in the registry's order, each at most once, with the registry's names and value")
    func optionOrder() {
        let order = Registry.options.map(\.long)
        for command in Registry.commands {
            let longs = command.options.map(\.long)
            #expect(Set(longs).count == longs.count, "\(command.spelling) lists an option twice")
            let ranks = longs.map { order.firstIndex(of: $0) }
            #expect(!ranks.contains(nil), "\(command.spelling) has an option the registry lacks")
            #expect(ranks.compactMap { $0 } == ranks.compactMap { $0 }.sorted(), "\(command.spelling): \(longs)")
            for option in command.options {
                // The scanner reads an option by the registry's definition before the command is known.
                let scanned = Registry.option(long: option.long)
                #expect(scanned?.short == option.short && scanned?.arity == option.arity, "\(command.spelling) --\(option.long)")
            }
        }
        #expect(Set(order).count == order.count)
        #expect(Registry.commands.map(\.name) == ["", "week", "hours", "now", "warnings", "sun", "cities"])
    }

    /// The sources' folders: every folder of `Sources/Forecast` but the core's, as ../shared/tools/source-reach.py
    /// counts them.
    static func sourceFolders() throws -> [String] {
        let forecast = fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Sources/Forecast")
        let folders = try FileManager.default.contentsOfDirectory(atPath: forecast.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: forecast.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue && !name.hasSuffix(".docc")
        }
        let sources = folders.filter { !["Fetching", "Formats", "Catalog", "Text"].contains($0) }.sorted()
        #expect(sources.contains("API") && sources.contains("Sun"), "the folders are read: \(sources)")
        return sources
    }

    /// The Swift of `file` without its comments: what its code spells.
    static func code(of file: String) throws -> String {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line[...] }
            .joined(separator: "\n")
    }

    @Test("No code outside a command's folder and the registry spells a command's name as a string (before: switches in Runner, HelpText, OutputFormat)")
    func namesStayHome() throws {
        let sources = fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let homes = try Self.sourceFolders().map { "Forecast/\($0)/" } + ["Forecast/Catalog/CitiesCommand.swift", "Forecast/Registry.swift", "MockAPI/"]
        var found: [String] = []
        for file in files where !homes.contains(where: file.hasPrefix) {
            let code = try Self.code(of: sources.appendingPathComponent(file).path)
            for name in Registry.commands.map(\.name) where !name.isEmpty && code.contains("\"\(name)\"") {
                found.append("\(file): \"\(name)\"")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("No code outside a source's folders (under Forecast and MockAPI) and the two registries names a type declared in them, as ../shared/tools/source-reach.py counts")
    func typesStayHome() throws {
        let sources = fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let registries = ["Forecast/Registry.swift", "MockAPI/MockSources.swift"]
        // A top-level declaration, as the script reads one: at a line's start, after attributes
        // and modifiers.
        let declaration = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)/
            .anchorsMatchLineEndings()
        var found: [String] = []
        for folder in try Self.sourceFolders() {
            let homes = ["Forecast/\(folder)/", "MockAPI/\(folder)/"]
            var types: Set<Substring> = []
            for file in files where homes.contains(where: file.hasPrefix) {
                let code = try Self.code(of: sources.appendingPathComponent(file).path)
                types.formUnion(code.matches(of: declaration).map(\.output.1))
            }
            #expect(!types.isEmpty, "no type declared in \(folder)")
            for file in files where !homes.contains(where: file.hasPrefix) && !registries.contains(file) {
                let words = try Self.code(of: sources.appendingPathComponent(file).path)
                    .split { !($0.isLetter || $0.isNumber || $0 == "_") }
                let named = Set(words).intersection(types)
                if !named.isEmpty { found.append("\(file) names \(folder)'s \(named.sorted())") }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
