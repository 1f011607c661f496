internal import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transfer {
    /// How the attempt ended, libcurl's result for it being `code`, at the engine turn `now`:
    /// a complete response (of any status), or the failure.
    func result(_ code: CURLcode, now: ContinuousClock.Instant) -> AttemptResult {
        if let progress = description.progress {
            // The attempt's last counts, which libcurl's last progress call may not have had yet.
            let total = (try? easy.info(offset: CURLINFO_CONTENT_LENGTH_DOWNLOAD_T)) ?? 0
            progress.update(
                downloaded: ((try? easy.info(offset: CURLINFO_SIZE_DOWNLOAD_T)) ?? 0) + resumedFrom,
                downloadTotal: total > 0 ? total + resumedFrom : 0,
                uploaded: (try? easy.info(offset: CURLINFO_SIZE_UPLOAD_T)) ?? 0,
                uploadTotal: (try? easy.info(offset: CURLINFO_CONTENT_LENGTH_UPLOAD_T)) ?? 0, now: now)
        }
        guard code == CURLE_OK else { return .failure(makeError(code, now: now)) }
        do throws(CurlError) {
            let response = try makeResponse()
            // libcurl has answered the challenge with the credentials: a 401 now refuses them.
            if response.status == 401, description.credential != nil {
                return .failure(CurlError(
                    kind: .authenticationFailed, message: "HTTP 401 after the credentials were sent", url: description.url, attempts: attempt))
            }
            if let download = description.download, (200..<300).contains(response.status), let problem = completeDownload(download) {
                return .failure(CurlError(kind: .other, message: problem, url: description.url, attempts: attempt))
            }
            return .response(response)
        } catch {
            return .failure(error)
        }
    }

    /// The response of an attempt that ended with a whole response.
    ///
    /// Throws if libcurl cannot tell the status code: a response without it would be wrong. The other values fall back
    /// to what is known (the requested URL, an unknown version, zero timings, a new connection).
    private func makeResponse() throws(CurlError) -> Response {
        let status: Int
        do throws(CurlError) {
            status = try easy.info(CURLINFO_RESPONSE_CODE)
        } catch {
            throw CurlError(
                kind: error.kind, code: error.code, message: error.message, url: description.url, attempts: attempt)
        }
        return Response(
            status: status,
            headers: headers,
            body: body,
            url: (try? easy.info(string: CURLINFO_EFFECTIVE_URL)) ?? description.url,
            httpVersion: httpVersion,
            metrics: metrics,
            attempts: attempt,
            retryAfter: retryAfter)
    }

    private func makeError(_ code: CURLcode, now: ContinuousClock.Instant) -> CurlError {
        let raw = CurlError.Code(rawValue: Int32(code.rawValue))
        let options = description.options
        let detail = easy.errorDetail
        let verifyResult = raw == .peerFailedVerification ? (try? easy.info(CURLINFO_SSL_VERIFYRESULT)) ?? 0 : 0
        let proxyStatus = refusedTunnelStatus
        if let changed = abortReason {
            return CurlError(kind: .other, code: raw, message: changed, url: description.url, attempts: attempt)
        }
        let kind: CurlError.Kind = if exceededBodyLimit {
            .bodyTooLarge
        } else if proxyStatus != nil {
            .proxyTunnelRefused
        } else if raw == .couldNotConnect, (try? easy.info(CURLINFO_OS_ERRNO)) == Int(ECONNREFUSED) {
            .connectionRefused
        } else {
            CurlError.kind(of: raw, verifyResult: verifyResult, detail: detail)
        }
        return CurlError(
            kind: kind, code: raw, message: EasyHandle.message(for: code),
            detail: detail, url: description.url, attempts: attempt,
            timeout: kind == .timedOut ? timedOutLimit(now: now) : nil,
            maxBodySize: kind == .bodyTooLarge ? options.maxBodySize : nil,
            maxRedirects: kind == .tooManyRedirects ? options.maxRedirects : nil,
            proxyStatus: proxyStatus)
    }

    /// The proxy's error status in answer to `CONNECT`, if it refused the tunnel; nil if no tunnel was asked for or the
    /// proxy opened it (libcurl reports 0 or a 2xx then). libcurl reports a refusal as a receive error ("CONNECT tunnel
    /// failed, response 403"), which alone would read as a reset, a transient failure.
    private var refusedTunnelStatus: Int? {
        let status = (try? easy.info(CURLINFO_HTTP_CONNECTCODE)) ?? 0
        return status >= 300 ? status : nil
    }

    /// The server's `Retry-After`, as libcurl parsed it (seconds or an HTTP date); nil if
    /// there is none or libcurl cannot tell (the policy's own backoff applies then).
    private var retryAfter: Duration? {
        let seconds = (try? easy.info(offset: CURLINFO_RETRY_AFTER)) ?? 0
        return seconds > 0 ? .seconds(seconds) : nil
    }

    /// libcurl's timings; one libcurl cannot tell is zero, and the connection counts as new unless libcurl says reused.
    private var metrics: Metrics {
        func time(_ item: CURLINFO) -> Duration {
            .microseconds((try? easy.info(offset: item)) ?? 0)  // the `_T` time infos are in microseconds
        }
        return Metrics(
            nameLookup: time(CURLINFO_NAMELOOKUP_TIME_T),
            connect: time(CURLINFO_CONNECT_TIME_T),
            tlsHandshake: time(CURLINFO_APPCONNECT_TIME_T),
            firstByte: time(CURLINFO_STARTTRANSFER_TIME_T),
            total: time(CURLINFO_TOTAL_TIME_T),
            connectionReused: (try? easy.info(CURLINFO_NUM_CONNECTS)) == 0)
    }

    private var httpVersion: HTTPVersion {
        switch (try? easy.info(CURLINFO_HTTP_VERSION)) ?? 0 {
        case CURL_HTTP_VERSION_1_0: .http1_0
        case CURL_HTTP_VERSION_1_1: .http1_1
        case CURL_HTTP_VERSION_2_0: .http2
        case CURL_HTTP_VERSION_3: .http3
        default: .unknown
        }
    }

    /// Which timeout fired, as set on the handle.
    ///
    /// libcurl's connect timeout covers name lookup, connecting and the TLS handshake. Once a connection is ready for
    /// the request, `CURLINFO_PRETRANSFER_TIME_T` is set (libcurl makes a set timer at least 1 µs) — also on a reused
    /// connection, whose connect time is 0 — and only the total timeout can fire, unless a redirect then had to connect
    /// anew. So: no ready connection, the connect timeout (if shorter); a ready one and no redirect, the total timeout;
    /// otherwise (after a redirect, or if libcurl cannot tell), the total timeout if the attempt ran that long.
    private func timedOutLimit(now: ContinuousClock.Instant) -> Duration {
        let total = Duration.milliseconds(Self.timeoutMilliseconds(description.options.timeout))
        let connect = min(total, .milliseconds(Self.timeoutMilliseconds(description.options.connectTimeout)))
        guard connect < total else { return total }
        let ready = (try? easy.info(offset: CURLINFO_PRETRANSFER_TIME_T)).map { $0 > 0 }
        let redirects = try? easy.info(CURLINFO_REDIRECT_COUNT)
        switch (ready, redirects) {
        case (false?, _): return connect
        case (true?, 0?): return total
        default: return now - started >= total ? total : connect
        }
    }
}
