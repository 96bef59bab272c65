import Foundation
import PostgresNIO
import XpediteNotify
import XpediteProtocol

extension PostgresNotifyStore {
    /// The columns ``response(from:)`` reads.
    static let responseColumns = "cursor, response_id, username, message_id, request, topic, json"

    public func response(responseId: String) async throws -> StoredResponse? {
        try await fetch("SELECT \(unescaped: Self.responseColumns) FROM notify_response WHERE response_id = \(responseId)")
            .first.map(Self.response(from:))
    }

    /// One repeatable-read transaction, so that the parts agree with each other.
    public func answerContext(responseId: String, username: String, messageId: String?, request: String?,
                              documentNames: Set<String>) async throws -> AnswerContext {
        try await client.withConnection { connection in
            try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: self.logger)
            do {
                let context = try await self.answerContext(on: connection, responseId: responseId, username: username,
                                                           messageId: messageId, request: request, documentNames: documentNames)
                try await connection.query("COMMIT", logger: self.logger)
                return context
            } catch {
                try await connection.query("ROLLBACK", logger: self.logger)
                throw error
            }
        }
    }

    private func answerContext(on connection: PostgresConnection, responseId: String, username: String, messageId: String?,
                               request: String?, documentNames: Set<String>) async throws -> AnswerContext {
        let existing = try await fetch("""
            SELECT \(unescaped: Self.responseColumns) FROM notify_response WHERE response_id = \(responseId)
            """, on: connection).first.map(Self.response(from:))
        var payload: Payload?
        var answered = false
        if let messageId {
            if let row = try await fetch("""
                SELECT r.answered_at, m.payload FROM notify_recipient r JOIN notify_message m ON m.id = r.message_id
                WHERE r.message_id = \(messageId) AND r.username = \(username)
                """, on: connection).first {
                payload = try Self.payload(row["payload"].decode(String.self))
                answered = try row["answered_at"].decode(Double?.self) != nil
            }
        } else if let request {
            payload = try await fetch("SELECT payload FROM notify_start_request WHERE name = \(request)", on: connection)
                .first.map { try Self.payload($0["payload"].decode(String.self)) }
        }
        let known = try await fetch("""
            SELECT name FROM notify_document WHERE name = ANY(\(documentNames.sorted())::text[]) AND owner = \(username)
            """, on: connection).map { try $0["name"].decode(String.self) }
        return AnswerContext(existing: existing, payload: payload, alreadyAnswered: answered, knownDocuments: Set(known))
    }

    /// The constraints decide: the insert does nothing when the `responseId` is taken (a retry,
    /// answered with the stored response) or the user already answered the message (the partial
    /// unique index on `(message_id, username)`). Responses of one topic take turns (an advisory
    /// lock on the topic until commit), so their cursors become visible in order. The lock is
    /// held for three round trips: the lock taken with the insert, the rest of the answer in one
    /// statement, and the commit.
    public func recordResponse(_ response: StoredResponse, answeredAt: Date, now: Date) async throws -> ResponseRecordOutcome {
        let body = String(decoding: response.json, as: UTF8.self)
        return try await client.withTransaction(logger: logger) { connection in
            // The lock is taken before the row is made: the insert reads its one row from the lock.
            let inserted = try await self.fetch("""
                INSERT INTO notify_response (response_id, username, message_id, request, topic, json)
                SELECT \(response.responseId), \(response.username), \(response.messageId), \(response.request),
                       \(response.topic), \(body)
                FROM (SELECT pg_advisory_xact_lock(\(Self.topicLockSpace), hashtext(\(response.topic)))) AS topic_turn
                ON CONFLICT DO NOTHING
                RETURNING cursor
                """, on: connection)
            guard let row = inserted.first else {
                if let existing = try await self.fetch("""
                    SELECT \(unescaped: Self.responseColumns) FROM notify_response WHERE response_id = \(response.responseId)
                    """, on: connection).first {
                    return .duplicate(try Self.response(from: existing))
                }
                return .alreadyAnswered
            }
            var stored = response
            stored.cursor = try row["cursor"].decode(Int64.self)
            // Announced to every server's listener when the transaction commits (and not at all
            // if it rolls back): "cursor topic", the row being the truth (PostgresResponseRelay);
            // and to the user's devices on every server, that the message was answered.
            var channels = [Self.responseChannel]
            var payloads = ["\(stored.cursor) \(response.topic)"]
            if let messageId = response.messageId {
                let payload = DeviceEventAnnouncement.answered(messageId: messageId, username: response.username)
                    .payload(from: self.instanceID)
                if payload.utf8.count <= DeviceEventAnnouncement.maximumPayloadSize {
                    channels.append(Self.deviceEventChannel)
                    payloads.append(payload)
                } else {
                    self.logger.warning("a username too long to announce: the other servers' devices see the answer on their next inbox read")
                }
            }
            // The recipient's answer, the webhooks' outbox rows and the announcements, in one
            // statement (its data-modifying parts always run to completion).
            try await self.run("""
                WITH answered AS (
                    UPDATE notify_recipient SET answered_at = \(answeredAt.timeIntervalSince1970)
                    WHERE message_id = \(response.messageId) AND username = \(response.username) AND answered_at IS NULL
                ), queued AS (
                    INSERT INTO notify_outbox (delivery_id, webhook, url, secret, body, next_attempt_at)
                    SELECT gen_random_uuid()::text, name, url, secret, \(body), \(now.timeIntervalSince1970)
                    FROM notify_webhook WHERE topic = \(response.topic) ORDER BY name COLLATE "C"
                )
                SELECT pg_notify(x.channel, x.payload) FROM unnest(\(channels)::text[], \(payloads)::text[]) AS x(channel, payload)
                """, on: connection)
            return .stored(stored)
        }
    }

    /// The channel on which each stored response is announced as `"<cursor> <topic>"`.
    public static let responseChannel = "xpedite_response"

    /// The channel on which sent messages and answers are announced to the device event streams
    /// of every server (``DeviceEventAnnouncement``).
    public static let deviceEventChannel = "xpedite_device_event"

    /// The first key of the two-key advisory locks of response topics ("xr").
    static let topicLockSpace: Int32 = 0x7872

    public func responses(topic: String, after cursor: Int64, limit: Int) async throws -> [StoredResponse] {
        try await fetch("""
            SELECT \(unescaped: Self.responseColumns) FROM notify_response
            WHERE topic = \(topic) AND cursor > \(cursor) ORDER BY cursor LIMIT \(limit)
            """).map(Self.response(from:))
    }

    public func putWebhook(_ webhook: Webhook) async throws {
        try await client.query("""
            INSERT INTO notify_webhook (name, topic, url, secret) VALUES (\(webhook.name), \(webhook.topic), \(webhook.url), \(webhook.secret))
            ON CONFLICT (name) DO UPDATE SET topic = EXCLUDED.topic, url = EXCLUDED.url, secret = EXCLUDED.secret
            """, logger: logger)
    }

    public func deleteWebhook(_ name: String) async throws -> Bool {
        try await client.withTransaction(logger: logger) { connection in
            let deleted = try await self.fetch("DELETE FROM notify_webhook WHERE name = \(name) RETURNING 1", on: connection)
                .count > 0
            try await self.run("DELETE FROM notify_outbox WHERE webhook = \(name) AND delivered_at IS NULL", on: connection)
            return deleted
        }
    }

    static func response(from row: PostgresRandomAccessRow) throws -> StoredResponse {
        StoredResponse(cursor: try row["cursor"].decode(Int64.self), responseId: try row["response_id"].decode(String.self),
                       username: try row["username"].decode(String.self), messageId: try row["message_id"].decode(String?.self),
                       request: try row["request"].decode(String?.self), topic: try row["topic"].decode(String.self),
                       json: Data(try row["json"].decode(String.self).utf8))
    }
}
