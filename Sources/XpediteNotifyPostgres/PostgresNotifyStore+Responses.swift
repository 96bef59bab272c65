import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport
import XpediteProtocol

extension PostgresNotifyStore {
    /// The columns ``response(from:)`` reads.
    static let responseColumns = "cursor, response_id, username, message_id, request, topic, json"

    public func response(responseId: String) async throws -> StoredResponse? {
        try await fetch("SELECT \(unescaped: Self.responseColumns) FROM notify_response WHERE response_id = \(responseId)")
            .first.map(Self.response(from:))
    }

    /// One prepared statement, so one round trip and one snapshot (`answerContextSQL`).
    public func answerContext(responseId: String, username: String, messageId: String?, request: String?,
                              documentNames: Set<String>) async throws -> AnswerContext {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(responseId)
        bindings.append(username)
        bindings.append(messageId)
        bindings.append(request)
        bindings.append(documentNames.sorted())
        let rows = try await fetchPrepared(Self.answerContextSQL, bindings)
        guard rows.count == 1, let row = rows.first else {
            throw StoreError.corrupt("the context of response \(responseId) read \(rows.count) rows, not one")
        }
        let existing = try row["response_id"].decode(String?.self) == nil ? nil : Self.response(from: row)
        let payload = try row["payload"].decode(String?.self)
        let answered = try row["answered"].decode(Bool?.self) ?? false
        let known = try row["known"].decode([String].self)
        let state = try row["message_state"].decode(String?.self).map(Self.messageState)
        return AnswerContext(existing: existing, payloadText: payload, alreadyAnswered: answered, knownDocuments: Set(known),
                             messageState: state)
    }

    /// What taking a response needs to check, read by one statement: the response stored under the
    /// `responseId` ($1), the payload answered and whether this user ($2) answered it, and which of
    /// the named documents ($5) this user uploaded. PostgreSQL runs a statement on one snapshot, so
    /// the parts agree with each other. At most one row: `response_id` is the response's key, a
    /// recipient is one per message and user, a start request one per name; the start request ($4)
    /// is read only when no message ($3) is named.
    static let answerContextSQL = """
        SELECT e.cursor, e.response_id, e.username, e.message_id, e.request, e.topic, e.json,
               answered.payload, answered.answered, answered.message_state,
               ARRAY(SELECT name FROM notify_document WHERE name = ANY($5::text[]) AND owner = $2::text) AS known
        FROM (SELECT 1) AS one
        LEFT JOIN notify_response AS e ON e.response_id = $1::text
        LEFT JOIN (
            SELECT m.payload, r.answered_at IS NOT NULL AS answered, m.state AS message_state
            FROM notify_recipient r JOIN notify_message m ON m.id = r.message_id
            WHERE r.message_id = $3::text AND r.username = $2::text
            UNION ALL
            SELECT payload, false, NULL::text FROM notify_start_request WHERE name = $4::text AND $3::text IS NULL
        ) AS answered ON true
        """

    /// The constraints decide: the insert does nothing when the `responseId` is taken (a retry,
    /// answered with the stored response) or the user already answered the message (the partial
    /// unique index on `(message_id, username)`). Responses of one topic take turns (an advisory
    /// lock on the topic until commit), so their cursors become visible in order. The whole answer
    /// is one statement in a transaction of its own (decision 305): the lock, the row, the
    /// recipient's answer and the webhooks' outbox rows, then the commit, so
    /// the topic's turn is held for no round trip to the server at all.
    public func recordResponse(_ response: StoredResponse, answeredAt: Date, now: Date) async throws -> ResponseRecordOutcome {
        let body = String(decoding: response.json, as: UTF8.self)
        var bindings = PostgresBindings(capacity: 9)
        bindings.append(Self.topicLockSpace)
        bindings.append(response.responseId)
        bindings.append(response.username)
        bindings.append(response.messageId)
        bindings.append(response.request)
        bindings.append(response.topic)
        bindings.append(body)
        bindings.append(answeredAt.timeIntervalSince1970)
        bindings.append(now.timeIntervalSince1970)
        let inserted = try await fetchPrepared(Self.recordResponseSQL, bindings)
        guard let row = inserted.first else {
            // Nothing was made: a committed row holds the `responseId` (a retry) or the answer.
            if let existing = try await fetch("""
                SELECT \(unescaped: Self.responseColumns) FROM notify_response WHERE response_id = \(response.responseId)
                """).first {
                return .duplicate(try Self.response(from: existing))
            }
            if let messageId = response.messageId,
               let state = try await fetch("SELECT state FROM notify_message WHERE id = \(messageId)").first,
               try state["state"].decode(String.self) != MessageState.active.rawValue {
                return .withdrawn
            }
            return .alreadyAnswered
        }
        var stored = response
        stored.cursor = try row["cursor"].decode(Int64.self)
        return .stored(stored)
    }

    /// A response stored in one statement that commits on its own (decision 305), prepared: the
    /// topic's turn ($1, $6), the row (received at $8), the recipient's answer ($8) and the webhooks' outbox rows
    /// ($9). It answers the new row's cursor, or no row when the `responseId` is taken, the user
    /// already answered, or the message ($4) is no longer active (`live` holds its row shared
    /// until commit, so a withdrawal commits before or after, never between).
    ///
    /// The lock is taken before the row is made (the insert reads its one row from the lock); the
    /// other parts run only when the row was made (they read `inserted`). A data-modifying part
    /// always runs to completion. The notifier announces the response on its event bus once this
    /// has committed.
    static let recordResponseSQL = """
        WITH topic_turn AS (
            SELECT pg_advisory_xact_lock($1::int4, hashtext($6::text))
        ), live AS (
            SELECT 1 FROM notify_message WHERE id = $4::text AND state = 'active' FOR SHARE
        ), inserted AS (
            INSERT INTO notify_response (response_id, username, message_id, request, topic, json, received_at)
            SELECT $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::float8
            FROM topic_turn WHERE $4::text IS NULL OR EXISTS (SELECT 1 FROM live)
            ON CONFLICT DO NOTHING
            RETURNING cursor
        ), answered AS (
            UPDATE notify_recipient SET answered_at = $8::float8
            WHERE message_id = $4::text AND username = $3::text AND answered_at IS NULL
              AND EXISTS (SELECT 1 FROM inserted)
        ), queued AS (
            INSERT INTO notify_outbox (delivery_id, webhook, url, secret, body, next_attempt_at)
            SELECT gen_random_uuid()::text, w.name, w.url, w.secret, $7::text, $9::float8
            FROM notify_webhook AS w, inserted WHERE w.topic = $6::text ORDER BY w.name COLLATE "C"
        )
        SELECT cursor FROM inserted
        """

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
