import JapanTime

import CurlHTTP
@testable import Forecast
import Foundation
import Synchronization
import Testing
import TestSupport

@Suite("The cache")
struct CacheTests {
    /// 2022-05-19 05:30 JST (20:30 UTC the day before), half an hour after the 130010 fixture's release.
    static let justAfterRelease = JST.parseInstant("2022-05-19T05:30:00+09:00")!

    final class Clock: Sendable {
        let time: LockedValue<Int>
        init(_ time: Int) { self.time = LockedValue(time) }
        func advance(_ seconds: Int) { time.withLock { $0 += seconds } }
        var now: @Sendable () -> Int { { self.time.withLock { $0 } } }
    }

    @Test("A fresh entry is a hit until the next release, then a miss")
    func freshUntilNextRelease() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clock = Clock(Self.justAfterRelease)
        let cache = ForecastCache(directory: dir, now: clock.now)
        let body = try fixture("130010.json")

        #expect(cache.read(host: "weather.tsukumijima.net", key: "130010") == nil)
        cache.write(host: "weather.tsukumijima.net", key: "130010", body: body)
        #expect(cache.read(host: "weather.tsukumijima.net", key: "130010") == body)
        #expect(cache.read(host: "127.0.0.1:8080", key: "130010") == nil, "entries are per host")

        clock.advance(5 * 3600 + 29 * 60)  // 10:59 JST
        #expect(cache.read(host: "weather.tsukumijima.net", key: "130010") == body)
        clock.advance(60)  // 11:00 JST: the next release
        #expect(cache.read(host: "weather.tsukumijima.net", key: "130010") == nil)
    }

    @Test("A write that fails says why, and leaves no entry")
    func failedWriteSaysWhy() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        // The cache's folder under a regular file: nothing can be made there.
        let cache = ForecastCache(directory: file + "/cache", now: { Self.justAfterRelease })
        let body = try fixture("130010.json")
        #expect(cache.write(host: "h", key: "130010", body: body) == "Not a directory")
        #expect(cache.read(host: "h", key: "130010") == nil)
        let writable = ForecastCache(directory: dir + "/cache", now: { Self.justAfterRelease })
        #expect(writable.write(host: "h", key: "130010", body: body) == nil)
        #expect(ForecastCache(directory: file + "/cache", mode: .disabled).write(host: "h", key: "130010", body: body) == nil)
    }

    @Test("An entry fetched before midnight JST expires at midnight, when the API moves its days on")
    func midnight() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The 330010 body is the 17:00 release of 2024-02-12; fetched at 23:00 that day.
        let clock = Clock(JST.parseInstant("2024-02-12T23:00:00+09:00")!)
        let cache = ForecastCache(directory: dir, now: clock.now)
        cache.write(host: "h", key: "330010", body: try fixture("330010.json"))
        clock.advance(59 * 60)  // 23:59
        #expect(cache.read(host: "h", key: "330010") != nil)
        clock.advance(60)  // 00:00: 今日 in the cached body is now yesterday
        #expect(cache.read(host: "h", key: "330010") == nil)
        #expect(Publication.nextChange(after: JST.parseInstant("2024-02-13T00:30:00+09:00")!)
            == JST.parseInstant("2024-02-13T05:00:00+09:00")!)
    }

    @Test("A body older than the last release when fetched is fresh for 10 minutes only")
    func staleBody() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Fetched at 11:05 JST, but the body is the 05:00 release: the API had not caught up.
        let clock = Clock(JST.parseInstant("2022-05-19T11:05:00+09:00")!)
        let cache = ForecastCache(directory: dir, now: clock.now)
        cache.write(host: "h", key: "130010", body: try fixture("130010.json"))
        clock.advance(9 * 60)
        #expect(cache.read(host: "h", key: "130010") != nil)
        clock.advance(60)
        #expect(cache.read(host: "h", key: "130010") == nil)
    }

    @Test("A corrupt or foreign entry is ignored, and a write replaces it")
    func corruption() throws {
        try withEntryFolder { cache, path in
            for garbage in ["", "not a cache file\n{}", "forecast-cache 1 abc\n{}", "forecast-cache 1 99999999999\n{}"] {
                try Data(garbage.utf8).write(to: URL(fileURLWithPath: path))
                #expect(cache.read(host: "h", key: "130010") == nil, "read \(garbage)")
            }
            cache.write(host: "h", key: "130010", body: try fixture("130010.json"))
            #expect(cache.read(host: "h", key: "130010") == (try fixture("130010.json")))
        }
    }

    /// Runs `body` with a cache in a new folder, at `justAfterRelease`, and the path of host h's entry for 130010, whose
    /// folder is made; the folder is removed afterwards.
    private func withEntryFolder(_ body: (ForecastCache, String) throws -> Void) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = ForecastCache(directory: dir, now: Clock(Self.justAfterRelease).now)
        let path = cache.path(host: "h", key: "130010")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try body(cache, path)
    }

    @Test("A host's folder keeps letters, digits, dots and dashes, of any script, and turns the rest into _", arguments: [
        ("weather.tsukumijima.net", "weather.tsukumijima.net"),
        ("127.0.0.1:8080", "127.0.0.1_8080"),
        ("[::1]:9000", "___1__9000"),
        ("Ex-Ample.COM", "Ex-Ample.COM"),
        ("a/b\\c d", "a_b_c_d"),
        ("天気.例え:81", "天気.例え_81"),
        ("ｗｅａｔｈｅｒ.jp", "ｗｅａｔｈｅｒ.jp"),
        ("é/", "é_"),
    ])
    func hostFolder(host: String, folder: String) {
        #expect(ForecastCache.safeName(host) == folder)
        #expect(ForecastCache(directory: "/c").path(host: host, key: "130010") == "/c/\(folder)/130010.json")
    }

    @Test("An ASCII host's folder, read byte by byte, is the one the rule gives character by character, CR LF one _")
    func asciiHostFolder() {
        let byCharacter = { (host: String) in String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }) }
        var hosts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        hosts += ["a\r\nb", "\r\n", "\r", "\n\r", "x.y-z:1", "a\u{7F}b"]
        for host in hosts {
            #expect(ForecastCache.safeName(host) == byCharacter(host), "\(Array(host.utf8))")
        }
        #expect(ForecastCache.safeName("a\r\nb") == "a_b")
    }

    @Test("An entry's path holding a FIFO, a folder or more than any entry is a miss, and the FIFO is not waited on")
    func notAnEntry() throws {
        try withEntryFolder { cache, path in
            let body = try fixture("130010.json")
            cache.write(host: "h", key: "130010", body: body)
            #expect(cache.read(host: "h", key: "130010") == body)
            let entry = try #require(FileManager.default.contents(atPath: path))
            let header = entry.prefix { $0 != 0x0A } + [0x0A]

            // A FIFO in the entry's place. A reader that waited on it (opening it for a writer, reading it to its end)
            // would hang the suite, so a writer stands by: as soon as a reader opens it, it writes the whole entry and
            // closes, and a reader that waited then gets the entry, which fails the test instead of hanging it.
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o600) == 0)
            let writer = FIFOWriter(path: path, bytes: [UInt8](entry))
            #expect(cache.read(host: "h", key: "130010") == nil)
            #expect(cache.readStale(host: "h", key: "130010", maxAge: .seconds(86_400)) == nil)
            writer.stop()

            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect(cache.read(host: "h", key: "130010") == nil)

            try FileManager.default.removeItem(atPath: path)
            var large = Data(header)
            large.append(body)
            large.append(Data(repeating: 0x20, count: ForecastCache.largestEntry))
            try large.write(to: URL(fileURLWithPath: path))
            #expect(cache.read(host: "h", key: "130010") == nil)
            try (Data(header) + body + Data(repeating: 0x20, count: 1000)).write(to: URL(fileURLWithPath: path))
            #expect(cache.read(host: "h", key: "130010") == body + Data(repeating: 0x20, count: 1000))
        }
    }

    @Test("refresh writes but does not read; disabled does neither")
    func modes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Clock(Self.justAfterRelease).now
        let body = try fixture("130010.json")
        ForecastCache(directory: dir, mode: .disabled, now: now).write(host: "h", key: "130010", body: body)
        #expect(!FileManager.default.fileExists(atPath: ForecastCache(directory: dir).path(host: "h", key: "130010")))
        let refresh = ForecastCache(directory: dir, mode: .refresh, now: now)
        refresh.write(host: "h", key: "130010", body: body)
        #expect(refresh.read(host: "h", key: "130010") == nil)
        #expect(ForecastCache(directory: dir, now: now).read(host: "h", key: "130010") == body)
    }

    @Test("Many threads writing the same entry at once leave one whole entry")
    func concurrentWriters() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Clock(Self.justAfterRelease).now
        let bodies = try ["130010.json", "crafted/extra-fields.json"].map { try fixture($0) }
        let readsSeen = Reads()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<16 {
                group.addTask {
                    let cache = ForecastCache(directory: dir, now: now)
                    for _ in 0..<20 {
                        cache.write(host: "h", key: "130010", body: bodies[i % 2])
                        let read = cache.read(host: "h", key: "130010")
                        readsSeen.list.withLock { $0.append(read) }
                    }
                }
            }
        }
        // Every read saw a whole entry, never a torn or half-written one.
        #expect(readsSeen.list.withLock { $0.allSatisfy { $0 == bodies[0] || $0 == bodies[1] } })
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir + "/h")
        #expect(leftovers == ["130010.json"], "temporary files left: \(leftovers)")
    }

    final class Reads: Sendable {
        let list = LockedValue<[Data?]>([])
    }

    @Test("The cache folder comes from FORECAST_CACHE_DIR, then XDG_CACHE_HOME, then HOME")
    func location() {
        #expect(ForecastCache.defaultDirectory(environment: ["FORECAST_CACHE_DIR": "/a", "XDG_CACHE_HOME": "/b", "HOME": "/c"]) == "/a")
        #expect(ForecastCache.defaultDirectory(environment: ["FORECAST_CACHE_DIR": "", "XDG_CACHE_HOME": "/b", "HOME": "/c"]) == "/b/forecast")
        #expect(ForecastCache.defaultDirectory(environment: ["HOME": "/c"]) == "/c/.cache/forecast")
    }
}

@Suite("The agency's release schedule")
struct PublicationTests {
    private func jst(_ text: String) -> Int { JST.parseInstant(text + "+09:00")! }

    @Test("Next and last releases around the day")
    func schedule() {
        #expect(Publication.next(after: jst("2022-05-19T04:59:59")) == jst("2022-05-19T05:00:00"))
        #expect(Publication.next(after: jst("2022-05-19T05:00:00")) == jst("2022-05-19T11:00:00"))
        #expect(Publication.next(after: jst("2022-05-19T17:00:00")) == jst("2022-05-20T05:00:00"))
        #expect(Publication.last(atOrBefore: jst("2022-05-19T05:00:00")) == jst("2022-05-19T05:00:00"))
        #expect(Publication.last(atOrBefore: jst("2022-05-19T04:00:00")) == jst("2022-05-18T17:00:00"))
        #expect(Publication.last(atOrBefore: jst("2022-05-19T23:59:00")) == jst("2022-05-19T17:00:00"))
    }

    @Test("ISO 8601 parsing with offsets")
    func parsing() {
        #expect(JST.parseInstant("1970-01-01T00:00:00Z") == 0)
        #expect(JST.parseInstant("1970-01-01T09:00:00+09:00") == 0)
        #expect(JST.parseInstant("2021-03-03T05:00:00+09:00") == 1_614_715_200)
        #expect(JST.parseInstant("2024-02-29T12:00:00.250+00:00") == 1_709_208_000)
        #expect(JST.parseInstant("2021-03-03 05:00") == nil)
        #expect(JST.parseInstant("") == nil)
    }
}

/// A thread that serves a FIFO's readers until stopped: opening it for writing blocks until a reader has it open, and
/// each reader gets `bytes`, then the end of the file. ``stop()`` opens the FIFO for reading itself, so that a writer
/// still waiting goes on and sees it is stopped, and returns once the thread has ended. SIGPIPE is blocked on this
/// thread alone, so a reader that closed first makes the write fail with EPIPE rather than end the test process.
private final class FIFOWriter: Sendable {
    private let path: String
    private let stopped = Mutex(false)
    private let ended = DispatchSemaphore(value: 0)

    /// `bytes` must fit in a pipe's buffer (64 KB), so that a write never waits for a reader to take them.
    init(path: String, bytes: [UInt8]) {
        self.path = path
        let thread = Thread { [self] in
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            while !stopped.withLock({ $0 }) {
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { break }
                if !stopped.withLock({ $0 }) {
                    // The pointer is the array's own storage and the count its length, for the call alone.
                    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                }
                close(descriptor)
            }
            ended.signal()
        }
        thread.start()
    }

    /// Ends the writer, with a reader of its own held open until the thread has ended: a writer waiting for a reader
    /// goes on, and one about to open the FIFO does not wait.
    func stop() {
        stopped.withLock { $0 = true }
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        ended.wait()
        if reader >= 0 { close(reader) }
    }
}
