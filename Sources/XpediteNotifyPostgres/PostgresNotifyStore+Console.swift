import Foundation
import PostgresNIO
import XpediteNotify

extension PostgresNotifyStore {
    public func groups() async throws -> [NotifyGroup] {
        let rows = try await fetch("""
            SELECT g.name, m.username FROM notify_group g LEFT JOIN notify_group_member m ON m.group_name = g.name
            ORDER BY g.name COLLATE "C", m.username COLLATE "C"
            """)
        var groups: [NotifyGroup] = []
        for row in rows {
            let name = try row["name"].decode(String.self)
            if groups.last?.name != name { groups.append(NotifyGroup(name: name, members: [])) }
            if let member = try row["username"].decode(String?.self) { groups[groups.count - 1].members.append(member) }
        }
        return groups
    }

    public func group(_ name: String) async throws -> NotifyGroup? {
        guard try await !fetch("SELECT 1 FROM notify_group WHERE name = \(name)").isEmpty else { return nil }
        let members = try await fetch("""
            SELECT username FROM notify_group_member WHERE group_name = \(name) ORDER BY username COLLATE "C"
            """).map { try $0["username"].decode(String.self) }
        return NotifyGroup(name: name, members: members)
    }

    public func deleteGroup(_ name: String) async throws -> Bool {
        try await client.withTransaction(logger: logger) { connection in
            try await self.run("DELETE FROM notify_group_member WHERE group_name = \(name)", on: connection)
            return try await !self.fetch("DELETE FROM notify_group WHERE name = \(name) RETURNING 1", on: connection).isEmpty
        }
    }

    public func namedPayloadNames() async throws -> [String] {
        try await fetch("SELECT name FROM notify_named_payload ORDER BY name COLLATE \"C\"").map { try $0["name"].decode(String.self) }
    }

    /// Documents live in the rows (`bytea`), not in files: always `nil`.
    public func documentFile(_ name: String) async throws -> URL? {
        nil
    }

    public func responses(matching filter: ResponseFilter, after cursor: Int64, limit: Int) async throws -> [StoredResponse] {
        try await fetch("""
            SELECT r.cursor, r.response_id, r.username, r.message_id, r.request, r.topic, r.json
            FROM notify_response r LEFT JOIN notify_message m ON m.id = r.message_id
            WHERE r.topic = \(filter.topic)
              AND (\(filter.messageId)::text IS NULL OR r.message_id = \(filter.messageId)::text)
              AND (\(filter.username)::text IS NULL OR r.username = \(filter.username)::text)
              AND (\(filter.payloadName)::text IS NULL OR m.payload_name = \(filter.payloadName)::text)
              AND (\(filter.since)::text IS NULL OR (r.json::jsonb ->> 'receivedAt') >= \(filter.since)::text)
              AND (\(filter.until)::text IS NULL OR (r.json::jsonb ->> 'receivedAt') < \(filter.until)::text)
              AND r.cursor > \(cursor)
            ORDER BY r.cursor LIMIT \(limit)
            """).map(Self.response(from:))
    }

    public func answeredPayloads(matching filter: ResponseFilter) async throws -> [String] {
        try await fetch("""
            WITH answered AS (
                SELECT r.cursor, r.message_id, r.request FROM notify_response r LEFT JOIN notify_message m ON m.id = r.message_id
                WHERE r.topic = \(filter.topic)
                  AND (\(filter.messageId)::text IS NULL OR r.message_id = \(filter.messageId)::text)
                  AND (\(filter.username)::text IS NULL OR r.username = \(filter.username)::text)
                  AND (\(filter.payloadName)::text IS NULL OR m.payload_name = \(filter.payloadName)::text)
                  AND (\(filter.since)::text IS NULL OR (r.json::jsonb ->> 'receivedAt') >= \(filter.since)::text)
                  AND (\(filter.until)::text IS NULL OR (r.json::jsonb ->> 'receivedAt') < \(filter.until)::text)
            )
            SELECT payload FROM (
                SELECT m.payload, MIN(a.cursor) AS first FROM answered a JOIN notify_message m ON m.id = a.message_id GROUP BY m.id, m.payload
                UNION ALL
                SELECT s.payload, MIN(a.cursor) AS first FROM answered a JOIN notify_start_request s ON s.name = a.request
                GROUP BY s.name
            ) AS payloads ORDER BY first
            """).map { try $0["payload"].decode(String.self) }
    }
}
