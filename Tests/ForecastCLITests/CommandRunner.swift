import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// The `forecast` binary SwiftPM built next to this test runner (`swift build --build-tests`
/// and `swift test` both link it).
let forecastBinary: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("forecast")

/// What one run of the command printed and how it ended.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Ended by a signal rather than exit().
    var signalled: Bool
    /// How long the process ran, start to end, as its watching thread dated them.
    var ran: Duration = .zero
}

/// A started `forecast` process with its output going to temporary files.
final class CommandProcess {
    let child: ChildProcess
    private let outURL: URL
    private let errURL: URL

    /// With `stdoutPath`, standard output goes to that file instead (`/dev/full`: every write
    /// fails with ENOSPC) and the result's `stdout` is empty.
    init(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
         stdoutPath: String? = nil, executable: URL = forecastBinary) throws {
        let dir = FileManager.default.temporaryDirectory
        outURL = dir.appendingPathComponent("forecast-out-\(UUID().uuidString)")
        errURL = dir.appendingPathComponent("forecast-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        var env = ProcessInfo.processInfo.environment
        // Also curl's CA variables, which some machines set for every tool: a test names its own.
        for name in ["FORECAST_BASE_URL", "FORECAST_JMA_URL", "FORECAST_CACHE_DIR", "NO_COLOR", "XDG_CACHE_HOME",
                     "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR", "FORECAST_CONFIG"] {
            env[name] = nil
        }
        // No config file of the machine's user: a test that wants one names it.
        env["XDG_CONFIG_HOME"] = "/nonexistent/forecast-tests"
        // Never the agency's real site: a test that falls back to its files names the mock.
        env["FORECAST_JMA_URL"] = "http://127.0.0.1:9"
        env.merge(environment) { $1 }
        child = try ChildProcess(
            executable.path, arguments, environment: env,
            stdin: stdin.map { .bytes(Data($0.utf8)) } ?? .null,
            stdout: .file(stdoutPath ?? outURL.path), stderr: .file(errURL.path))
    }

    /// True until the process has ended.
    var isRunning: Bool { child.isRunning }

    /// Ctrl-C.
    func interrupt() { child.send(SIGINT) }

    /// What a status bar sends its watch to stop it.
    func terminate() { child.send(SIGTERM) }

    /// What the process has written to stdout so far.
    func stdoutSoFar() throws -> String {
        String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    }

    /// Waits for the end (killing the process after `timeout`) and collects its output.
    ///
    /// The bound only keeps a hung process from hanging the suite, never the verdict of a
    /// process that ends: by default the suite's one policy for a child (``ChildProcess/wait(timeout:)``),
    /// a minute, five under a sanitizer, where a run of 142 cities by an instrumented command
    /// and mock beside the whole suite took longer than the half minute it had.
    func finish(timeout: Duration? = nil) async throws -> CommandResult {
        let timeout = timeout ?? (Sanitizer.isActive ? .seconds(300) : .seconds(60))
        if await !child.ended(within: timeout) {
            child.send(SIGKILL)
            Issue.record("forecast did not end within \(timeout)")
        }
        let exit = try child.wait()
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        return CommandResult(
            status: exit.status,
            stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            signalled: exit.signalled, ran: child.ran ?? .zero)
    }
}

/// Runs `forecast` to its end.
func forecast(
    _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, stdoutPath: String? = nil
) async throws -> CommandResult {
    try await CommandProcess(arguments, environment: environment, stdin: stdin, stdoutPath: stdoutPath).finish()
}

/// A running mock API and a fresh cache folder, both removed afterwards.
func withMock<T>(
    _ configuration: MockConfiguration = MockConfiguration(),
    _ body: (MockServer, [String: String]) async throws -> T
) async throws -> T {
    #expect(FileManager.default.isExecutableFile(atPath: forecastBinary.path), "build first: \(forecastBinary.path)")
    return try await withTemporaryFolder(prefix: "forecast-e2e") { cache in
        try await MockServer.withServer(configuration) { server in
            // The mock serves the agency's files too.
            try await body(server, [
                "FORECAST_BASE_URL": server.baseURL, "FORECAST_JMA_URL": server.baseURL, "FORECAST_CACHE_DIR": cache.path,
            ])
        }
    }
}

/// Runs a shell command line in a terminal of its own (util-linux's `script`), so that stdout
/// and stderr are one terminal, as for a person typing it; `forecast` in it is the built
/// binary. The output is what the terminal received, with its "\r\n" turned back into "\n".
func inTerminal(_ command: String, environment: [String: String] = [:]) async throws -> CommandResult {
    var env = environment
    // `script` runs the command with $SHELL, or /bin/sh (dash on Debian) when it is unset, as on a
    // CI machine; the commands here are bash's (PIPESTATUS), so name bash whatever the caller has.
    env["SHELL"] = "/bin/bash"
    env["PATH"] = forecastBinary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    var result = try await CommandProcess(
        ["-qfec", command, "/dev/null"], environment: env, executable: URL(fileURLWithPath: "/usr/bin/script")).finish()
    result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    return result
}

/// `text` without the marks of old data (`(stale, 1393 d old)` on a line, `(stale, 1393 d old: nothing newer)` under a
/// table's rows) that the unstamped mock's samples get by the day's clock, for a test of the rest of the text.
func withoutOldDataMarks(_ text: String) -> String {
    text.replacing(#/\n *\(stale, \d+ d old: nothing newer\)(?=\n)/#, with: "").replacing(#/ \(stale, \d+ d old\)/#, with: "")
}
