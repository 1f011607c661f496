#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Forecast

extension Terminal {
    /// Writes to standard output, or ends the process at once if that fails.
    ///
    /// A reader that has gone (EPIPE: `forecast … | head -1`) ends the run quietly with status
    /// 0. Any other error (ENOSPC on a full disk, EIO, …) ends it with one line on stderr,
    /// `forecast: cannot write the output: No space left on device`, and status 74: a script
    /// must not take a half-written file for success.
    static func output(_ text: String) {
        guard !text.isEmpty, let error = write(text, to: .standardOutput) else { return }
        if error == EPIPE {
            ProcessWide.leave(.success)
        }
        write("forecast: cannot write the output: \(String(cString: strerror(error)))\n", to: .standardError)
        ProcessWide.leave(.cannotWrite)
    }

    /// Writes one message to stderr through the untrusted-text gate, so that neither the server's words nor an argument
    /// echoed back can steer the terminal. The message ends in a newline; line feeds inside it are kept only with
    /// `multiline` (a usage error: a problem a line, then the usage), else it stays one line.
    static func report(_ message: String, multiline: Bool = false) {
        write(UntrustedText.sanitized(message, keepingLineFeeds: multiline) + "\n", to: .standardError)
    }
}
