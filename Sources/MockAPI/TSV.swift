/// Splitting of the tab-separated catalog files in `Fixtures/`.
enum TSV {
    /// The non-empty lines of `text`, each split at tabs (a trailing `\r` is dropped).
    static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            guard !trimmed.isEmpty else { return nil }
            return trimmed.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }
}
