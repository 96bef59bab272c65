import Foundation
import GRDB
import XpediteProtocol
import XpediteNotify

extension SQLiteNotifyStore {
    public func response(responseId: String) async throws -> StoredResponse? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM notify_response WHERE response_id = ?", arguments: [responseId])
                .map(Self.response(from:))
        }
    }

    public func answerContext(responseId: String, username: String, messageId: String?, request: String?,
                              documentNames: Set<String>) async throws -> AnswerContext {
        try await pool.read { db in
            let existing = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM notify_response WHERE response_id = ?"),
                                            arguments: [responseId]).map(Self.response(from:))
            var payload: String?
            var answered = false
            var state: MessageState?
            if let messageId {
                if let row = try Row.fetchOne(db.cachedStatement(sql: """
                    SELECT r.answered_at, m.payload, m.state FROM notify_recipient r JOIN notify_message m ON m.id = r.message_id
                    WHERE r.message_id = ? AND r.username = ?
                    """), arguments: [messageId, username]) {
                    payload = row["payload"]
                    answered = row["answered_at"] as Double? != nil
                    state = try Self.messageState(row["state"])
                }
            } else if let request {
                payload = try String.fetchOne(db.cachedStatement(sql: "SELECT payload FROM notify_start_request WHERE name = ?"),
                                              arguments: [request])
            }
            var known: Set<String> = []
            let owned = try db.cachedStatement(sql: "SELECT 1 FROM notify_document WHERE name = ? AND owner = ?")
            for name in documentNames where try Bool.fetchOne(owned, arguments: [name, username]) != nil {
                known.insert(name)
            }
            return AnswerContext(existing: existing, payloadText: payload, alreadyAnswered: answered, knownDocuments: known,
                                 messageState: state)
        }
    }

    public func recordResponse(_ response: StoredResponse, answeredAt: Date, now: Date) async throws -> ResponseRecordOutcome {
        let body = String(decoding: response.json, as: UTF8.self)
        return try await pool.write { db in
            if let existing = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM notify_response WHERE response_id = ?"),
                                               arguments: [response.responseId]) {
                return .duplicate(Self.response(from: existing))
            }
            if let messageId = response.messageId {
                let answered = try Row.fetchOne(db.cachedStatement(sql: """
                    SELECT answered_at FROM notify_recipient WHERE message_id = ? AND username = ?
                    """), arguments: [messageId, response.username])
                if let answered, answered["answered_at"] as Double? != nil { return .alreadyAnswered }
                // Checked in the transaction that stores the answer: a withdrawal commits before or after it, never between.
                let state = try String.fetchOne(db.cachedStatement(sql: "SELECT state FROM notify_message WHERE id = ?"),
                                                arguments: [messageId])
                if let state, state != MessageState.active.rawValue { return .withdrawn }
                try db.cachedStatement(sql: "UPDATE notify_recipient SET answered_at = ? WHERE message_id = ? AND username = ?")
                    .execute(arguments: [answeredAt.timeIntervalSince1970, messageId, response.username])
            }
            try db.cachedStatement(sql: """
                INSERT INTO notify_response (response_id, username, message_id, request, topic, json, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [response.responseId, response.username, response.messageId, response.request, response.topic, body,
                                         answeredAt.timeIntervalSince1970])
            var stored = response
            stored.cursor = db.lastInsertedRowID
            let webhooks = try Row.fetchAll(db.cachedStatement(sql: "SELECT name, url, secret FROM notify_webhook WHERE topic = ?"),
                                            arguments: [response.topic])
            for webhook in webhooks {
                try db.cachedStatement(sql: """
                    INSERT INTO notify_outbox (delivery_id, webhook, url, secret, body, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)
                    """).execute(arguments: [UUID().uuidString.lowercased(), webhook["name"] as String, webhook["url"] as String,
                                             webhook["secret"] as String, body, now.timeIntervalSince1970])
            }
            return .stored(stored)
        }
    }

    public func responses(topic: String, after cursor: Int64, limit: Int) async throws -> [StoredResponse] {
        try await pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM notify_response WHERE topic = ? AND cursor > ? ORDER BY cursor LIMIT ?
                """), arguments: [topic, cursor, limit]).map(Self.response(from:))
        }
    }

    public func putWebhook(_ webhook: Webhook) async throws {
        try await pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO notify_webhook (name, topic, url, secret) VALUES (?, ?, ?, ?)",
                           arguments: [webhook.name, webhook.topic, webhook.url, webhook.secret])
        }
    }

    public func deleteWebhook(_ name: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_webhook WHERE name = ?", arguments: [name])
            let deleted = db.changesCount > 0
            try db.execute(sql: "DELETE FROM notify_outbox WHERE webhook = ? AND delivered_at IS NULL", arguments: [name])
            return deleted
        }
    }

    static func response(from row: Row) -> StoredResponse {
        StoredResponse(cursor: row["cursor"], responseId: row["response_id"], username: row["username"],
                       messageId: row["message_id"], request: row["request"], topic: row["topic"],
                       json: Data((row["json"] as String).utf8))
    }
}
