import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport

extension PostgresNotifyStore {
    /// The bytes go into the row (`bytea`), so every server on the database serves the document.
    public func saveDocument(_ record: DocumentRecord, bytes: Data) async throws {
        try await client.query("""
            INSERT INTO notify_document (name, kind, owner, size, bytes)
            VALUES (\(record.name), \(record.kind.rawValue), \(record.owner), \(Int64(record.size)), \(bytes))
            """, logger: logger)
    }

    public func document(_ name: String) async throws -> DocumentRecord? {
        guard let row = try await fetch("SELECT name, kind, owner, size FROM notify_document WHERE name = \(name)").first else {
            return nil
        }
        let kindText = try row["kind"].decode(String.self)
        guard let kind = DocumentKind(rawValue: kindText) else {
            throw StoreError.corrupt("document \(name) has the unknown kind \"\(kindText)\"")
        }
        return DocumentRecord(name: try row["name"].decode(String.self), kind: kind, owner: try row["owner"].decode(String.self),
                              size: try row["size"].decode(Int.self))
    }

    public func documentBytes(_ name: String) async throws -> Data {
        guard let row = try await fetch("SELECT bytes FROM notify_document WHERE name = \(name)").first,
              let bytes = Self.data(try row["bytes"].decode(ByteBuffer?.self)) else {
            throw StoreError.missingFile(name)
        }
        return bytes
    }

    public func receivedDocument(_ name: String, username: String) async throws -> Bool {
        try await !fetch("""
            SELECT 1 FROM notify_message_document d JOIN notify_recipient r ON r.message_id = d.message_id
            WHERE d.name = \(name) AND r.username = \(username) LIMIT 1
            """).isEmpty
    }
}
