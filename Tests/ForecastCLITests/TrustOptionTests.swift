import Forecast
import Foundation
@testable import ForecastCLI
import TestSupport
import Testing

@Suite("Whom HTTPS trusts: --cacert and curl's variables")
struct TrustOptionTests {
    /// A readable file and directory to name; removed with the value.
    private final class Paths {
        let folder: TemporaryFolder
        var file: String { folder.path("ca.pem") }
        var other: String { folder.path("other.pem") }
        var directory: String { folder.path("certs") }

        init() throws {
            folder = try TemporaryFolder(prefix: "forecast-trust")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for path in [file, other] {
                _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
            }
        }
    }

    private func trusted(_ arguments: [String], _ variables: [String: String]) throws -> ClientConfiguration {
        try settings(arguments, variables).client
    }

    @Test("Nothing named: the system's store")
    func nothing() throws {
        let client = try trusted([], [:])
        #expect(client.caFile == nil && client.caDirectory == nil)
    }

    @Test("Each option and variable gives what it names")
    func eachSource() throws {
        let paths = try Paths()
        let cacert = try trusted(["--cacert", paths.file], [:])
        #expect(cacert.caFile == paths.file && cacert.caDirectory == nil)

        let bundle = try trusted([], ["CURL_CA_BUNDLE": paths.file])
        #expect(bundle.caFile == paths.file && bundle.caDirectory == nil)

        let file = try trusted([], ["SSL_CERT_FILE": paths.file])
        #expect(file.caFile == paths.file && file.caDirectory == nil)

        let directory = try trusted([], ["SSL_CERT_DIR": paths.directory])
        #expect(directory.caFile == nil && directory.caDirectory == paths.directory)

        let both = try trusted([], ["SSL_CERT_DIR": paths.directory, "SSL_CERT_FILE": paths.file])
        #expect(both.caFile == paths.file && both.caDirectory == paths.directory)
    }

    @Test("--cacert wins over every variable; CURL_CA_BUNDLE over the other two")
    func precedence() throws {
        let paths = try Paths()
        let all = ["CURL_CA_BUNDLE": paths.other, "SSL_CERT_FILE": paths.other, "SSL_CERT_DIR": paths.directory]
        let option = try trusted(["--cacert", paths.file], all)
        #expect(option.caFile == paths.file && option.caDirectory == nil)

        let bundle = try trusted([], all)
        #expect(bundle.caFile == paths.other && bundle.caDirectory == nil)
    }

    @Test("A path that cannot be read is a usage error naming where it came from")
    func unreadable() throws {
        let paths = try Paths()
        for path in ["/nonexistent.pem", paths.directory] {
            #expect(usageError(["--cacert", path, "130010"])?.contains("--cacert: cannot read the CA file \"\(path)\"") == true)
        }
        for (name, value) in [("SSL_CERT_FILE", "/nonexistent.pem"), ("CURL_CA_BUNDLE", paths.directory), ("SSL_CERT_DIR", paths.file),
                              ("SSL_CERT_DIR", "\(paths.directory):/nonexistent")] {
            do {
                _ = try trusted([], [name: value])
                Issue.record("\(name)=\(value) was accepted")
            } catch let error as UsageError {
                #expect(error.message.hasPrefix("\(name): cannot read the CA"), "\(error.message)")
            }
        }
    }
}
