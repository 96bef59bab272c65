/// A stored session that cannot be read back.
public enum SessionStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A JSON column of a session row does not hold what the store wrote.
    case corruptRecord(column: String)

    public var description: String {
        switch self {
        case .corruptRecord(let column): "a stored session has an unreadable \(column) column"
        }
    }
}
