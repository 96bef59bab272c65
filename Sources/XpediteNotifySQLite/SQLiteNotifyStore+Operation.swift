import Foundation
import GRDB
import XpediteNotify

extension SQLiteNotifyStore {
    public func revokeDevice(username: String, deviceId: String, reason: String, at date: Date) async throws -> Bool {
        try await pool.write { db in
            guard let key = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM notify_device WHERE username = ? AND device_id = ?"),
                                               arguments: [username, deviceId]) else { return false }
            try db.cachedStatement(sql: """
                UPDATE notify_delivery SET state = 'failed', last_error = ?, claimed_until = NULL, settled_at = ?
                WHERE device_key = ? AND state = 'pending'
                """).execute(arguments: [reason, date.timeIntervalSince1970, key])
            try db.cachedStatement(sql: "DELETE FROM notify_device WHERE id = ?").execute(arguments: [key])
            return true
        }
    }

    public func webhooks() async throws -> [Webhook] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT name, topic, url, secret FROM notify_webhook ORDER BY name").map { row in
                Webhook(name: row["name"], topic: row["topic"], url: row["url"], secret: row["secret"])
            }
        }
    }

    public func recentWebhookDeliveries(webhook name: String, limit: Int) async throws -> [WebhookDeliveryRecord] {
        try await pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT delivery_id, attempts, last_error, next_attempt_at, delivered_at FROM notify_outbox
                WHERE webhook = ? ORDER BY id DESC LIMIT ?
                """), arguments: [name, limit]).map { row in
                let deliveredAt = (row["delivered_at"] as Double?).map(Date.init(timeIntervalSince1970:))
                return WebhookDeliveryRecord(deliveryId: row["delivery_id"], delivered: deliveredAt != nil, attempts: row["attempts"],
                                             lastError: row["last_error"], deliveredAt: deliveredAt,
                                             nextAttemptAt: Date(timeIntervalSince1970: row["next_attempt_at"]))
            }
        }
    }

    public func retryOutbox(now: Date, failedSince: Date) async throws -> OutboxRetry {
        let time = now.timeIntervalSince1970
        return try await pool.write { db in
            try db.cachedStatement(sql: """
                UPDATE notify_delivery SET next_attempt_at = ?
                WHERE state = 'pending' AND next_attempt_at > ? AND (claimed_until IS NULL OR claimed_until <= ?)
                """).execute(arguments: [time, time, time])
            var pushes = db.changesCount
            try db.cachedStatement(sql: """
                UPDATE notify_delivery SET state = 'pending', next_attempt_at = ?, claimed_until = NULL
                WHERE state = 'failed' AND settled_at >= ? AND state <> 'delivered' AND kind = 'message'
                  AND coalesce(last_error, '') <> ?
                """).execute(arguments: [time, failedSince.timeIntervalSince1970, PushClaimRules.withdrawnReason])
            pushes += db.changesCount
            try db.cachedStatement(sql: """
                UPDATE notify_outbox SET next_attempt_at = ?
                WHERE delivered_at IS NULL AND next_attempt_at > ? AND (claimed_until IS NULL OR claimed_until <= ?)
                """).execute(arguments: [time, time, time])
            return OutboxRetry(pushes: pushes, webhooks: db.changesCount)
        }
    }

    public func hourlyActivity(since: Date, until: Date) async throws -> [HourlyActivity] {
        let start = since.timeIntervalSince1970, end = until.timeIntervalSince1970
        return try await pool.read { db in
            var hours: [Int64: (sends: Int, answers: Int)] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: """
                SELECT CAST(sent_at / 3600 AS INTEGER) AS hour, count(*) AS n FROM notify_message
                WHERE sent_at >= ? AND sent_at < ? GROUP BY hour
                """), arguments: [start, end]) {
                hours[row["hour"], default: (0, 0)].sends = row["n"]
            }
            for row in try Row.fetchAll(db.cachedStatement(sql: """
                SELECT CAST(received_at / 3600 AS INTEGER) AS hour, count(*) AS n FROM notify_response
                WHERE received_at >= ? AND received_at < ? GROUP BY hour
                """), arguments: [start, end]) {
                hours[row["hour"], default: (0, 0)].answers = row["n"]
            }
            return hours.sorted { $0.key < $1.key }.map { hour, counts in
                HourlyActivity(hour: Date(timeIntervalSince1970: Double(hour) * 3600), sends: counts.sends, answers: counts.answers)
            }
        }
    }
}
