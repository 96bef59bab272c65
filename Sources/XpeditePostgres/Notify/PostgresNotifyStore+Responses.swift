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

    /// One prepared statement, so one round trip and one snapshot (`AnswerContextStatement`).
    public func answerContext(responseId: String, username: String, messageId: String?, request: String?,
                              documentNames: Set<String>) async throws -> AnswerContext {
        let rows = try await fetch(AnswerContextStatement(responseId: responseId, username: username, messageId: messageId,
                                                          request: request, documentNames: documentNames.sorted()))
        guard rows.count == 1, let row = rows.first else {
            throw StoreError.corrupt("the context of response \(responseId) read \(rows.count) rows, not one")
        }
        let existing = try row["response_id"].decode(String?.self) == nil ? nil : Self.response(from: row)
        let payload = try row["payload"].decode(String?.self).map(Self.payload)
        let answered = try row["answered"].decode(Bool?.self) ?? false
        let known = try row["known"].decode([String].self)
        return AnswerContext(existing: existing, payload: payload, alreadyAnswered: answered, knownDocuments: Set(known))
    }

    /// The constraints decide: the insert does nothing when the `responseId` is taken (a retry,
    /// answered with the stored response) or the user already answered the message (the partial
    /// unique index on `(message_id, username)`). Responses of one topic take turns (an advisory
    /// lock on the topic until commit), so their cursors become visible in order. The whole answer
    /// is one statement in a transaction of its own (decision 305): the lock, the row, the
    /// recipient's answer, the webhooks' outbox rows and the announcements, then the commit, so
    /// the topic's turn is held for no round trip to the server at all.
    public func recordResponse(_ response: StoredResponse, answeredAt: Date, now: Date) async throws -> ResponseRecordOutcome {
        let body = String(decoding: response.json, as: UTF8.self)
        // Announced to every server's listener when the statement commits (and not at all if it
        // fails): "cursor topic" on the response channel, the row being the truth
        // (PostgresResponseRelay); and to the user's devices on every server, that the message
        // was answered.
        var channels = [Self.responseChannel]
        var payloads = [" " + response.topic]   // the cursor goes in front, once it is drawn
        if let messageId = response.messageId {
            let payload = DeviceEventAnnouncement.answered(messageId: messageId, username: response.username)
                .payload(from: instanceID)
            if payload.utf8.count <= DeviceEventAnnouncement.maximumPayloadSize {
                channels.append(Self.deviceEventChannel)
                payloads.append(payload)
            } else {
                logger.warning("a username too long to announce: the other servers' devices see the answer on their next inbox read")
            }
        }
        let inserted = try await fetch(RecordResponseStatement(
            lockSpace: Self.topicLockSpace, responseId: response.responseId, username: response.username,
            messageId: response.messageId, request: response.request, topic: response.topic, body: body,
            answeredAt: answeredAt.timeIntervalSince1970, now: now.timeIntervalSince1970,
            channels: channels, payloads: payloads))
        guard let cursor = inserted.first else {
            // Nothing was made: a committed row holds the `responseId` (a retry) or the answer.
            if let existing = try await fetch("""
                SELECT \(unescaped: Self.responseColumns) FROM notify_response WHERE response_id = \(response.responseId)
                """).first {
                return .duplicate(try Self.response(from: existing))
            }
            return .alreadyAnswered
        }
        var stored = response
        stored.cursor = cursor
        return .stored(stored)
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
