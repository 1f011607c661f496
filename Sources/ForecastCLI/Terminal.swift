#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Forecast

/// The process's standard streams, written with write(2): no buffering to flush, and a closed
/// pipe is seen as an error rather than a signal.
enum Terminal {
    enum Stream: Int32 {
        case standardInput = 0
        case standardOutput = 1
        case standardError = 2
    }

    static func isTerminal(_ stream: Stream) -> Bool {
        isatty(stream.rawValue) == 1
    }

    /// The terminal's width in cells (`TIOCGWINSZ`), asked of stdout, else of stderr (a table
    /// piped into `less` is still read on that terminal); nil when neither is a terminal.
    static func width() -> Int? {
        for stream in [Stream.standardOutput, .standardError] {
            var size = winsize()
            if ioctl(stream.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Int(size.ws_col)
            }
        }
        return nil
    }

    /// True if the stream is a pipe or a socket (read by another program), not a terminal or a file.
    static func isPipe(_ stream: Stream) -> Bool {
        var status = stat()
        guard fstat(stream.rawValue, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK
    }

    /// True if both streams are terminals and the same one (one device), as when a person
    /// reads stdout and stderr together.
    static func isSameTerminal(_ first: Stream, _ second: Stream) -> Bool {
        guard isTerminal(first), isTerminal(second) else { return false }
        var one = stat()
        var other = stat()
        guard fstat(first.rawValue, &one) == 0, fstat(second.rawValue, &other) == 0 else { return false }
        return one.st_rdev == other.st_rdev
    }

    /// Writes all of `text`, retrying after a signal and after a partial write; nil once written,
    /// else the `errno` write(2) failed with (EPIPE: the reader has gone).
    @discardableResult
    static func write(_ text: String, to stream: Stream) -> Int32? {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                // `bytes` is not empty here, so its base address is not nil; `offset` stays
                // below its count, so the pointer and length stay inside the buffer.
                let written = Glibc.write(stream.rawValue, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    static func readStandardInput() -> String {
        String(decoding: DescriptorReading.readAll(0, chunk: 65_536).bytes, as: UTF8.self)
    }
}
