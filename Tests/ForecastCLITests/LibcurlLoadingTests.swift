import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// libcurl is opened on first use (CCurl's ccurl.c), not linked. These runs put a broken
/// `libcurl.so.4` first on the loader's path (`LD_LIBRARY_PATH`), which `dlopen` then finds
/// and refuses: what a machine without the libcurl4 package would do.
@Suite("libcurl loaded on first use", .serialized)
struct LibcurlLoadingTests {
    /// Runs `body` with the environment that makes `dlopen("libcurl.so.4")` fail.
    private func withoutLibcurl(_ body: ([String: String]) async throws -> Void) async throws {
        try await withTemporaryFolder(prefix: "forecast-no-libcurl") { folder in
            // An empty file: "file too short", a clear dlopen failure.
            #expect(FileManager.default.createFile(atPath: folder.url.appendingPathComponent("libcurl.so.4").path, contents: Data()))
            try await body(["LD_LIBRARY_PATH": folder.url.path])
        }
    }

    @Test("A cache hit needs no libcurl; a fetch without it fails in words, exit 1, and the cached city still prints")
    func cacheHitWithoutLibcurl() async throws {
        try await withMock { mock, env in
            let first = try await forecast(["-f", "line", "130010"], environment: env)
            #expect(first.status == 0)
            try await withoutLibcurl { broken in
                let environment = env.merging(broken) { $1 }
                let cached = try await forecast(["-f", "line", "130010"], environment: environment)
                #expect(cached.status == 0)
                #expect(cached.stdout == first.stdout)
                #expect(cached.stderr == "", "a cache hit tried to load libcurl: \(cached.stderr)")

                let mixed = try await forecast(["-f", "line", "130010", "140010"], environment: environment)
                #expect(mixed.status == 1)
                #expect(mixed.stdout == first.stdout + "横浜 (failed)\n", "the cached city is lost, or the failed one not marked")
                #expect(mixed.stderr.contains("140010"))
                #expect(mixed.stderr.contains("libcurl could not be loaded"))
                #expect(mixed.stderr.contains("libcurl.so.4"))
                #expect(mixed.stderr.contains("libcurl4 package"))
                #expect(!mixed.signalled)
            }
            #expect(mock.stats().requestsServed == 1, "a run without libcurl reached the server")
        }
    }

    @Test("-v --version names the libcurl it loads, and says it is unavailable when not; --version alone the one built with, libcurl or not")
    func versionWithoutLibcurl() async throws {
        let loaded = try await forecast(["-v", "--version"])
        #expect(loaded.status == 0)
        #expect(loaded.stdout.contains("(libcurl/"))
        try await withoutLibcurl { broken in
            let result = try await forecast(["--version", "-v"], environment: broken)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("forecast "))
            #expect(result.stdout.hasSuffix(" (libcurl unavailable)\n"))
            let alone = try await forecast(["--version"], environment: broken)
            #expect(alone.status == 0 && alone.stdout == ForecastVersion.versionLine + "\n", "\(alone)")
        }
    }

    /// True if the dynamic loader opened libcurl during the run: `LD_DEBUG=files` makes it say
    /// on stderr which file it loads ("file=libcurl.so.4 …").
    private func loadsLibcurl(_ arguments: [String], environment: [String: String] = [:]) async throws -> Bool {
        let result = try await forecast(arguments, environment: environment.merging(["LD_DEBUG": "files"]) { $1 })
        return result.stderr.contains("file=libcurl.so.4")
    }

    @Test("Only a run that goes to the network loads libcurl: not a cache hit, help, a usage error or the catalog")
    func loadedOnlyForTheNetwork() async throws {
        try await withMock { _, env in
            let fetched = try await loadsLibcurl(["130010"], environment: env)
            #expect(fetched, "the fetch did not load libcurl")
            let cached = try await loadsLibcurl(["130010"], environment: env)
            #expect(!cached, "a cache hit loaded libcurl")
            for arguments in [["--help"], ["-h"], ["help"], ["--bogus"], ["nosuchcity"], ["--days", "9", "130010"],
                              ["cities", "東"], ["--generate-completion-script", "bash"]] {
                let loaded = try await loadsLibcurl(arguments, environment: env)
                #expect(!loaded, "\(arguments) loaded libcurl")
            }
            let version = try await loadsLibcurl(["--version"])
            #expect(!version, "--version names the libcurl it was built with: loading it was 12 M of its 13.5 M instructions")
            let loadedVersion = try await loadsLibcurl(["-v", "--version"])
            #expect(loadedVersion, "-v --version names the libcurl it runs on, so loads it")
        }
    }

    @Test("--version among other arguments, which the parser answers, names libcurl too; with -v anywhere, the loaded one")
    func versionThroughTheParser() async throws {
        let alone = try await forecast(["--version"])
        for arguments in [["--version", "130010"], ["cities", "--version"]] {
            let result = try await forecast(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout == alone.stdout, "\(arguments)")
        }
        #expect(alone.stdout.contains("(built with libcurl "))
        let loaded = try await forecast(["-v", "--version"])
        for arguments in [["--version", "--verbose", "130010"], ["cities", "--version", "-v"]] {
            let result = try await forecast(arguments)
            #expect(result.status == 0 && result.stdout == loaded.stdout, "\(arguments)")
        }
        #expect(loaded.stdout.contains("(libcurl/"))
    }
}
