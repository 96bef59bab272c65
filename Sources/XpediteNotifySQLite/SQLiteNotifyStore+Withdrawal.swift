import Foundation
import GRDB
import XpediteNotify

extension SQLiteNotifyStore {
    public func withdrawMessage(_ messageId: String, reason: String, state: MessageState, at date: Date) async throws
        -> MessageWithdrawal? {
        try await pool.write { db in
            try Self.withdraw(messageId, reason: reason, state: state, at: date, db: db)
        }
    }

    public func withdrawExpiredMessages(now: Date, limit: Int) async throws -> [MessageWithdrawal] {
        try await pool.write { db in
            let due = try String.fetchAll(db.cachedStatement(sql: """
                SELECT id FROM notify_message WHERE state = 'active' AND expires_at IS NOT NULL AND expires_at <= ?
                ORDER BY expires_at, seq LIMIT ?
                """), arguments: [now.timeIntervalSince1970, limit])
            return try due.compactMap { id in
                try Self.withdraw(id, reason: MessageState.expired.rawValue, state: .expired, at: now, db: db)
            }
        }
    }

    /// Withdraws one message in the caller's transaction (docs/notify-api.md#delete-messagesmessageid):
    /// a withdrawal push per device that got (or is getting) the message's push and whose user has
    /// not answered, then the message's pending pushes dropped, then the state. A message withdrawn
    /// before is left as it is.
    private static func withdraw(_ messageId: String, reason: String, state: MessageState, at date: Date,
                                 db: Database) throws -> MessageWithdrawal? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT state, withdrawn_at, withdraw_reason FROM notify_message WHERE id = ?
            """), arguments: [messageId]) else { return nil }
        let unanswered = try String.fetchAll(db.cachedStatement(sql: """
            SELECT username FROM notify_recipient WHERE message_id = ? AND answered_at IS NULL ORDER BY username
            """), arguments: [messageId])
        let current = try messageState(row["state"])
        guard current == .active else {
            return MessageWithdrawal(messageId: messageId, state: current,
                                     withdrawnAt: Date(timeIntervalSince1970: (row["withdrawn_at"] as Double?) ?? date.timeIntervalSince1970),
                                     reason: (row["withdraw_reason"] as String?) ?? "", unanswered: unanswered, changed: false, providers: [])
        }
        let instant = date.timeIntervalSince1970
        let reached = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT d.device_key, d.device_id, d.username, d.provider FROM notify_delivery d
            JOIN notify_recipient r ON r.message_id = d.message_id AND r.username = d.username
            WHERE d.message_id = ? AND d.kind = 'message' AND r.answered_at IS NULL
              AND (d.state = 'delivered' OR (d.state = 'pending' AND d.claimed_until > ?))
            ORDER BY d.id
            """), arguments: [messageId, instant])
        let insert = try db.cachedStatement(sql: """
            INSERT INTO notify_delivery (message_id, device_key, device_id, username, provider, state, attempts, delivery_id,
                                         next_attempt_at, kind)
            VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, 'withdrawal')
            """)
        var providers: Set<String> = []
        for device in reached {
            let provider: String = device["provider"]
            providers.insert(provider)
            try insert.execute(arguments: [messageId, device["device_key"] as Int64, device["device_id"] as String,
                                           device["username"] as String, provider, UUID().uuidString.lowercased(), instant])
        }
        try db.cachedStatement(sql: """
            UPDATE notify_delivery SET state = 'failed', last_error = ?, claimed_until = NULL, settled_at = ?
            WHERE message_id = ? AND kind = 'message' AND state = 'pending'
            """).execute(arguments: [PushClaimRules.withdrawnReason, instant, messageId])
        try db.cachedStatement(sql: """
            UPDATE notify_message SET state = ?, withdrawn_at = ?, withdraw_reason = ? WHERE id = ?
            """).execute(arguments: [state.rawValue, instant, reason, messageId])
        return MessageWithdrawal(messageId: messageId, state: state, withdrawnAt: date, reason: reason, unanswered: unanswered,
                                 changed: true, providers: providers)
    }
}
