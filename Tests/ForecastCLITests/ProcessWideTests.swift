import Forecast
import Foundation
import MockAPI
import Testing
import TestSupport

/// What `forecast` sets for its whole process (ProcessWide), seen from outside the process.
@Suite("The command's process-wide settings")
struct ProcessWideTests {
    @Test("The command's threads share one malloc arena: glibc has mapped no heap for another",
          .disabled(if: Sanitizer.isActive, "a sanitizer brings its own malloc"))
    func oneMallocArena() async throws {
        try await withMock(MockConfiguration(faultsByCity: ["330010": FaultRule(.stall)])) { _, env in
            // Given a parallel run that has fetched and printed two cities, its third stalled at
            // the server: the session's thread and the threads that decode have all allocated
            let process = try CommandProcess(["-p", "--no-cache", "-f", "line", "130010", "140010", "330010"], environment: env)
            let firstTwo = "東京 晴のち曇 -/27°C 10%\n横浜 晴のち曇 -/26°C 10%\n"
            let printed = await eventually { (try? process.stdoutSoFar()).map(withoutOldDataMarks) == firstTwo }
            let maps = (try? String(contentsOfFile: "/proc/\(process.child.pid)/maps", encoding: .utf8)) ?? ""
            process.interrupt()
            _ = try await process.finish()
            try #require(printed, "the first two cities were never printed")

            // Then its memory holds the main arena only: every other arena is a heap of its own,
            // which glibc maps as a 64 MiB reservation that is mostly without access
            let heaps = Self.arenaHeaps(in: maps)
            #expect(!maps.isEmpty, "the process's memory map was not read")
            #expect(heaps.isEmpty, "mappings of other arenas' heaps:\n\(heaps.joined(separator: "\n"))")
        }
    }

    /// The lines of a `/proc/<pid>/maps` that are anonymous, without access and at least 16 MiB
    /// long: what glibc reserves for a heap of an arena other than the main one (the main arena
    /// grows the `[heap]` with brk). Thread stacks have guard pages of a few KiB only.
    static func arenaHeaps(in maps: String) -> [String] {
        maps.split(separator: "\n").filter { line in
            // address-range perms offset device inode [path]
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 5, fields[1] == "---p", fields[4] == "0" else { return false }
            let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            return bounds.count == 2 && bounds[1] - bounds[0] >= 16 << 20
        }.map(String.init)
    }
}
