/// The optimal string alignment distance: insertions, deletions, substitutions and (with `swaps`)
/// swaps of two neighbours each count one; without `swaps`, Levenshtein's.
package enum EditDistance {
    /// The name within a small edit distance of `typed` (one edit for up to five letters, two from six), the first of
    /// the closest; nil when none is that close: the did-you-mean of every name a person types (an option, a format).
    package static func closest(to typed: String, among names: [String]) -> String? {
        let letters = Array(typed)
        let allowed = min(2, max(1, letters.count / 3))
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = between(letters, Array(name))
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (name, distance)
            }
        }
        return best?.name
    }

    package static func between(_ a: [Character], _ b: [Character], swaps: Bool = true) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if swaps, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
