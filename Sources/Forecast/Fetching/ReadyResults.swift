/// Results known before anything is printed (the sun's, computed), as the sequence a command's
/// run hands over.
package struct ReadyResults<Value: Sendable>: AsyncSequence {
    let results: [CityResult<Value>]

    package init(_ results: [CityResult<Value>]) {
        self.results = results
    }

    package struct AsyncIterator: AsyncIteratorProtocol {
        var rest: IndexingIterator<[CityResult<Value>]>

        package mutating func next() async -> CityResult<Value>? {
            rest.next()
        }
    }

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(rest: results.makeIterator())
    }
}
