import Forecast
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// The tests' child processes (TestSupport's `ChildProcess`), which the tests of the command
/// start by the dozen: a wait for one ends, whatever the child does.
@Suite("A test's child process")
struct ChildProcessTests {
    @Test("A child that ends in time is waited for, with its exit status")
    func endsInTime() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "exit 3"], environment: [:])
        let exit = try child.wait(timeout: .seconds(60))
        #expect(exit.status == 3 && !exit.signalled)
    }

    @Test("A child still running at the wait's deadline is killed, and the wait throws instead of hanging")
    func overdue() throws {
        let child = try ChildProcess("/bin/sleep", ["600"], environment: [:])
        let started = ContinuousClock.now
        let error = #expect(throws: ChildProcess.Overdue.self) { try child.wait(timeout: .milliseconds(200)) }
        #expect(ContinuousClock.now - started < .seconds(60), "the wait ended at its deadline, not the child's end")
        #expect(!child.isRunning, "the overdue child was killed and reaped")
        #expect(error?.description == "/bin/sleep (pid \(child.pid)) had not ended after 0.2 seconds, and was killed")
    }

    @Test("An async wait is woken by the child's end, which its thread dates; one for a child that goes on returns false and leaves it running")
    func endedWithin() async throws {
        let quick = try ChildProcess("/bin/sh", ["-c", "exit 0"], environment: [:])
        #expect(await quick.ended(within: .seconds(600)), "woken by the end, long before the bound")
        let endedAt = try #require(quick.endedAt)
        #expect(endedAt <= ContinuousClock.now)
        #expect(try quick.wait(timeout: .seconds(60)).status == 0)

        let sleeper = try ChildProcess("/bin/sleep", ["600"], environment: [:])
        #expect(await !sleeper.ended(within: .milliseconds(100)))
        #expect(sleeper.isRunning && sleeper.endedAt == nil)
        sleeper.send(SIGKILL)
        #expect(await sleeper.ended(within: .seconds(600)))
        #expect(try sleeper.wait(timeout: .seconds(60)).signalled)
    }
}
