/// When a ``Fault`` is injected: always, for the first few requests only, or at random.
public struct FaultRule: Sendable, Equatable {
    /// What goes wrong.
    public var fault: Fault
    /// `nil`: every matching request faults. `K`: only the first `K` matching requests fault, the
    /// following ones are answered normally.
    ///
    /// Requests are counted from the moment this rule was set (a configuration change that
    /// leaves the rule equal keeps the count) or the statistics were reset: per source and key
    /// for ``MockConfiguration/faultsBySource`` (an office's two forecast files together), and
    /// for ``MockConfiguration/randomFault`` as the number of random faults injected (`K` caps it).
    public var firstAttempts: Int?
    /// The probability, from 0 to 1, that a request faults; used by ``MockConfiguration/randomFault`` only.
    public var fraction: Double

    /// A rule for `fault`; the other arguments are as the properties of their names say.
    public init(_ fault: Fault, firstAttempts: Int? = nil, fraction: Double = 1.0) {
        (self.fault, self.firstAttempts, self.fraction) = (fault, firstAttempts, fraction)
    }
}
