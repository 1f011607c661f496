internal import CCurl

/// Owns a libcurl string list (`struct curl_slist *`) of header lines; `deinit` frees it.
///
/// The easy handle that points at it (`CURLOPT_HTTPHEADER`) must not outlive it: a `Transfer`
/// keeps both and lets the list go only with the handle.
final class HeaderList {
    private(set) var pointer: UnsafeMutablePointer<curl_slist>?

    init(_ lines: [String]) {
        for line in lines {
            // curl_slist_append copies the string.
            pointer = line.withCString { curl_slist_append(pointer, $0) }
        }
    }

    deinit {
        curl_slist_free_all(pointer)
    }
}
