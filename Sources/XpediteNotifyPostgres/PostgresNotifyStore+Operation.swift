import Foundation
import PostgresNIO
import XpediteNotify

extension PostgresNotifyStore {
    public func revokeDevice(username: String, deviceId: String, reason: String, at date: Date) async throws -> Bool {
        try await client.withTransaction(logger: logger) { connection in
            guard let row = try await self.fetch("""
                DELETE FROM notify_device WHERE username = \(username) AND device_id = \(deviceId) RETURNING id
                """, on: connection).first else { return false }
            let key = try row["id"].decode(Int64.self)
            try await self.run("""
                UPDATE notify_delivery SET state = 'failed', last_error = \(reason), claimed_until = NULL,
                    settled_at = \(date.timeIntervalSince1970)
                WHERE device_key = \(key) AND state = 'pending'
                """, on: connection)
            return true
        }
    }

    public func webhooks() async throws -> [Webhook] {
        try await fetch("SELECT name, topic, url, secret FROM notify_webhook ORDER BY name COLLATE \"C\"").map { row in
            Webhook(name: try row["name"].decode(String.self), topic: try row["topic"].decode(String.self),
                    url: try row["url"].decode(String.self), secret: try row["secret"].decode(String.self))
        }
    }

    public func recentWebhookDeliveries(webhook name: String, limit: Int) async throws -> [WebhookDeliveryRecord] {
        try await fetch("""
            SELECT delivery_id, attempts, last_error, next_attempt_at, delivered_at FROM notify_outbox
            WHERE webhook = \(name) ORDER BY id DESC LIMIT \(limit)
            """).map { row in
            let deliveredAt = Self.date(try row["delivered_at"].decode(Double?.self))
            return WebhookDeliveryRecord(deliveryId: try row["delivery_id"].decode(String.self), delivered: deliveredAt != nil,
                                         attempts: try row["attempts"].decode(Int.self), lastError: try row["last_error"].decode(String?.self),
                                         deliveredAt: deliveredAt,
                                         nextAttemptAt: Date(timeIntervalSince1970: try row["next_attempt_at"].decode(Double.self)))
        }
    }

    public func retryOutbox(now: Date, failedSince: Date) async throws -> OutboxRetry {
        let time = now.timeIntervalSince1970
        let rows = try await fetch("""
            WITH waiting AS (
                UPDATE notify_delivery SET next_attempt_at = \(time)
                WHERE state = 'pending' AND next_attempt_at > \(time) AND (claimed_until IS NULL OR claimed_until <= \(time))
                RETURNING 1
            ), failed AS (
                UPDATE notify_delivery SET state = 'pending', next_attempt_at = \(time), claimed_until = NULL
                WHERE state = 'failed' AND settled_at >= \(failedSince.timeIntervalSince1970) AND state <> 'delivered'
                  AND kind = 'message' AND coalesce(last_error, '') <> \(PushClaimRules.withdrawnReason)
                RETURNING 1
            ), webhooks AS (
                UPDATE notify_outbox SET next_attempt_at = \(time)
                WHERE delivered_at IS NULL AND next_attempt_at > \(time) AND (claimed_until IS NULL OR claimed_until <= \(time))
                RETURNING 1
            )
            SELECT (SELECT count(*) FROM waiting) + (SELECT count(*) FROM failed) AS pushes,
                   (SELECT count(*) FROM webhooks) AS webhooks
            """)
        guard let row = rows.first else { return OutboxRetry(pushes: 0, webhooks: 0) }
        return OutboxRetry(pushes: Int(try row["pushes"].decode(Int64.self)), webhooks: Int(try row["webhooks"].decode(Int64.self)))
    }

    public func hourlyActivity(since: Date, until: Date) async throws -> [HourlyActivity] {
        let start = since.timeIntervalSince1970, end = until.timeIntervalSince1970
        let rows = try await fetch("""
            SELECT hour, sum(sends)::bigint AS sends, sum(answers)::bigint AS answers FROM (
                SELECT floor(sent_at / 3600)::bigint AS hour, count(*) AS sends, 0::bigint AS answers FROM notify_message
                WHERE sent_at >= \(start) AND sent_at < \(end) GROUP BY 1
                UNION ALL
                SELECT floor(received_at / 3600)::bigint, 0, count(*) FROM notify_response
                WHERE received_at >= \(start) AND received_at < \(end) GROUP BY 1
            ) AS counts GROUP BY hour ORDER BY hour
            """)
        return try rows.map { row in
            HourlyActivity(hour: Date(timeIntervalSince1970: Double(try row["hour"].decode(Int64.self)) * 3600),
                           sends: Int(try row["sends"].decode(Int64.self)), answers: Int(try row["answers"].decode(Int64.self)))
        }
    }
}
