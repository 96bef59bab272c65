import Foundation
import GRDB
import NIOPosix
import XpediteProtocol
import XpediteNotify

extension SQLiteNotifyStore {
    public func saveDocument(_ record: DocumentRecord, bytes: Data) async throws {
        let file = fileURL(record)
        // The file first: a row never names a missing file (an orphan file is harmless).
        try await NIOThreadPool.singleton.runIfActive { try bytes.write(to: file, options: .atomic) }
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO notify_document (name, kind, owner, size) VALUES (?, ?, ?, ?)",
                           arguments: [record.name, record.kind.rawValue, record.owner, record.size])
        }
    }

    public func document(_ name: String) async throws -> DocumentRecord? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM notify_document WHERE name = ?", arguments: [name]),
                  let kind = DocumentKind(rawValue: row["kind"]) else { return nil }
            return DocumentRecord(name: row["name"], kind: kind, owner: row["owner"], size: row["size"])
        }
    }

    public func documentBytes(_ name: String) async throws -> Data {
        guard let record = try await document(name) else { throw StoreError.missingFile(name) }
        let file = fileURL(record)
        return try await NIOThreadPool.singleton.runIfActive { try Data(contentsOf: file) }
    }

    public func receivedDocument(_ name: String, username: String) async throws -> Bool {
        try await pool.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT 1 FROM notify_message_document d JOIN notify_recipient r ON r.message_id = d.message_id
                WHERE d.name = ? AND r.username = ? LIMIT 1
                """, arguments: [name, username]) != nil
        }
    }

    /// The file of a document: `documents/<kind>/<last component of its name>`; the name was
    /// made by the server, so it holds no path separators beyond `rcs/<kind>/`.
    func fileURL(_ record: DocumentRecord) -> URL {
        let file = record.name.split(separator: "/").last.map(String.init) ?? record.name
        return documentsDirectory.appendingPathComponent(record.kind.rawValue).appendingPathComponent(file)
    }
}
