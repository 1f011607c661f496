#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
internal import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One attempt of a request in libcurl: its easy handle (which keeps its header list) and what has arrived so far.
///
/// Made when the attempt starts, never before: an idle easy handle with its options holds kilobytes, and a parallel run
/// may queue a hundred requests behind its `ConcurrencyLimit`. Made anew for each attempt, rather than kept through a
/// retry's wait: an attempt needs nothing of the one before (the connection cache, with each open connection's TLS
/// state, and the DNS cache belong to the multi handle), so a request waiting out a backoff holds no handle, and a new
/// attempt has nothing to reset.
///
/// Not Sendable: created, driven and freed on the engine thread only. libcurl's callbacks find it through the
/// `userdata` pointer, an unretained reference: libcurl calls them only from `curl_multi_perform` while the handle is
/// attached, and the engine holds the transfer for as long as the handle is attached (in its scheduler's running state,
/// or among its stranded transfers), so the reference is alive whenever it is used.
final class Transfer {
    let request: Request
    let description: RequestDescription
    let easy: EasyHandle
    /// Which attempt of the request this is, 1 for the first; the scheduler counts them.
    let attempt: Int
    /// The engine turn's reading of the clock when the attempt was handed to libcurl.
    let started: ContinuousClock.Instant
    /// The engine's latest turn's reading, for the progress callback.
    let clock: TurnClock

    // What has arrived, read by `result` (Transfer+Result.swift); written by the callbacks.
    private(set) var body = Data()
    private(set) var headers = HTTPHeaders()
    /// Set when the write callback refused data past `maxBodySize`.
    private(set) var exceededBodyLimit = false
    /// An upload's reading: where it is, how much there is (nil: a pipe's, read to its end), the file (-1: none).
    private var uploadOffset: Int64 = 0
    private var uploadSize: Int64? = 0
    private(set) var uploadFile: Int32 = -1
    /// Why an upload or a download was stopped (the file changed size, could not be read or written), if it was.
    private(set) var abortReason: String?
    /// A download's `.part`: open once the first 2xx body bytes arrive (-1 before, and for a response of another
    /// status, whose body is kept in memory), and the bytes it held when the attempt asked to continue it.
    private var downloadFile: Int32 = -1
    private(set) var resumedFrom: Int64 = 0
    /// Called on the session's thread when the write callback paused a streamed body.
    var onPause: ((Transfer) -> Void)?
    /// Called on the session's thread when the read callback paused a pipe's upload with nothing to read (then polled).
    var onUploadWaiting: ((Transfer) -> Void)?
    /// Called on the session's thread when a streamed body's sink begins a batch while the engine does not list it,
    /// for the engine to flush it after a perform; `heldSince` is the turn's clock reading when its open batch began.
    var onHeld: ((Transfer) -> Void)?
    private(set) var heldSince: ContinuousClock.Instant

    /// Makes and configures attempt number `attempt` of a request, starting `now`.
    init(
        request: Request, description: RequestDescription, attempt: Int, now: ContinuousClock.Instant, clock: TurnClock
    ) throws(CurlError) {
        self.request = request
        self.description = description
        self.attempt = attempt
        started = now
        heldSince = now
        self.clock = clock
        easy = try EasyHandle()
        var lines = description.headers.map { "\($0.name): \($0.value)" }
        // No "Expect: 100-continue" round trip before a body.
        if description.body != nil || description.upload != nil { lines.append("Expect:") }
        if let download = description.download, download.resuming, let validator = Self.resumable(download) {
            // Continue the .part: its bytes are asked from the server only if the file is the
            // one they came from (If-Range), else it answers 200 with the whole body.
            resumedFrom = validator.size
            lines.append("If-Range: \(validator.value)")
        }
        try easy.set(headers: HeaderList(lines))
        let options = description.options
        try easy.set(CURLOPT_URL, description.url)
        try easy.set(CURLOPT_NOSIGNAL, true)
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_FOLLOWLOCATION, options.maxRedirects > 0)
        try easy.set(CURLOPT_MAXREDIRS, options.maxRedirects)
        try easy.set(CURLOPT_TIMEOUT_MS, Self.timeoutMilliseconds(options.timeout))
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, Self.timeoutMilliseconds(options.connectTimeout))
        // A body held in memory is bounded (by receiveBody too); one written to a file or streamed is not.
        if description.download == nil, description.stream == nil {
            try easy.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(options.maxBodySize))
        }
        if resumedFrom > 0 {
            // The Range header alone (CURLOPT_RANGE), not CURLOPT_RESUME_FROM_LARGE: with the
            // latter, libcurl fails a 200 answer (the file changed) instead of starting over.
            try easy.set(CURLOPT_RANGE, "\(resumedFrom)-")
        }
        try easy.set(CURLOPT_SSL_VERIFYPEER, 1)
        try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
        // The trusted CAs (see ``TrustRoots``), or libcurl's defaults. The system store's
        // settings are decided once per process; named roots need no probe.
        let trust = options.trust.isSystem ? CurlGlobal.systemTrust : TrustSettings(named: options.trust)
        if !trust.useLibcurlDefaults {
            try easy.set(CURLOPT_CAINFO, trust.caFile)
            try easy.set(CURLOPT_CAPATH, trust.caDirectory)
        }
        if description.endpoint.isHTTPS {
            // Requests that start together on one HTTPS origin wait for the first connection's
            // ALPN answer and then share it as HTTP/2 streams, instead of each opening (and
            // handshaking) a connection of its own. Not over plain HTTP, where nothing can be
            // multiplexed and waiting would only cost the parallel requests a round trip.
            try easy.set(CURLOPT_PIPEWAIT, true)
        }
        try easy.set(CURLOPT_USERAGENT, options.userAgent)
        if let size = options.receiveBufferSize {
            try easy.set(CURLOPT_BUFFERSIZE, size)
        } else if description.download != nil || description.stream != nil {
            // A body of any size: a read buffer larger than libcurl's default empties a fast socket in fewer reads and
            // loop turns (the write callback still gets at most CURL_MAX_WRITE_SIZE at a time). 1 MB: libcurl older
            // than 7.88 caps it at 512 KB. Benchmarks/README.md has the figures.
            try easy.set(CURLOPT_BUFFERSIZE, 1 << 20)
        }
        if options.acceptEncoding {
            try easy.set(CURLOPT_ACCEPT_ENCODING, "")
        }
        if let proxy = options.proxy {
            try easy.set(CURLOPT_PROXY, proxy)
            // A proxy named for the request serves every host: libcurl would else skip it for `no_proxy`'s hosts.
            try easy.set(CURLOPT_NOPROXY, "")
        }
        try configureMethod()
        if let credential = description.credential {
            try easy.set(CURLOPT_USERNAME, credential.user)
            try easy.set(CURLOPT_PASSWORD, credential.password)
            // CURLAUTH_ANY (`~CURLAUTH_DIGEST_IE`, a macro Swift does not import): libcurl asks first, then answers the
            // challenge with the safest method the server offers (Basic, Digest, …), as `curl --anyauth` does.
            try easy.set(CURLOPT_HTTPAUTH, ~(1 << 4))
        }

        // The transfer is reached from the callbacks through this unretained pointer; it is
        // alive whenever libcurl calls them (see the type's comment). The handle's private
        // pointer is the same, for the engine to find the transfer of a handle libcurl reports done.
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        try easy.set(CURLOPT_WRITEDATA, pointer: userdata)
        try easy.set(CURLOPT_PRIVATE, pointer: userdata)
        // In both callbacks, `data` points at `size * count` bytes that libcurl owns and that are
        // valid only during the call: the buffer view does not escape, and `receiveBody` and
        // `receiveHeader` copy the bytes (into `Data`, into a `String`) before returning.
        try easy.set(CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
            guard let transfer = Transfer.from(userdata) else { return 0 }
            let length = size * count
            let bytes = UnsafeRawBufferPointer(start: data, count: length)
            if let download = transfer.description.download {
                return transfer.receiveDownload(bytes, to: download) ? length : 0
            }
            if let stream = transfer.description.stream {
                switch stream.offer(bytes) {
                case .refused:
                    transfer.onPause?(transfer)
                    return 0x1000_0001  // CURL_WRITEFUNC_PAUSE: libcurl keeps the chunk for later
                case .held(let newBatch, let first):
                    if newBatch { transfer.heldSince = transfer.clock.now }
                    if first { transfer.onHeld?(transfer) }
                    return length
                }
            }
            return transfer.receiveBody(bytes) ? length : 0
        }
        if description.progress != nil {
            try easy.set(CURLOPT_NOPROGRESS, false)
            try easy.set(CURLOPT_XFERINFODATA, pointer: userdata)
            // Called on the session's thread during curl_multi_perform, with the attempt's
            // counts; the transfer is alive then, as in the data callbacks. 0 goes on.
            try easy.set(CURLOPT_XFERINFOFUNCTION) { userdata, downloadTotal, downloaded, uploadTotal, uploaded in
                guard let transfer = Transfer.from(userdata) else { return 0 }
                // A continued download counts the bytes its .part held already.
                let resumed = transfer.resumedFrom
                transfer.description.progress?.update(
                    downloaded: Int64(downloaded) + resumed, downloadTotal: downloadTotal > 0 ? Int64(downloadTotal) + resumed : 0,
                    uploaded: Int64(uploaded), uploadTotal: Int64(uploadTotal), now: transfer.clock.now)
                return 0
            }
        }
        try easy.set(CURLOPT_HEADERDATA, pointer: userdata)
        try easy.set(CURLOPT_HEADERFUNCTION) { data, size, count, userdata in
            Transfer.from(userdata)?.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
            return userdata == nil ? 0 : size * count
        }
    }

    deinit {
        if uploadFile >= 0 { close(uploadFile) }
        if downloadFile >= 0 { close(downloadFile) }
    }

    /// The size of a download's `.part` and the validator saved beside it, if both are there and the `.part` not empty.
    static func resumable(_ download: RequestDescription.DownloadTarget) -> (size: Int64, value: String)? {
        var status = stat()
        guard stat(download.partial, &status) == 0, status.st_size > 0,
              let saved = try? String(contentsOfFile: download.validator, encoding: .utf8),
              !saved.isEmpty
        else { return nil }
        return (Int64(status.st_size), saved)
    }

    /// Writes body bytes of a download: to the `.part` for a 2xx response (appended for a 206 that continues it, from
    /// its start otherwise), to memory for any other status. False (libcurl aborts) when the file cannot be written.
    private func receiveDownload(_ bytes: UnsafeRawBufferPointer, to download: RequestDescription.DownloadTarget) -> Bool {
        if downloadFile < 0 {
            let status = (try? easy.info(CURLINFO_RESPONSE_CODE)) ?? 0
            // Another status's body (an error page) is kept in memory, within maxBodySize.
            guard (200..<300).contains(status) else { return receiveBody(bytes) }
            let continues = status == 206 && resumedFrom > 0
            let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (continues ? O_APPEND : O_TRUNC)
            downloadFile = open(download.partial, flags, 0o644)
            guard downloadFile >= 0 else { return stop("could not write \(download.partial): \(errnoText)") }
            if !continues { resumedFrom = 0 }
            // The validator of what the .part holds, for a later download to continue it.
            let validator = headers["etag"] ?? headers["last-modified"] ?? ""
            if (try? Data(validator.utf8).write(to: URL(fileURLWithPath: download.validator))) == nil {
                return stop("could not write \(download.validator)")
            }
        }
        var offset = 0
        while offset < bytes.count {
            let written = write(downloadFile, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return stop("could not write \(download.partial): \(errnoText)") }
            offset += written
        }
        return true
    }

    /// Records why the write callback stops the transfer; false, for libcurl to abort it.
    private func stop(_ reason: String) -> Bool {
        abortReason = reason
        return false
    }

    /// After an attempt that ended with a 2xx response: the `.part` renamed onto the download's path (made empty if no
    /// byte came), its validator removed. Nil on success, else why not.
    func completeDownload(_ download: RequestDescription.DownloadTarget) -> String? {
        if downloadFile >= 0 {
            close(downloadFile)
            downloadFile = -1
        } else {
            let empty = open(download.partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard empty >= 0 else { return "could not write \(download.partial): \(errnoText)" }
            close(empty)
        }
        guard rename(download.partial, download.path) == 0 else {
            return "could not move \(download.partial) to \(download.path): \(errnoText)"
        }
        unlink(download.validator)
        return nil
    }

    private func configureMethod() throws(CurlError) {
        let method = description.method
        if let upload = description.upload {
            try configureUpload(upload)
        } else if method == .head {
            try easy.set(CURLOPT_NOBODY, true)
        } else if method != .get || description.body != nil {
            let body = description.body ?? Data()
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            // libcurl copies the bytes (CURLOPT_COPYPOSTFIELDS), so the buffer need only live through this call, and it
            // never writes through the pointer, so dropping `const` is sound; an empty body still needs a valid pointer
            // (a static empty string's).
            let code = body.withUnsafeBytes { bytes in
                let base = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
                return ccurl_easy_setopt_pointer(easy.pointer, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            }
            try EasyHandle.check(code)
            if method != .post {
                try easy.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
            }
        }
    }

    /// Sends `upload` through the read callback, from its start: a file is opened for this attempt (a retry's anew).
    private func configureUpload(_ upload: RequestDescription.UploadBody) throws(CurlError) {
        switch upload {
        case .data(let data):
            uploadSize = Int64(data.count)
        case .file(let path):
            // Non-blocking, so that a pipe with nothing to read yet pauses this transfer
            // instead of stalling the session's thread; a regular file reads as it would.
            let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            var status = stat()
            guard file >= 0, fstat(file, &status) == 0 else {
                let reason = errnoText
                if file >= 0 { close(file) }
                throw CurlError(kind: .other, message: "could not read \(path): \(reason)", url: description.url, attempts: attempt)
            }
            uploadFile = file
            // A pipe, a FIFO or a terminal has no size: libcurl sends it chunked (HTTP/1.1) as it is read, to its end.
            uploadSize = status.st_mode & S_IFMT == S_IFREG ? Int64(status.st_size) : nil
        }
        try easy.set(CURLOPT_UPLOAD, true)
        try easy.set(CURLOPT_INFILESIZE_LARGE, offset: uploadSize ?? -1)
        if description.method != .put {
            try easy.set(CURLOPT_CUSTOMREQUEST, description.method.rawValue)
        }
        // The transfer is alive whenever libcurl calls these (see the type's comment); `buffer`
        // is libcurl's, `size * count` bytes long, written here and not kept.
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        try easy.set(CURLOPT_READDATA, pointer: userdata)
        try easy.set(CURLOPT_READFUNCTION) { buffer, size, count, userdata in
            guard let buffer, let transfer = Transfer.from(userdata) else { return 0x1000_0000 }  // CURL_READFUNC_ABORT
            return transfer.readUpload(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
        }
        // libcurl rewinds to send the body again (an authentication's second round, a redirect).
        try easy.set(CURLOPT_SEEKDATA, pointer: userdata)
        try easy.set(CURLOPT_SEEKFUNCTION, seek: { userdata, offset, origin in
            guard let transfer = Transfer.from(userdata), origin == SEEK_SET else { return 1 }  // CURL_SEEKFUNC_FAIL
            return transfer.seekUpload(to: Int64(offset)) ? 0 : 1
        })
    }

    /// Fills `buffer` with the upload's next bytes: their count, 0 at the end, or
    /// `CURL_READFUNC_ABORT` when the file is not what it was (its size changed) or cannot be read.
    private func readUpload(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let abort = 0x1000_0000
        switch description.upload {
        case .data(let data)?:
            let count = data.dropFirst(Int(uploadOffset)).copyBytes(to: buffer)
            uploadOffset += Int64(count)
            return count
        case .file(let path)?:
            let changed = "the file \(path) changed size while it was sent"
            let wanted = Int(min(Int64(buffer.count), (uploadSize ?? .max) - uploadOffset))
            guard wanted > 0 else { return 0 }
            var got = 0
            repeat {
                got = read(uploadFile, buffer.baseAddress, wanted)
            } while got < 0 && errno == EINTR
            if uploadSize == nil {
                // The end of a pipe's stream; or nothing in it yet, or a FIFO that no writer
                // has opened yet: paused until it has something, or its writer has come and gone.
                if got == 0, !awaitsWriter { return 0 }
                if got == 0 || (got < 0 && errno == EAGAIN) {
                    onUploadWaiting?(self)
                    return 0x1000_0001  // CURL_READFUNC_PAUSE
                }
            }
            guard got > 0 else {
                abortReason = got == 0 ? changed : "could not read \(path): \(errnoText)"
                return abort
            }
            uploadOffset += Int64(got)
            // The last bytes announced: the file must still have the size it had, or what was
            // sent is not the file (libcurl asks for nothing after the size it was given).
            if uploadOffset == uploadSize {
                var status = stat()
                guard fstat(uploadFile, &status) == 0, Int64(status.st_size) == uploadSize else {
                    abortReason = changed
                    return abort
                }
            }
            return got
        case nil:
            return 0
        }
    }

    /// Whether the upload is a FIFO that no writer has opened since it was opened here, which reads as empty as an
    /// ended one does. Linux tells them apart by the hang-up: a reader opened before any writer sees none until a
    /// writer has come and gone (pipe(7)); a pipe whose writer has closed, or a terminal, reads 0 at its end. Asked
    /// only when a file without a size reads 0, so that its `fstat` costs no other read.
    private var awaitsWriter: Bool {
        var status = stat()
        guard fstat(uploadFile, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return false }
        var descriptor = pollfd(fd: uploadFile, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&descriptor, 1, 0) == 0
    }

    /// Moves the upload to `offset` from its start, for libcurl to send it again.
    private func seekUpload(to offset: Int64) -> Bool {
        // A pipe is read once: it goes back nowhere but where it is.
        guard let uploadSize else { return offset == uploadOffset }
        guard (0...uploadSize).contains(offset) else { return false }
        if uploadFile >= 0, lseek(uploadFile, off_t(offset), SEEK_SET) < 0 { return false }
        uploadOffset = offset
        return true
    }

    /// The transfer of an easy handle `curl_multi_info_read` reported done, through its CURLOPT_PRIVATE pointer.
    ///
    /// Sound for the same reason as the callbacks' `userdata`: libcurl reports only handles still attached to the multi
    /// handle (`curl_multi_remove_handle` drops a removed handle's pending message), and the engine holds every
    /// attached handle's transfer, so the unretained reference is alive here. The caller still checks that the transfer
    /// is the one its request is running.
    static func ofEnded(_ easy: UnsafeMutableRawPointer) -> Transfer? {
        var value: UnsafeMutableRawPointer?
        guard ccurl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &value) == CURLE_OK else { return nil }
        return from(value)
    }

    /// The transfer an unretained `userdata` pointer (the callbacks', the handle's private one) points at.
    private static func from(_ userdata: UnsafeMutableRawPointer?) -> Transfer? {
        userdata.map { Unmanaged<Transfer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Appends body bytes; false (libcurl aborts) past the limit, which bounds a download's error page too.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= description.options.maxBodySize else {
            exceededBodyLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Records a header line; a status line starts a new response (after a redirect or 1xx): only the last one's stay.
    ///
    /// The line is split and trimmed as bytes (the syntax of a header line is ASCII): this runs
    /// on the engine thread for every line of every response, where String's Character
    /// processing would outweigh libcurl's own work on the response.
    private func receiveHeader(_ bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: "HTTP/".utf8) {
            headers = HTTPHeaders()
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = Self.trimmingSpaces(bytes[..<colon])
        let value = Self.trimmingSpaces(bytes[(colon + 1)...])
        headers.add(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    /// `bytes` without leading and trailing spaces, tabs, CRs and LFs.
    static func trimmingSpaces(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        let isText = { (byte: UInt8) in !" \t\r\n".utf8.contains(byte) }
        guard let first = bytes.firstIndex(where: isText), let last = bytes.lastIndex(where: isText) else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// A timeout for `CURLOPT_TIMEOUT_MS` or `CURLOPT_CONNECTTIMEOUT_MS`: at least 1 ms, since
    /// libcurl reads 0 as "no timeout", and at most `Int32.max` ms (about 24 days).
    static func timeoutMilliseconds(_ duration: Duration) -> Int {
        min(max(1, milliseconds(duration)), Int(Int32.max))
    }

    /// Whole milliseconds, rounded toward zero; saturating at `Int.min` and `Int.max`.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(clamping: Int128(seconds) * 1000 + Int128(attoseconds / 1_000_000_000_000_000))
    }
}

private var errnoText: String { String(cString: strerror(errno)) }
