extension Substring {
    /// The text without the characters `isSpace` accepts at either end.
    package func trimming(_ isSpace: (Character) -> Bool) -> Substring {
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...lastIndex(where: { !isSpace($0) })!]
    }
}
