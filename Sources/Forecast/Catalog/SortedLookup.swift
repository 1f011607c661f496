/// Lookups in the compiled-in tables (cities, weather codes, agency areas), each generated in
/// the order of its key. A run looks up one or a few entries, so a binary search over the
/// table costs a handful of comparisons where a dictionary would first hash all its entries.
extension Array {
    /// The element whose key is `key`, in an array sorted by ascending key; nil if none is.
    func sortedLookup<Key: Comparable>(_ key: Key, by keyOf: (Element) -> Key) -> Element? {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if keyOf(self[middle]) < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < count, keyOf(self[low]) == key else { return nil }
        return self[low]
    }
}
