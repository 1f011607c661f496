import Forecast
import Foundation
import MockAPI
import Testing

@Suite("Output that cannot be written ends the run with status 74")
struct UnwritableOutputTests {
    static let message = "forecast: cannot write the output: No space left on device\n"

    @Test("Every format, one after the other or in parallel, into /dev/full", arguments: [
        ["-f", "tsv"], ["-f", "json"], ["-f", "line"], ["-f", "table"], ["-f", "table", "--color", "always"],
        ["-p", "-f", "tsv"], ["-p", "-f", "line"],
    ])
    func formats(options: [String]) async throws {
        try await withMock { mock, env in
            let result = try await forecast(options + CityArguments.hokkaido, environment: env, stdoutPath: "/dev/full")
            #expect(result.status == 74)
            #expect(result.stderr == Self.message)
            if !options.contains("-p") {
                // At once: the header (or the first city, for the line format) fails, and no
                // further city is fetched.
                #expect(mock.stats().requestsServed <= 1)
            }
        }
    }

    @Test("`forecast cities` into /dev/full", arguments: [[], ["東京"]])
    func cities(query: [String]) async throws {
        let result = try await forecast(["cities"] + query, stdoutPath: "/dev/full")
        #expect(result.status == 74)
        #expect(result.stderr == Self.message)
    }

    @Test("An unknown city is still a usage error (64), reported before anything is written")
    func usageErrorFirst() async throws {
        let result = try await forecast(["東京都庁"], stdoutPath: "/dev/full")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("forecast: no city is called"))
    }
}
