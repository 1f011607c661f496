#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a transfer sets on its easy handle for a ``TrustRoots``: the two libcurl options, or none (libcurl's defaults).
struct TrustSettings: Sendable, Equatable {
    /// libcurl: `CURLOPT_CAINFO`; nil unsets it.
    var caFile: String?
    /// libcurl: `CURLOPT_CAPATH`; nil unsets it.
    var caDirectory: String?
    /// Leave both options as libcurl has them.
    var useLibcurlDefaults: Bool

    static let libcurlDefaults = TrustSettings(caFile: nil, caDirectory: nil, useLibcurlDefaults: true)

    /// The settings for `roots`.
    ///
    /// - Parameters:
    ///   - tlsBackend: libcurl's TLS library as `curl_version_info` names it ("OpenSSL/3.0.11").
    ///   - defaultCADirectory: libcurl's compiled-in CA directory (`CURLINFO_CAPATH`), if any.
    ///   - hasHashLinks: whether a directory holds OpenSSL's `<hash>.N` names.
    static func resolve(
        _ roots: TrustRoots, tlsBackend: String, defaultCADirectory: String?, hasHashLinks: (String) -> Bool
    ) -> TrustSettings {
        guard roots.isSystem else { return TrustSettings(named: roots) }
        // Only OpenSSL looks certificates up by hash in a directory (GnuTLS, for one, reads
        // the whole directory), and only a directory of hash links is worth it.
        guard tlsBackend.hasPrefix("OpenSSL/"), let directory = defaultCADirectory, !directory.isEmpty,
              hasHashLinks(directory) else {
            return .libcurlDefaults
        }
        return TrustSettings(caFile: nil, caDirectory: directory, useLibcurlDefaults: false)
    }

    /// True if `directory` holds at least one entry named like OpenSSL's hash links:
    /// eight hexadecimal digits, a dot and a number (`9d6523ce.0`).
    static func directoryHasHashLinks(_ directory: String) -> Bool {
        guard let stream = opendir(directory) else { return false }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            // d_name is a NUL-terminated char array inside the dirent, which stays valid
            // until the next readdir on this stream; it is copied into a String at once.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isHashLinkName(name) { return true }
        }
        return false
    }

    /// `9d6523ce.0`: eight lowercase hex digits, a dot, decimal digits.
    static func isHashLinkName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count >= 10, bytes[8] == UInt8(ascii: ".") else { return false }
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        return bytes[..<8].allSatisfy { digit.contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
            && bytes[9...].allSatisfy(digit.contains)
    }
}

extension TrustSettings {
    /// Exactly the file and directory `roots` names, the other unset. (In an extension, keeping the memberwise init.)
    init(named roots: TrustRoots) {
        self.init(caFile: roots.caFile, caDirectory: roots.caDirectory, useLibcurlDefaults: false)
    }
}
