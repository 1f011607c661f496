import NIOCore

/// The answers a ``MockServer`` holds back until a test lets them go, so that requests overlap
/// as the test needs, however slowly a busy machine sends them: no latency to bet on.
///
/// A value inside ``ServerState``'s lock. Its methods return the promises to complete, which
/// the caller completes after the lock is let go: a promise of the connection's own event loop
/// runs what waits for it at once, and that may take the lock again.
struct Gate {
    /// An answer waiting: its request's URI, and the promise that lets it go on.
    struct Answer {
        let ticket: Int
        let uri: String
        let promise: EventLoopPromise<Void>
        /// Held whatever the gate (`/hold/{n}`'s end): neither counted nor let go when the
        /// count opens the gate, only by ``release(where:)`` or ``open()``.
        let always: Bool
    }

    private(set) var isClosed = false
    /// The answers waiting, in arrival order.
    private(set) var held: [Answer] = []
    private var lastTicket = 0
    /// With ``close(untilHeld:order:)``: how many held answers open the gate by itself.
    private var opensAt: Int?
    /// The URI endings still to let go one at a time, and the ticket let go whose answer is awaited before the next.
    private var order: [String] = []
    private var awaited: Int?

    /// Closes the gate; with `count`, it opens by itself once that many answers wait, letting them all go, or with
    /// `order`, one at a time in that order (each held URI ends with one of them), each once the one before has been
    /// answered. (Answers held `always` are not counted, nor let go by the count.)
    mutating func close(untilHeld count: Int? = nil, order: [String] = []) {
        isClosed = true
        opensAt = count
        self.order = order
        awaited = nil
    }

    mutating func open() -> [EventLoopPromise<Void>] {
        isClosed = false
        opensAt = nil
        order = []
        return release { _ in true }
    }

    /// Holds an answer if the gate is closed, or `always`.
    ///
    /// - Returns: its ticket and promise, nil when it goes on at once; and the promises to
    ///   complete now, when this answer was the one that opens the gate.
    mutating func hold(uri: String, always: Bool, on eventLoop: any EventLoop)
        -> (answer: Answer?, release: [EventLoopPromise<Void>])
    {
        guard isClosed || always else { return (nil, []) }
        lastTicket += 1
        let answer = Answer(ticket: lastTicket, uri: uri, promise: eventLoop.makePromise(of: Void.self), always: always)
        held.append(answer)
        guard !always, let opensAt, held.count(where: { !$0.always }) >= opensAt else { return (answer, []) }
        isClosed = false
        self.opensAt = nil
        return (answer, order.isEmpty ? release(held.filter { !$0.always }) : releaseNextInOrder())
    }

    /// Lets the held answers whose URI `matches` go, in the order they arrived.
    mutating func release(where matches: (String) -> Bool) -> [EventLoopPromise<Void>] {
        release(held.filter { matches($0.uri) })
    }

    private mutating func release(_ answers: [Answer]) -> [EventLoopPromise<Void>] {
        let tickets = Set(answers.map(\.ticket))
        held.removeAll { tickets.contains($0.ticket) }
        return answers.map(\.promise)
    }

    /// Forgets a held answer whose connection closed first.
    mutating func drop(_ ticket: Int) {
        held.removeAll { $0.ticket == ticket }
    }

    /// A request let go by the gate has been answered: the next in order goes, if this was the one awaited.
    mutating func answered(_ ticket: Int) -> [EventLoopPromise<Void>] {
        guard ticket == awaited else { return [] }
        awaited = nil
        return releaseNextInOrder()
    }

    /// Lets the first held answer of the order go, skipping endings no held URI has.
    private mutating func releaseNextInOrder() -> [EventLoopPromise<Void>] {
        while !order.isEmpty {
            let ending = order.removeFirst()
            guard let index = held.firstIndex(where: { !$0.always && $0.uri.hasSuffix(ending) }) else { continue }
            let answer = held.remove(at: index)
            awaited = answer.ticket
            return [answer.promise]
        }
        return []
    }
}
