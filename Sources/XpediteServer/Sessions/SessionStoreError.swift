/// A stored session that cannot be read back.
///
/// A struct rather than an enum, as Hummingbird's errors are, so that new kinds can be added
/// without breaking code that switches over it; compare values with `==`.
public struct SessionStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case corruptRecord(column: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A JSON column of a session row does not hold what the store wrote.
    public static func corruptRecord(column: String) -> SessionStoreError {
        SessionStoreError(.corruptRecord(column: column))
    }

    public var description: String {
        switch kind {
        case .corruptRecord(let column): "a stored session has an unreadable \(column) column"
        }
    }
}
