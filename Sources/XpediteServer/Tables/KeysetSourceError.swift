/// A batch a ``KeysetRowSource`` cannot read: a cursor key its database cannot compare (neither a
/// number nor a string), or a row that is not a record. Every keyset source throws it.
public struct KeysetSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// An error saying `description`.
    public init(description: String) {
        self.description = description
    }
}
