import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport

extension PostgresNotifyStore {
    /// One transaction. The message's row is updated first, so its lock orders the withdrawal with
    /// an answer being stored (which holds the row shared, `recordResponseSQL`): the recipients read
    /// afterwards include every answer committed before.
    public func withdrawMessage(_ messageId: String, reason: String, state: MessageState, at date: Date) async throws
        -> MessageWithdrawal? {
        let instant = date.timeIntervalSince1970
        return try await client.withTransaction(logger: logger) { connection in
            let updated = try await self.fetch("""
                UPDATE notify_message SET state = \(state.rawValue), withdrawn_at = \(instant), withdraw_reason = \(reason)
                WHERE id = \(messageId) AND state = 'active' RETURNING id
                """, on: connection)
            if updated.isEmpty {
                guard let row = try await self.fetch("""
                    SELECT state, withdrawn_at, withdraw_reason FROM notify_message WHERE id = \(messageId)
                    """, on: connection).first else { return nil }
                return MessageWithdrawal(messageId: messageId, state: try Self.messageState(row["state"].decode(String.self)),
                                         withdrawnAt: Self.date(try row["withdrawn_at"].decode(Double?.self)) ?? date,
                                         reason: try row["withdraw_reason"].decode(String?.self) ?? "",
                                         unanswered: try await self.unanswered(messageId, on: connection),
                                         changed: false, providers: [])
            }
            return try await self.withdrawn(messageId, state: state, reason: reason, at: date, on: connection)
        }
    }

    /// One transaction: the due messages are claimed by the update (`FOR UPDATE SKIP LOCKED`, so
    /// two servers sweeping at once take different messages), then each is withdrawn.
    public func withdrawExpiredMessages(now: Date, limit: Int) async throws -> [MessageWithdrawal] {
        let instant = now.timeIntervalSince1970
        let reason = MessageState.expired.rawValue
        return try await client.withTransaction(logger: logger) { connection in
            let claimed = try await self.fetch("""
                UPDATE notify_message SET state = 'expired', withdrawn_at = \(instant), withdraw_reason = \(reason)
                WHERE id IN (SELECT id FROM notify_message
                             WHERE state = 'active' AND expires_at IS NOT NULL AND expires_at <= \(instant)
                             ORDER BY expires_at, seq LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                RETURNING id
                """, on: connection).map { try $0["id"].decode(String.self) }
            var withdrawals: [MessageWithdrawal] = []
            for messageId in claimed.sorted() {
                withdrawals.append(try await self.withdrawn(messageId, state: .expired, reason: reason, at: now, on: connection))
            }
            return withdrawals
        }
    }

    /// What follows a message's state change in its transaction: a withdrawal push per device whose
    /// push was delivered or is being sent (leased) and whose user has not answered, then the
    /// message's pending pushes dropped.
    private func withdrawn(_ messageId: String, state: MessageState, reason: String, at date: Date,
                           on connection: PostgresConnection) async throws -> MessageWithdrawal {
        let instant = date.timeIntervalSince1970
        let providers = try await fetch("""
            INSERT INTO notify_delivery (message_id, device_key, device_id, username, provider, state, attempts, delivery_id,
                                         next_attempt_at, kind)
            SELECT d.message_id, d.device_key, d.device_id, d.username, d.provider, 'pending', 0, gen_random_uuid()::text,
                   \(instant), 'withdrawal'
            FROM notify_delivery d JOIN notify_recipient r ON r.message_id = d.message_id AND r.username = d.username
            WHERE d.message_id = \(messageId) AND d.kind = 'message' AND r.answered_at IS NULL
              AND (d.state = 'delivered' OR (d.state = 'pending' AND d.claimed_until > \(instant)))
            ORDER BY d.id
            RETURNING provider
            """, on: connection).map { try $0["provider"].decode(String.self) }
        try await run("""
            UPDATE notify_delivery SET state = 'failed', last_error = \(PushClaimRules.withdrawnReason), claimed_until = NULL,
                settled_at = \(instant)
            WHERE message_id = \(messageId) AND kind = 'message' AND state = 'pending'
            """, on: connection)
        return MessageWithdrawal(messageId: messageId, state: state, withdrawnAt: date, reason: reason,
                                 unanswered: try await unanswered(messageId, on: connection), changed: true,
                                 providers: Set(providers))
    }

    /// The recipients of a message who have not answered, in byte order.
    private func unanswered(_ messageId: String, on connection: PostgresConnection) async throws -> [String] {
        try await fetch("""
            SELECT username FROM notify_recipient WHERE message_id = \(messageId) AND answered_at IS NULL
            ORDER BY username COLLATE "C"
            """, on: connection).map { try $0["username"].decode(String.self) }
    }
}
