/// A fault description in ``FaultSpec``'s text form could not be read.
public struct FaultSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    public var spec: String
    /// What is wrong and what would be right.
    public var problem: String

    /// A one-line message for a person: what is wrong and what to do.
    public var description: String {
        "invalid fault \"\(spec)\": \(problem)"
    }
}
