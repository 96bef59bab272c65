import Foundation
import GRDB
import XpediteProtocol
import XpediteNotify

extension SQLiteNotifyStore {
    // MARK: - The push outbox

    public func claimPushDeliveries(provider: String, leaseUntil: Date, limit: Int, rules: PushClaimRules) async throws -> [ClaimedPush] {
        let instant = rules.now.timeIntervalSince1970
        return try await pool.write { db in
            let dueRows = try db.cachedStatement(sql: """
                SELECT d.id AS delivery_key, d.delivery_id, d.message_id, d.attempts, d.kind, v.*, r.answered_at
                FROM notify_delivery d
                LEFT JOIN notify_device v ON v.id = d.device_key
                LEFT JOIN notify_recipient r ON r.message_id = d.message_id AND r.username = d.username
                WHERE d.provider = ? AND d.state = 'pending' AND d.next_attempt_at <= ?
                  AND (d.claimed_until IS NULL OR d.claimed_until <= ?)
                ORDER BY d.next_attempt_at, d.id LIMIT ?
                """)
            // The columns read at their positions, found once (decision 0607).
            let deviceColumns = DeviceColumns(dueRows)
            let answeredAt = ColumnPositions(dueRows)("answered_at")
            let rows = try Row.fetchAll(dueRows, arguments: [provider, instant, instant, limit])
            var messages: [String: (push: Push, sentAt: Date, withdrawn: Bool)] = [:]
            var claimed: [ClaimedPush] = []
            claimed.reserveCapacity(rows.count)
            let drop = try db.cachedStatement(sql: """
                UPDATE notify_delivery SET state = 'failed', last_error = ?, claimed_until = NULL, settled_at = ? WHERE id = ?
                """)
            for row in rows {
                let key: Int64 = row["delivery_key"]
                let messageId: String = row["message_id"]
                let message: (push: Push, sentAt: Date, withdrawn: Bool)
                if let known = messages[messageId] {
                    message = known
                } else {
                    message = try Self.pushContent(messageId, db: db)
                    messages[messageId] = message
                }
                let answered: Double? = if let answeredAt { row[answeredAt] } else { row["answered_at"] }
                let deviceKey: Int64? = if let deviceColumns { row[deviceColumns.id] } else { row["id"] }
                let due = DuePush(key: key, deliveryId: row["delivery_id"], messageId: messageId, attempts: row["attempts"],
                                  sentAt: message.sentAt, answered: answered != nil,
                                  device: deviceKey == nil ? nil : Self.device(from: row, columns: deviceColumns),
                                  kind: try Self.pushKind(row["kind"]), withdrawn: message.withdrawn)
                switch rules.decide(due, push: { message.push }) {
                case .claim(let push): claimed.append(push)
                case .drop(let reason): try drop.execute(arguments: [reason, instant, key])
                }
            }
            try Self.lease(claimed.map(\.key), until: leaseUntil, db: db)
            return claimed
        }
    }

    /// Leases the rows `keys` until `date`: one statement per 500 rows, not one per row.
    private static func lease(_ keys: [Int64], until date: Date, db: Database) throws {
        var start = 0
        while start < keys.count {
            let chunk = keys[start..<min(start + 500, keys.count)]
            let marks = repeatElement("?", count: chunk.count).joined(separator: ",")
            var arguments: StatementArguments = [date.timeIntervalSince1970]
            arguments += StatementArguments(chunk)
            try db.execute(sql: "UPDATE notify_delivery SET claimed_until = ? WHERE id IN (\(marks))", arguments: arguments)
            start += chunk.count
        }
    }

    /// The push of a message: its title and body, and its payload when it was sent `direct`; and
    /// whether the message was withdrawn.
    private static func pushContent(_ messageId: String, db: Database) throws -> (push: Push, sentAt: Date, withdrawn: Bool) {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT title, body, payload, direct, sent_at, state FROM notify_message WHERE id = ?
            """),
                                         arguments: [messageId]) else {
            throw StoreError.corrupt("a delivery names the missing message \(messageId)")
        }
        var push = Push(messageId: messageId, title: row["title"], body: row["body"])
        if row["direct"] as Bool { push.payload = try payload(row["payload"]) }
        return (push, Date(timeIntervalSince1970: row["sent_at"]), row["state"] as String != MessageState.active.rawValue)
    }

    public func settlePushDeliveries(_ results: [OutboxResult<ClaimedPush>]) async throws {
        guard !results.isEmpty else { return }
        try await pool.write { db in
            let settle = try db.cachedStatement(sql: """
                UPDATE notify_delivery SET state = ?, attempts = attempts + 1, last_error = coalesce(?, last_error),
                    next_attempt_at = coalesce(?, next_attempt_at), claimed_until = NULL, settled_at = ?
                WHERE id = ? AND state = 'pending'
                """)
            let forget = try db.cachedStatement(sql: "UPDATE notify_device SET push_token = NULL WHERE id = ? AND push_token = ?")
            let unsubscribe = try db.cachedStatement(sql: """
                UPDATE notify_device SET web_push_endpoint = NULL, web_push_p256dh = NULL, web_push_auth = NULL
                WHERE id = ? AND web_push_endpoint = ?
                """)
            for result in results {
                try settle.execute(arguments: [result.state.rawValue, result.error, result.nextAttemptAt?.timeIntervalSince1970,
                                               result.at.timeIntervalSince1970, result.item.key])
                let device = result.item.delivery.device
                if result.state == .gone, let token = device.pushToken {
                    try forget.execute(arguments: [device.key, token])
                }
                if result.state == .gone, let subscription = device.webPush {
                    try unsubscribe.execute(arguments: [device.key, subscription.endpoint])
                }
            }
        }
    }

    public func messageIsActive(_ messageId: String) async throws -> Bool {
        try await pool.read { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT state FROM notify_message WHERE id = ?"), arguments: [messageId])
                == MessageState.active.rawValue
        }
    }

    public func nextPushDueDate(provider: String) async throws -> Date? {
        try await pool.read { db in
            try Double.fetchOne(db.cachedStatement(sql: """
                SELECT min(max(next_attempt_at, coalesce(claimed_until, 0))) FROM notify_delivery
                WHERE provider = ? AND state = 'pending'
                """), arguments: [provider]).map(Date.init(timeIntervalSince1970:))
        }
    }

    public func pushOutboxStatistics(provider: String) async throws -> OutboxStatistics {
        try await pool.read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT count(*) AS depth, min(next_attempt_at) AS due FROM notify_delivery WHERE provider = ? AND state = 'pending'
                """), arguments: [provider])
            return OutboxStatistics(depth: row?["depth"] ?? 0, oldestDue: (row?["due"] as Double?).map(Date.init(timeIntervalSince1970:)))
        }
    }

    // MARK: - The webhook outbox

    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int) async throws -> [WebhookDelivery] {
        let instant = now.timeIntervalSince1970
        return try await pool.write { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM notify_outbox WHERE delivered_at IS NULL AND next_attempt_at <= ?
                  AND (claimed_until IS NULL OR claimed_until <= ?)
                ORDER BY next_attempt_at, id LIMIT ?
                """), arguments: [instant, instant, limit])
            let lease = try db.cachedStatement(sql: "UPDATE notify_outbox SET claimed_until = ? WHERE id = ?")
            return try rows.map { row in
                let delivery = WebhookDelivery(key: row["id"], deliveryId: row["delivery_id"], webhook: row["webhook"], url: row["url"],
                                               secret: row["secret"], body: Data((row["body"] as String).utf8), attempts: row["attempts"])
                try lease.execute(arguments: [leaseUntil.timeIntervalSince1970, delivery.key])
                return delivery
            }
        }
    }

    public func settleWebhookDeliveries(_ results: [OutboxResult<WebhookDelivery>]) async throws {
        guard !results.isEmpty else { return }
        try await pool.write { db in
            let delivered = try db.cachedStatement(sql: """
                UPDATE notify_outbox SET delivered_at = ?, attempts = attempts + 1, claimed_until = NULL
                WHERE id = ? AND delivered_at IS NULL
                """)
            let retry = try db.cachedStatement(sql: """
                UPDATE notify_outbox SET next_attempt_at = ?, attempts = attempts + 1, last_error = ?, claimed_until = NULL
                WHERE id = ? AND delivered_at IS NULL
                """)
            for result in results {
                if result.state == .delivered {
                    try delivered.execute(arguments: [result.at.timeIntervalSince1970, result.item.key])
                } else {
                    // At least once: a webhook row is never given up, only tried later.
                    let next = result.nextAttemptAt ?? result.at.addingTimeInterval(300)
                    try retry.execute(arguments: [next.timeIntervalSince1970, result.error, result.item.key])
                }
            }
        }
    }

    public func nextWebhookDueDate() async throws -> Date? {
        try await pool.read { db in
            try Double.fetchOne(db.cachedStatement(sql: """
                SELECT min(max(next_attempt_at, coalesce(claimed_until, 0))) FROM notify_outbox WHERE delivered_at IS NULL
                """)).map(Date.init(timeIntervalSince1970:))
        }
    }

    public func webhookOutboxStatistics() async throws -> OutboxStatistics {
        try await pool.read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT count(*) AS depth, min(next_attempt_at) AS due FROM notify_outbox WHERE delivered_at IS NULL
                """))
            return OutboxStatistics(depth: row?["depth"] ?? 0, oldestDue: (row?["due"] as Double?).map(Date.init(timeIntervalSince1970:)))
        }
    }

    // MARK: - Reporting

    public func outboxStatistics() async throws -> [String: OutboxStatistics] {
        try await pool.read { db in
            var lanes: [String: OutboxStatistics] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT provider, count(*) AS depth, min(next_attempt_at) AS due FROM notify_delivery
                WHERE state = 'pending' GROUP BY provider
                """) {
                lanes[row["provider"]] = OutboxStatistics(depth: row["depth"],
                                                          oldestDue: (row["due"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
            if let row = try Row.fetchOne(db, sql: """
                SELECT count(*) AS depth, min(next_attempt_at) AS due FROM notify_outbox WHERE delivered_at IS NULL
                """), row["depth"] as Int > 0 {
                lanes["webhook"] = OutboxStatistics(depth: row["depth"],
                                                    oldestDue: (row["due"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
            return lanes
        }
    }

    public func recentDeliveryProblems(limit: Int) async throws -> [DeliveryProblem] {
        try await pool.read { db in
            var problems = try Row.fetchAll(db, sql: """
                SELECT provider, message_id, device_id, state, attempts, last_error, settled_at FROM notify_delivery
                WHERE state <> 'delivered' AND settled_at IS NOT NULL AND last_error IS NOT NULL
                ORDER BY settled_at DESC, id DESC LIMIT ?
                """, arguments: [limit]).map { row in
                DeliveryProblem(provider: row["provider"], messageId: row["message_id"], target: row["device_id"],
                                state: try Self.deliveryState(row["state"]), attempts: row["attempts"], lastError: row["last_error"],
                                at: (row["settled_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
            problems += try Row.fetchAll(db, sql: """
                SELECT webhook, attempts, last_error FROM notify_outbox
                WHERE delivered_at IS NULL AND last_error IS NOT NULL ORDER BY id DESC LIMIT ?
                """, arguments: [limit]).map { row in
                DeliveryProblem(provider: "webhook", messageId: nil, target: row["webhook"], state: .pending,
                                attempts: row["attempts"], lastError: row["last_error"], at: nil)
            }
            return Array(problems.prefix(limit))
        }
    }

    /// A stored delivery state read back.
    static func deliveryState(_ text: String) throws -> DeliveryState {
        guard let state = DeliveryState(rawValue: text) else { throw StoreError.corrupt("unknown delivery state \"\(text)\"") }
        return state
    }
}
