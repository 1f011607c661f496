/// Results known before anything is printed (the sun's, computed), as the sequence a command's run hands over.
package struct ReadyResults<Value: Sendable>: AsyncSequence, AsyncIteratorProtocol {
    var rest: IndexingIterator<[CityResult<Value>]>

    package init(_ results: [CityResult<Value>]) {
        rest = results.makeIterator()
    }

    package mutating func next() async -> CityResult<Value>? {
        rest.next()
    }

    package func makeAsyncIterator() -> Self { self }
}
