internal import JapanTime
import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Raw response bodies on disk, one file per source, host and key (a city, an office), each kept
/// as long as its source's freshness allows: the forecasts until the agency's next release.
///
/// A file is a header line `forecast-cache 1 <fetched, seconds since 1970>` and the body, fresh as its shelf's
/// `Freshness` says. Files are written to a temporary name and renamed, so a reader sees a whole entry or none; an
/// entry that cannot be read is ignored and replaced. Beside an entry that was ever missed lies its lock file
/// (`130010.json.lock`, locked with `flock(2)`), which the processes sharing the folder take in turns to fetch it.
public struct ForecastCache: Sendable {
    /// Whether the cache is read, written, or neither.
    public enum Mode: Sendable, Equatable {
        /// Read fresh entries, write new ones.
        case normal
        /// Do not read, but write what is fetched (`--refresh`).
        case refresh
        /// Neither read nor write (`--no-cache`).
        case disabled
    }

    /// The folder holding the entries, one file per host and city.
    public let directory: String
    /// Whether the cache is read, written, or neither.
    public let mode: Mode
    /// Which source's bodies this copy of the cache reads and writes: the folder they live in and how long one stays
    /// fresh. The API's by default; each source of the client has its own (``on(_:)``).
    private(set) var shelf: Shelf = .api

    /// Where a source's bodies live in the cache, and how long one stays fresh.
    struct Shelf: Sendable, Equatable {
        /// The folder below the cache's, "" for the API's: `<directory>/<folder>/<host>/<key>.json`.
        /// Each source has its own, since their keys overlap (office 270000 is a city ID too).
        let folder: String
        /// How long a stored body may be served.
        let freshness: Freshness
        /// Whether the folder keeps one entry only: storing one removes the others (the
        /// observations' map files, each superseded by the next).
        var keepsOne = false

        /// The API's answers, one per city, fresh until the next release.
        static let api = Shelf(folder: "", freshness: .releases(field: "publicTime"))
    }

    /// How long a stored body may be served.
    enum Freshness: Sendable, Equatable {
        /// Until the agency's next release (05:00, 11:00, 17:00 JST) or midnight, whichever is
        /// first after the fetch; when the body's publication time (the first value of `field`)
        /// was already older than the last release at the fetch, only for 10 minutes.
        case releases(field: String)
        /// For this many seconds after the fetch.
        case seconds(Int)
        /// For a body naming an observation time (`latest_time.txt`): until `due` seconds after that time, when the
        /// next observations are due, or `recheck` seconds after the fetch, whichever is later.
        case observations(due: Int, recheck: Int)
    }

    /// The same cache, for the bodies of another source.
    func on(_ shelf: Shelf) -> ForecastCache {
        var copy = self
        copy.shelf = shelf
        return copy
    }

    /// The current time in seconds since 1970; injectable for tests.
    private let now: @Sendable () -> Int
    static let staleBodyLifetime = 600
    private static let magic = "forecast-cache 1 "

    /// A cache of the entries in `directory`, made when the first one is written; tests pass a fixed clock as `now`.
    public init(directory: String, mode: Mode = .normal, now: @escaping @Sendable () -> Int = ForecastCache.systemNow) {
        self.directory = directory
        self.mode = mode
        self.now = now
    }

    /// The system clock, in whole seconds since 1970.
    public static let systemNow: @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }

    /// `$FORECAST_CACHE_DIR`, else `$XDG_CACHE_HOME/forecast`, else `~/.cache/forecast`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        defaultDirectory(variable: { environment[$0] })
    }

    /// The same, with each variable looked up by `variable` (nil for unset), such as getenv(3).
    public static func defaultDirectory(variable: (String) -> String?) -> String {
        if let dir = variable("FORECAST_CACHE_DIR"), !dir.isEmpty { return dir }
        if let xdg = variable("XDG_CACHE_HOME"), !xdg.isEmpty { return xdg + "/forecast" }
        return (variable("HOME") ?? ".") + "/.cache/forecast"
    }

    /// The file of one city's entry for one host ("weather.tsukumijima.net", "127.0.0.1:8080").
    public func path(host: String, key: String) -> String {
        let safeHost = Self.safeName(host)
        let folder = shelf.folder.isEmpty ? directory : "\(directory)/\(shelf.folder)"
        return "\(folder)/\(safeHost.isEmpty ? "_" : safeHost)/\(key).json"
    }

    /// A host as a folder's name: letters, digits, "." and "-" kept, any other character "_". An ASCII host (every one
    /// but a literal internationalised name) is read byte by byte, the same answer without Unicode's letter tables;
    /// but for a carriage return, which with a line feed after it is one character, and one "_".
    static func safeName(_ host: String) -> String {
        if host.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            let bytes = host.utf8.map { byte -> UInt8 in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "."), UInt8(ascii: "-"): byte
                default: UInt8(ascii: "_")
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }

    /// The cached body if there is a fresh, readable entry and the mode reads.
    public func read(host: String, key: String) -> Data? {
        guard mode == .normal else { return nil }
        return read(host: host, key: key, fetchedSince: nil)
    }

    /// The cached body if there is a fresh, readable entry fetched at or after `since` (seconds since 1970; nil for
    /// any), whatever the mode but `disabled`: what the process this one waited for has just stored. Its fetch was
    /// under way when this one asked, so even `--refresh` takes it.
    func read(host: String, key: String, fetchedSince since: Int?) -> Data? {
        guard let (fetched, body) = entry(host: host, key: key), fetched >= (since ?? fetched), isFresh(fetched: fetched, body: body)
        else { return nil }
        return body
    }

    /// The lock file beside an entry (`<entry>.lock`), opened and made if need be, for a
    /// process about to fetch it; nil when the mode writes nothing or the file cannot be had
    /// (a read-only folder): the entry is then fetched without a lock, as before locks.
    func lock(host: String, key: String) -> CacheLock? {
        guard mode != .disabled else { return nil }
        let file = path(host: host, key: key)
        // The folder is made at the first miss, before the first write would make it.
        try? FileManager.default.createDirectory(atPath: String(file[..<file.lastIndex(of: "/")!]), withIntermediateDirectories: true)
        return CacheLock(path: file + ".lock")
    }

    /// The cached body and when it was fetched (seconds since 1970), if the entry was fetched
    /// within `maxAge`, fresh or not, whatever the mode but `disabled`: the copy
    /// `--stale-if-error` falls back on, which `--refresh` does not rule out.
    public func readStale(host: String, key: String, maxAge: Duration) -> (body: Data, fetched: Int)? {
        guard let (fetched, body) = entry(host: host, key: key) else { return nil }
        let age = now() - fetched
        guard age >= 0, age <= maxAge.components.seconds else { return nil }
        return (body, fetched)
    }

    /// Now, in seconds since 1970, as the cache sees it.
    public var currentTime: Int { now() }

    /// Stores a body that decoded as a forecast, unless the mode is `disabled`.
    ///
    /// Failing to write is not an error for the caller, since the cache is an optimisation; it
    /// returns why, for `--verbose` ("No space left on device"), and nil when stored or disabled.
    @discardableResult
    public func write(host: String, key: String, body: Data) -> String? {
        guard mode != .disabled else { return nil }
        let file = path(host: host, key: key)
        let folder = String(file[..<file.lastIndex(of: "/")!])
        var contents = Data("\(Self.magic)\(now())\n".utf8)
        contents.append(body)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try contents.write(to: URL(fileURLWithPath: file), options: .atomic)
            if shelf.keepsOne { removeOthers(than: file, in: folder) }
            return nil
        } catch {
            // Unwritable cache: carry on without it, and say why to whoever asks.
            return Self.reason(error)
        }
    }

    /// The system's words for a failed write ("No space left on device"), else the error's.
    private static func reason(_ error: any Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)"
    }

    /// Removes every entry of `folder` but `kept`: the one-entry folders'. A process still reading one has its bytes
    /// already, or misses and fetches again. Lock files stay while a process may hold them (a lock file is never
    /// removed under its holder, or a newcomer would lock a new file beside it): only those untouched for a day go.
    private func removeOthers(than kept: String, in folder: String) {
        let keptName = String(kept[kept.index(after: kept.lastIndex(of: "/")!)...])
        let dayAgo = Date(timeIntervalSince1970: TimeInterval(now() - 86_400))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name != keptName {
            let path = folder + "/" + name
            if name.hasSuffix(".json.lock") {
                let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
                guard let modified, modified < dayAgo else { continue }
            } else if !name.hasSuffix(".json") {
                continue
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Whether an entry fetched at `fetched` with `body` may still be served.
    func isFresh(fetched: Int, body: Data) -> Bool {
        let current = now()
        guard fetched <= current else { return false }
        switch shelf.freshness {
        case .seconds(let lifetime):
            return current < fetched + lifetime
        case .releases(let field):
            let lastRelease = Publication.last(atOrBefore: fetched)
            let published = Self.publicationTime(of: body, field: field)
            let expiry = published.map { $0 >= lastRelease } == true
                ? Publication.nextChange(after: fetched)
                : fetched + Self.staleBodyLifetime
            return current < expiry
        case .observations(let due, let recheck):
            let text = String(decoding: body.prefix(64), as: UTF8.self).filter { !$0.isWhitespace }
            let time = JST.parseInstant(text)
            return current < max(time.map { $0 + due } ?? 0, fetched + recheck)
        }
    }

    /// The entry's fetch time and body, unless the mode is `disabled` or the file is not an entry.
    ///
    /// A fetch time before 1970 is not one `write` makes, and near `Int.min` the release
    /// arithmetic would overflow: such a file is not an entry either.
    private func entry(host: String, key: String) -> (Int, Data)? {
        guard mode != .disabled, let file = Self.contents(ofFile: path(host: host, key: key)),
              let newline = file.prefix(64).firstIndex(of: 0x0A)
        else { return nil }
        let header = String(decoding: file[file.startIndex..<newline], as: UTF8.self)
        guard header.hasPrefix(Self.magic), let fetched = Int(header.dropFirst(Self.magic.count)), fetched >= 0 else { return nil }
        return (fetched, file[(newline + 1)...])
    }

    /// The most an entry's file may hold: far more than a header and the largest body the client takes (1 MB).
    static let largestEntry = 8 << 20

    /// The whole of a regular file, or nil: nothing there, not a regular file (a folder, a FIFO, a device, which could
    /// block or never end), unreadable, or larger than any entry. Read with the C library: `FileManager`'s first use
    /// makes its shared instance, at every start, for this one read.
    static func contents(ofFile path: String) -> Data? {
        // O_NONBLOCK: opening a FIFO does not wait for a writer; O_NOCTTY: a terminal is not made the controlling one.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= largestEntry else { return nil }
        // Its size's worth, as `fstat` gave it: an entry is replaced by a rename, never rewritten, so a file that reads
        // shorter is no entry's.
        let size = Int(info.st_size)
        var (bytes, failure) = DescriptorReading.readAll(descriptor, chunk: size + 1, limit: size)
        guard failure == nil, bytes.count >= size else { return nil }
        bytes.count = size
        return bytes
    }

    /// When the body says it was published (the API's `publicTime`, the agency's first
    /// `reportDatetime`), found without decoding the whole body.
    static func publicationTime(of body: Data, field: String) -> Int? {
        guard let range = ByteSearch.firstRange(of: "\"\(field)\"", in: body.prefix(512)) else { return nil }
        let rest = body[range.upperBound...].prefix(64)
        guard let open = rest.firstIndex(of: 0x22) else { return nil }
        let afterOpen = rest[(open + 1)...]
        guard let close = afterOpen.firstIndex(of: 0x22) else { return nil }
        return JST.parseInstant(String(decoding: afterOpen[..<close], as: UTF8.self))
    }
}
