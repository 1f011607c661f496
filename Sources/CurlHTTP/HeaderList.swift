internal import CCurl

/// Owns a libcurl string list (`struct curl_slist *`) of header lines; `deinit` frees it.
///
/// libcurl reads the list in place while a transfer runs, so it must outlive the easy handle that points at it:
/// `EasyHandle.set(headers:)` makes the handle keep the list, and the handle's `deinit` runs `curl_easy_cleanup` before
/// its stored properties, the list among them, are released.
final class HeaderList {
    /// The head of the list, or nil for an empty list (which libcurl reads as "no headers").
    /// Nodes and strings are allocated by `curl_slist_append` and freed only in `deinit`.
    private(set) var pointer: UnsafeMutablePointer<curl_slist>?

    init(_ lines: [String]) throws(CurlError) {
        for line in lines {
            // curl_slist_append copies the string, so the temporary C string may go away. On
            // failure it returns NULL and leaves the list as it was, which `deinit` then frees.
            guard let head = line.withCString({ ccurl_slist_append(pointer, $0) }) else {
                throw CurlError(kind: .other, code: .outOfMemory, message: "curl_slist_append failed: out of memory")
            }
            pointer = head
        }
    }

    deinit {
        ccurl_slist_free_all(pointer)
    }
}
