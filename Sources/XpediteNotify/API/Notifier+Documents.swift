import Foundation
import XpediteProtocol

extension Notifier {
    /// Any stored document, for a backend (`GET /documents/{name}`): its metadata and its file
    /// when the store keeps one, else its bytes.
    ///
    /// - Throws: ``NotifyError`` 404 for a name that is not a stored document.
    public func storedDocument(_ name: String) async throws -> StoredDocument {
        guard DocumentKind(documentName: name) != nil, let record = try await store.document(name) else {
            throw NotifyError.notFound("no document \"\(name)\"")
        }
        if let file = try await store.documentFile(name) { return StoredDocument(record: record, content: .file(file)) }
        return StoredDocument(record: record, content: .bytes(try await store.documentBytes(name)))
    }
}
