import Foundation
import GRDB
import XpediteNotify

extension SQLiteNotifyStore {
    public func groups() async throws -> [NotifyGroup] {
        try await pool.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT g.name, m.username FROM notify_group g LEFT JOIN notify_group_member m ON m.group_name = g.name
                ORDER BY g.name, m.username
                """)
            var groups: [NotifyGroup] = []
            for row in rows {
                let name: String = row["name"]
                if groups.last?.name != name { groups.append(NotifyGroup(name: name, members: [])) }
                let member: String? = row["username"]
                if let member { groups[groups.count - 1].members.append(member) }
            }
            return groups
        }
    }

    public func group(_ name: String) async throws -> NotifyGroup? {
        try await pool.read { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM notify_group WHERE name = ?", arguments: [name]) != nil else { return nil }
            let members = try String.fetchAll(db, sql: "SELECT username FROM notify_group_member WHERE group_name = ? ORDER BY username",
                                              arguments: [name])
            return NotifyGroup(name: name, members: members)
        }
    }

    public func deleteGroup(_ name: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_group_member WHERE group_name = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM notify_group WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    public func namedPayloadNames() async throws -> [String] {
        try await pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM notify_named_payload ORDER BY name") }
    }

    public func documentFile(_ name: String) async throws -> URL? {
        guard let record = try await document(name) else { return nil }
        return fileURL(record)
    }

    public func responses(matching filter: ResponseFilter, after cursor: Int64, limit: Int) async throws -> [StoredResponse] {
        let (conditions, arguments) = Self.conditions(filter)
        return try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.* FROM notify_response r \(filter.payloadName == nil ? "" : "JOIN notify_message m ON m.id = r.message_id")
                WHERE \(conditions) AND r.cursor > ? ORDER BY r.cursor LIMIT ?
                """, arguments: arguments + [cursor, limit]).map(Self.response(from:))
        }
    }

    public func answeredPayloads(matching filter: ResponseFilter) async throws -> [String] {
        let (conditions, arguments) = Self.conditions(filter)
        return try await pool.read { db in
            try String.fetchAll(db, sql: """
                SELECT payload FROM (
                    SELECT m.payload AS payload, MIN(r.cursor) AS first FROM notify_response r
                    JOIN notify_message m ON m.id = r.message_id WHERE \(conditions) GROUP BY m.id
                    UNION ALL
                    SELECT s.payload AS payload, MIN(r.cursor) AS first FROM notify_response r
                    JOIN notify_start_request s ON s.name = r.request
                    \(filter.payloadName == nil ? "" : "JOIN notify_message m ON m.id = r.message_id")
                    WHERE \(conditions) GROUP BY s.name
                ) ORDER BY first
                """, arguments: arguments + arguments)
        }
    }

    /// The `WHERE` conditions of a filter on `notify_response r` (and `notify_message m` when it
    /// names a payload), with their arguments.
    static func conditions(_ filter: ResponseFilter) -> (String, StatementArguments) {
        var conditions = ["r.topic = ?"]
        var arguments: StatementArguments = [filter.topic]
        if let messageId = filter.messageId {
            conditions.append("r.message_id = ?")
            arguments += [messageId]
        }
        if let username = filter.username {
            conditions.append("r.username = ?")
            arguments += [username]
        }
        if let payloadName = filter.payloadName {
            conditions.append("m.payload_name = ?")
            arguments += [payloadName]
        }
        if let since = filter.since {
            conditions.append("json_extract(r.json, '$.receivedAt') >= ?")
            arguments += [since]
        }
        if let until = filter.until {
            conditions.append("json_extract(r.json, '$.receivedAt') < ?")
            arguments += [until]
        }
        return (conditions.joined(separator: " AND "), arguments)
    }
}
