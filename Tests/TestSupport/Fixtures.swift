import Foundation
import MockAPI

/// The repository's `Fixtures/` folder: the real response bodies, the crafted ones and the
/// golden files, which the mock serves and the tests compare against.
public let fixturesDirectory = URL(fileURLWithPath: MockConfiguration.defaultFixturesDirectory)

/// The contents of a file in `Fixtures/`, by its path relative to that folder.
public func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixturesDirectory.appendingPathComponent(name))
}

/// The same as `fixture(_:)`, as bytes, the form NIO's tests compare.
public func fixtureBytes(_ name: String) throws -> [UInt8] {
    Array(try fixture(name))
}
