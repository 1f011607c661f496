/// How a run of `forecast` ends, as its exit status.
///
/// The numbers follow sysexits.h where it has one (EX_USAGE 64, EX_IOERR 74) and the shells'
/// convention for a process ended by SIGINT (128 + 2).
enum ExitStatus: Int32, Sendable {
    /// Every city was printed from a fresh forecast.
    case success = 0
    /// Some city failed (the others were printed), or `forecast cities` matched nothing.
    case failure = 1
    /// A bad option or value, an unknown city: nothing was fetched.
    case usage = 64
    /// The output could not be written (a full disk, an I/O error).
    case cannotWrite = 74
    /// Ctrl-C.
    case interrupted = 130
}
