import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport
import XpediteProtocol

extension PostgresNotifyStore {
    /// One transaction, one statement per table whatever the number of recipients (arrays
    /// unnested in SQL).
    public func insertMessage(_ message: NotifyMessage, devices: [NotifyDevice], providers: [String],
                              documents: Set<String>) async throws -> NotifyMessage {
        let payload = Self.text(message.payload)
        let pairs = Array(zip(devices, providers))
        let deliveryIds = pairs.map { _ in UUID().uuidString.lowercased() }
        let recipients = message.recipients.map(\.username)
        let due = message.sentAt.timeIntervalSince1970
        let keys = try await client.withTransaction(logger: logger) { connection in
            try await self.run("""
                INSERT INTO notify_message (id, title, body, payload, direct, sent_at, expires_at, payload_name)
                VALUES (\(message.messageId), \(message.title), \(message.body), \(payload), \(message.direct), \(due),
                        \(message.expiresAt?.timeIntervalSince1970), \(message.payloadName))
                """, on: connection)
            try await self.run("""
                INSERT INTO notify_recipient (message_id, username) SELECT \(message.messageId), unnest(\(recipients)::text[])
                """, on: connection)
            try await self.run("""
                INSERT INTO notify_message_document (name, message_id) SELECT unnest(\(documents.sorted())::text[]), \(message.messageId)
                ON CONFLICT DO NOTHING
                """, on: connection)
            var keys: [String: Int64] = [:]
            for row in try await self.fetch("""
                INSERT INTO notify_delivery (message_id, device_key, device_id, username, provider, state, attempts,
                                             delivery_id, next_attempt_at)
                SELECT \(message.messageId), d.key, d.device_id, d.username, d.provider, 'pending', 0, d.delivery_id, \(due)
                FROM unnest(\(pairs.map(\.0.key))::bigint[], \(pairs.map(\.0.deviceId))::text[], \(pairs.map(\.0.username))::text[],
                            \(pairs.map(\.1))::text[], \(deliveryIds)::text[]) AS d(key, device_id, username, provider, delivery_id)
                RETURNING id, delivery_id
                """, on: connection) {
                keys[try row["delivery_id"].decode(String.self)] = try row["id"].decode(Int64.self)
            }
            return keys
        }
        var stored = message
        stored.deliveries = try zip(pairs, deliveryIds).map { pair, deliveryId in
            guard let key = keys[deliveryId] else { throw StoreError.corrupt("a delivery just stored is missing") }
            return NotifyMessage.Delivery(key: key, deviceId: pair.0.deviceId, deviceKey: pair.0.key, provider: pair.1,
                                          state: .pending, attempts: 0)
        }
        return stored
    }

    public func message(_ messageId: String) async throws -> NotifyMessage? {
        guard var message = try await messageHeader(messageId) else { return nil }
        message.recipients = try await fetch("""
            SELECT username, answered_at FROM notify_recipient WHERE message_id = \(messageId) ORDER BY username COLLATE "C"
            """).map { row in
            NotifyMessage.Recipient(username: try row["username"].decode(String.self),
                                    answeredAt: Self.date(try row["answered_at"].decode(Double?.self)))
        }
        message.deliveries = try await fetch("""
            SELECT id, device_id, device_key, provider, state, attempts, last_error, kind FROM notify_delivery
            WHERE message_id = \(messageId) ORDER BY id
            """).map { row in
            NotifyMessage.Delivery(key: try row["id"].decode(Int64.self), deviceId: try row["device_id"].decode(String.self),
                                   deviceKey: try row["device_key"].decode(Int64.self),
                                   provider: try row["provider"].decode(String.self),
                                   state: try Self.deliveryState(row["state"].decode(String.self)),
                                   attempts: try row["attempts"].decode(Int.self),
                                   lastError: try row["last_error"].decode(String?.self),
                                   kind: try Self.pushKind(row["kind"].decode(String.self)))
        }
        return message
    }

    public func messageHeader(_ messageId: String) async throws -> NotifyMessage? {
        try await fetch("SELECT \(unescaped: Self.messageColumns) FROM notify_message m WHERE id = \(messageId)")
            .first.map(Self.message(from:))
    }

    public func inbox(of username: String) async throws -> [NotifyMessage] {
        try await fetch("""
            SELECT \(unescaped: Self.messageColumns)
            FROM notify_recipient r JOIN notify_message m ON m.id = r.message_id
            WHERE r.username = \(username) AND r.answered_at IS NULL AND m.state = 'active' ORDER BY m.sent_at DESC, m.seq DESC
            """).map(Self.message(from:))
    }

    public func recipient(_ username: String, of messageId: String) async throws -> NotifyMessage.Recipient? {
        try await fetch("""
            SELECT answered_at FROM notify_recipient WHERE message_id = \(messageId) AND username = \(username)
            """).first.map { row in
            NotifyMessage.Recipient(username: username, answeredAt: Self.date(try row["answered_at"].decode(Double?.self)))
        }
    }

    public func putNamedPayload(_ payload: Payload, name: String) async throws {
        try await client.query("""
            INSERT INTO notify_named_payload (name, payload) VALUES (\(name), \(Self.text(payload)))
            ON CONFLICT (name) DO UPDATE SET payload = EXCLUDED.payload
            """, logger: logger)
    }

    public func namedPayload(_ name: String) async throws -> Payload? {
        try await fetch("SELECT payload FROM notify_named_payload WHERE name = \(name)").first
            .map { try Self.payload($0["payload"].decode(String.self)) }
    }

    public func deleteNamedPayload(_ name: String) async throws -> Bool {
        try await changes("DELETE FROM notify_named_payload WHERE name = \(name) RETURNING 1") > 0
    }

    public func putStartRequest(_ request: StartRequest) async throws {
        try await client.query("""
            INSERT INTO notify_start_request (name, title, body, payload)
            VALUES (\(request.name), \(request.title), \(request.body), \(Self.text(request.payload)))
            ON CONFLICT (name) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, payload = EXCLUDED.payload
            """, logger: logger)
    }

    public func startRequest(_ name: String) async throws -> StartRequest? {
        try await fetch("SELECT name, title, body, payload FROM notify_start_request WHERE name = \(name)")
            .first.map(Self.startRequest(from:))
    }

    public func startRequests() async throws -> [StartRequest] {
        try await fetch("SELECT name, title, body, payload FROM notify_start_request ORDER BY name COLLATE \"C\"")
            .map(Self.startRequest(from:))
    }

    public func deleteStartRequest(_ name: String) async throws -> Bool {
        try await changes("DELETE FROM notify_start_request WHERE name = \(name) RETURNING 1") > 0
    }

    /// The columns of `notify_message m` that ``message(from:)`` reads.
    static let messageColumns = """
        m.id, m.title, m.body, m.payload, m.direct, m.sent_at, m.expires_at, m.state, m.withdrawn_at, m.withdraw_reason, m.payload_name
        """

    static func message(from row: PostgresRandomAccessRow) throws -> NotifyMessage {
        NotifyMessage(messageId: try row["id"].decode(String.self), title: try row["title"].decode(String.self),
                      body: try row["body"].decode(String.self), payload: try payload(row["payload"].decode(String.self)),
                      direct: try row["direct"].decode(Bool.self),
                      sentAt: Date(timeIntervalSince1970: try row["sent_at"].decode(Double.self)),
                      expiresAt: date(try row["expires_at"].decode(Double?.self)),
                      state: try messageState(row["state"].decode(String.self)),
                      withdrawnAt: date(try row["withdrawn_at"].decode(Double?.self)),
                      withdrawReason: try row["withdraw_reason"].decode(String?.self),
                      payloadName: try row["payload_name"].decode(String?.self))
    }

    static func startRequest(from row: PostgresRandomAccessRow) throws -> StartRequest {
        StartRequest(name: try row["name"].decode(String.self), title: try row["title"].decode(String.self),
                     body: try row["body"].decode(String.self), payload: try payload(row["payload"].decode(String.self)))
    }
}
