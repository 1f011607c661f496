import Forecast
import Foundation
import Testing
import TestSupport

/// The transcripts of README.md and GUIDE.md are true word for word: every `$ ` command in a code
/// block runs against `forecast-mock`, in a terminal, and prints exactly the lines that follow it.
///
/// A command that needs a fault names the mock's options beside it in a comment
/// (`$ forecast … # forecast-mock --fault 140010=status:503`), which starts the mock with them.
/// A terminal example sets `COLUMNS` and `-f table` itself. The terminal is `TERM=dumb` with
/// `NO_COLOR`: no colour and no progress line, as the transcripts show. Long-running recipes
/// (`--watch`) are shown, not run.
///
/// The clock is pinned with libfaketime to just after the newest sample of the agency's file
/// (Tokyo, 2026-03-12 05:00 JST), so that a week read from it, or a city the agency's file
/// stands in for, is the same on any day. Where libfaketime is not installed (Debian's
/// `faketime` package; CI installs it), the transcripts are skipped, saying so.
@Suite(
    "README's and GUIDE's examples",
    .enabled(if: libfaketime != nil, "libfaketime is not installed (apt-get install faketime)"),
    // A sanitizer's runtime and libfaketime both take over clock_gettime, and a binary with
    // both in it stops at start: libfaketime's first clock_gettime looks up symbols with dlsym,
    // which allocates, and TSan's allocator reads the clock while it holds its lock, so the
    // process waits on that lock for ever (seen: one thread in FutexWait under
    // GetFromAllocator, twice on the stack). The transcripts' text does not depend on the build.
    .enabled(if: !Sanitizer.isActive, "libfaketime cannot be preloaded into a sanitized binary"))
struct ReadmeExampleTests {
    /// The moment every transcript runs at: 2026-03-12 06:00 JST.
    static let pinnedTime = "@2026-03-11 21:00:00"

    /// The documents whose transcripts are run: the user's README and the guide to every feature.
    static let documents = ["README.md", "GUIDE.md"]

    /// One transcript: the document it is in, the command line and what it prints.
    struct Transcript: CustomStringConvertible {
        let document: String
        let command: String
        let mockOptions: [String]
        let expected: String
        var description: String { "\(document): \(command)" }
    }

    /// Every transcript of the documents, in order.
    static func transcripts() throws -> [Transcript] {
        try documents.flatMap { try transcripts(in: $0) }
    }

    /// Every transcript of one document at the package's root, in order.
    static func transcripts(in document: String) throws -> [Transcript] {
        let text = try String(contentsOf: fixturesDirectory.deletingLastPathComponent().appendingPathComponent(document), encoding: .utf8)
        var found: [Transcript] = []
        var inBlock = false
        var command: (line: String, mock: [String])?
        var output: [String] = []
        func close() {
            if let command {
                found.append(Transcript(document: document, command: command.line, mockOptions: command.mock,
                                        expected: output.map { $0 + "\n" }.joined()))
            }
            command = nil
            output = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if inBlock { close() }
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                close()
                var text = String(line.dropFirst(2))
                var mock: [String] = []
                if let marker = text.range(of: "# forecast-mock") {
                    mock = text[marker.upperBound...].split(separator: " ").map(String.init)
                    text = String(text[..<marker.lowerBound])
                }
                while text.hasSuffix(" ") { text.removeLast() }
                command = (text, mock)
            } else if command != nil {
                output.append(line)
            }
        }
        return found.filter { !$0.command.contains("--watch") }
    }

    @Test("README and GUIDE have their transcripts (15 when README was split), and each names its command")
    func found() throws {
        let transcripts = try Self.transcripts()
        #expect(transcripts.count >= 15)
        for document in Self.documents {
            #expect(transcripts.contains { $0.document == document }, "\(document) has no transcript")
        }
        #expect(transcripts.allSatisfy { $0.command.contains("forecast") })
    }

    @Test("Every transcript prints what its document shows", arguments: try ReadmeExampleTests.transcripts())
    func transcript(_ transcript: Transcript) async throws {
        let mock = forecastBinary.deletingLastPathComponent().appendingPathComponent("forecast-mock")
        // A mock that stamps its files reads the clock: the pinned one, as the command does. It
        // is started by a shell that libfaketime is loaded into first: a program exec'd straight
        // from a process without it, with LD_PRELOAD set, was seen here to get no arguments.
        var mockEnvironment = ProcessInfo.processInfo.environment
        var (executable, arguments) = (mock, transcript.mockOptions)
        if transcript.mockOptions.contains("--stamp-release") {
            mockEnvironment.merge(["LD_PRELOAD": libfaketime ?? "", "FAKETIME": Self.pinnedTime, "FAKETIME_DONT_FAKE_MONOTONIC": "1"]) { $1 }
            (executable, arguments) = (URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" \"$@\"", mock.path] + arguments)
        }
        let server = try MockProcess(executable: executable, arguments: arguments, environment: mockEnvironment)
        defer { server.stop() }
        let base = try await server.baseURL()
        try await withTemporaryFolder(prefix: "forecast-readme") { folder in
            let environment = [
                "FORECAST_BASE_URL": base, "FORECAST_JMA_URL": base,
                "FORECAST_CACHE_DIR": folder.path("cache"), "HOME": folder.path,
                "XDG_CONFIG_HOME": folder.path("config"), "NO_COLOR": "1", "TERM": "dumb", "LANG": "C.UTF-8",
                "LD_PRELOAD": libfaketime ?? "", "FAKETIME": Self.pinnedTime, "FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "UTC",
            ]
            let result = try await inTerminal(transcript.command, environment: environment)
            #expect(result.stdout == transcript.expected, "\(transcript) printed:\n\(result.stdout)")
        }
    }
}

/// libfaketime, if installed.
let libfaketime: String? = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"]
    .first { FileManager.default.fileExists(atPath: $0) }

/// `forecast-mock` as a process of its own, stopped by `stop()`.
final class MockProcess {
    private let child: ChildProcess
    private let output: URL
    /// Whether libfaketime is preloaded into it.
    private let fakedClock: Bool

    init(executable: URL, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-mock-\(UUID().uuidString)")
        fakedClock = environment["LD_PRELOAD"]?.contains("libfaketime") == true
        child = try ChildProcess(executable.path, arguments, environment: environment, stdout: .file(output.path))
    }

    /// The first line the mock prints: its base URL.
    func baseURL() async throws -> String {
        var line: String?
        _ = await eventually {
            let text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
            line = text.contains("\n") ? String(text.prefix { $0 != "\n" }) : nil
            return line != nil
        }
        guard let line else { throw POSIXError(.EPIPE) }
        return line
    }

    func stop() {
        child.send(SIGTERM)
        // While the id is still the mock's: it is not reaped before the wait.
        if fakedClock { Self.removeClockFiles(of: child.pid) }
        do {
            _ = try child.wait()
        } catch {
            Issue.record("forecast-mock did not stop: \(error)")
        }
        try? FileManager.default.removeItem(at: output)
    }

    /// libfaketime 0.9.10 gives the first process it is loaded into a shared clock, a shared-memory object and a
    /// semaphore named by that process's id, and unlinks them at exit only in the process image that made them. The
    /// mock's shell makes them and is replaced by the mock (`exec`, the same id), which only opened them: without
    /// this, every transcript with a faked mock left two files in /dev/shm. The mock keeps what it has open.
    static func removeClockFiles(of pid: pid_t) {
        for name in ["/dev/shm/faketime_shm_\(pid)", "/dev/shm/sem.faketime_sem_\(pid)"] {
            _ = unlink(name)
        }
    }
}
