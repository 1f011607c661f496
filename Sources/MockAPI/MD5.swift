#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// MD5 (RFC 1321), for the one thing the mock needs it for: checking an HTTP Digest answer (RFC 7616's `algorithm=MD5`,
/// the one libcurl sends first). Neither Foundation on Linux nor the mock's packages offer it, and it guards nothing
/// here: a test server's check of a test password.
enum MD5 {
    /// The digest of `bytes`, as 32 lowercase hexadecimal digits.
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        digest(Array(bytes)).map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
    }

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) × 2³²), the constants of RFC 1321's table T.
    private static let constants: [UInt32] = (0..<64).map { index in
        UInt32(truncatingIfNeeded: Int64((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down)))
    }

    static func digest(_ message: [UInt8]) -> [UInt8] {
        var bytes = message
        let bitLength = UInt64(message.count) &* 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }

        var a0: UInt32 = 0x6745_2301, b0: UInt32 = 0xefcd_ab89, c0: UInt32 = 0x98ba_dcfe, d0: UInt32 = 0x1032_5476
        for block in stride(from: 0, to: bytes.count, by: 64) {
            let words = (0..<16).map { word in
                (0..<4).reduce(UInt32(0)) { value, byte in value | UInt32(bytes[block + word * 4 + byte]) << (8 * UInt32(byte)) }
            }
            var (a, b, c, d) = (a0, b0, c0, d0)
            for index in 0..<64 {
                var f: UInt32
                let g: Int
                switch index / 16 {
                case 0: f = (b & c) | (~b & d); g = index
                case 1: f = (d & b) | (~d & c); g = (5 * index + 1) % 16
                case 2: f = b ^ c ^ d; g = (3 * index + 5) % 16
                default: f = c ^ (b | ~d); g = (7 * index) % 16
                }
                f = f &+ a &+ constants[index] &+ words[g]
                (a, d, c) = (d, c, b)
                b = b &+ (f << shifts[index] | f >> (32 - shifts[index]))
            }
            a0 = a0 &+ a; b0 = b0 &+ b; c0 = c0 &+ c; d0 = d0 &+ d
        }
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }
}
