import Foundation

/// A stored document as a backend reads it (`GET /documents/{name}`): its metadata, and its
/// file (streamed from disk) or its bytes.
public struct StoredDocument: Sendable {
    /// Where the bytes are.
    public enum Content: Sendable {
        /// A local file.
        case file(URL)
        /// The bytes themselves.
        case bytes(Data)
    }

    /// The document's name, kind, owner and size.
    public var record: DocumentRecord
    /// The bytes or their file.
    public var content: Content

    /// Creates a stored document.
    public init(record: DocumentRecord, content: Content) {
        self.record = record
        self.content = content
    }
}
