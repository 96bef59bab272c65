/// A fault of a store, never the caller's.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    /// Stored data that cannot be read back.
    case corrupt(String)
    /// A document's file is missing.
    case missingFile(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .corrupt(let detail): "corrupt store: \(detail)"
        case .missingFile(let name): "missing document file: \(name)"
        }
    }
}
