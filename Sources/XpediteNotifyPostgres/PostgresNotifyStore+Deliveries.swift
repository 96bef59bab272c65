import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport
import XpediteProtocol

extension PostgresNotifyStore {
    // MARK: - The push outbox

    /// One transaction: the due rows are locked with `FOR UPDATE SKIP LOCKED` (rows another
    /// server is claiming at this moment are skipped, not waited for), then leased or dropped
    /// with one `UPDATE` each.
    public func claimPushDeliveries(provider: String, leaseUntil: Date, limit: Int, rules: PushClaimRules) async throws -> [ClaimedPush] {
        let instant = rules.now.timeIntervalSince1970
        return try await client.withTransaction(logger: logger) { connection in
            let rows = try await self.fetch("""
                WITH due AS (
                    SELECT id FROM notify_delivery
                    WHERE provider = \(provider) AND state = 'pending' AND next_attempt_at <= \(instant)
                      AND (claimed_until IS NULL OR claimed_until <= \(instant))
                    ORDER BY next_attempt_at, id LIMIT \(limit)
                    FOR UPDATE SKIP LOCKED)
                SELECT d.id AS delivery_key, d.delivery_id, d.message_id, d.attempts, d.next_attempt_at, d.kind,
                       v.id, v.username, v.device_id, v.device_name, v.platform, v.push_token, v.last_seen,
                       v.web_push_endpoint, v.web_push_p256dh, v.web_push_auth,
                       r.answered_at, m.title, m.body, m.payload, m.direct, m.sent_at, m.state AS message_state
                FROM due JOIN notify_delivery d ON d.id = due.id
                LEFT JOIN notify_device v ON v.id = d.device_key
                LEFT JOIN notify_recipient r ON r.message_id = d.message_id AND r.username = d.username
                LEFT JOIN notify_message m ON m.id = d.message_id
                ORDER BY d.next_attempt_at, d.id
                """, on: connection)
            var claimed: [ClaimedPush] = []
            var dropped: (keys: [Int64], reasons: [String]) = ([], [])
            var pushes: [String: Push] = [:]
            for row in rows {
                let key = try row["delivery_key"].decode(Int64.self)
                let messageId = try row["message_id"].decode(String.self)
                guard let sentAtSeconds = try row["sent_at"].decode(Double?.self) else {
                    throw StoreError.corrupt("a delivery names the missing message \(messageId)")
                }
                let sentAt = Date(timeIntervalSince1970: sentAtSeconds)
                let due = DuePush(key: key, deliveryId: try row["delivery_id"].decode(String.self), messageId: messageId,
                                  attempts: try row["attempts"].decode(Int.self), sentAt: sentAt,
                                  answered: try row["answered_at"].decode(Double?.self) != nil,
                                  device: try row["id"].decode(Int64?.self) == nil ? nil : try Self.device(from: row),
                                  kind: try Self.pushKind(row["kind"].decode(String.self)),
                                  withdrawn: try row["message_state"].decode(String?.self) != MessageState.active.rawValue)
                let decision = try rules.decide(due) {
                    if let known = pushes[messageId] { return known }
                    var made = Push(messageId: messageId, title: try row["title"].decode(String.self),
                                    body: try row["body"].decode(String.self))
                    if try row["direct"].decode(Bool.self) { made.payload = try Self.payload(row["payload"].decode(String.self)) }
                    pushes[messageId] = made
                    return made
                }
                switch decision {
                case .claim(let push):
                    claimed.append(push)
                case .drop(let reason):
                    dropped.keys.append(key)
                    dropped.reasons.append(reason)
                }
            }
            if !claimed.isEmpty {
                try await self.run("""
                    UPDATE notify_delivery SET claimed_until = \(leaseUntil.timeIntervalSince1970)
                    WHERE id = ANY(\(claimed.map(\.key))::bigint[])
                    """, on: connection)
            }
            if !dropped.keys.isEmpty {
                try await self.run("""
                    UPDATE notify_delivery d SET state = 'failed', last_error = x.reason, claimed_until = NULL, settled_at = \(instant)
                    FROM unnest(\(dropped.keys)::bigint[], \(dropped.reasons)::text[]) AS x(id, reason)
                    WHERE d.id = x.id
                    """, on: connection)
            }
            return claimed
        }
    }

    public func messageIsActive(_ messageId: String) async throws -> Bool {
        try await fetch("SELECT state FROM notify_message WHERE id = \(messageId)").first
            .map { try $0["state"].decode(String.self) == MessageState.active.rawValue } ?? false
    }

    /// One `UPDATE` for every result (arrays unnested in SQL), plus one per `gone` device.
    public func settlePushDeliveries(_ results: [OutboxResult<ClaimedPush>]) async throws {
        guard !results.isEmpty else { return }
        let keys = results.map(\.item.key)
        let states = results.map(\.state.rawValue)
        let hasError = results.map { $0.error != nil }
        let errors = results.map { $0.error ?? "" }
        let hasNext = results.map { $0.nextAttemptAt != nil }
        let nexts = results.map { $0.nextAttemptAt?.timeIntervalSince1970 ?? 0 }
        let ats = results.map(\.at.timeIntervalSince1970)
        try await client.withTransaction(logger: logger) { connection in
            try await self.run("""
                UPDATE notify_delivery d SET state = x.state, attempts = d.attempts + 1,
                    last_error = CASE WHEN x.has_error THEN x.error ELSE d.last_error END,
                    next_attempt_at = CASE WHEN x.has_next THEN x.next ELSE d.next_attempt_at END,
                    claimed_until = NULL, settled_at = x.at
                FROM unnest(\(keys)::bigint[], \(states)::text[], \(hasError)::boolean[], \(errors)::text[],
                            \(hasNext)::boolean[], \(nexts)::float8[], \(ats)::float8[])
                    AS x(id, state, has_error, error, has_next, next, at)
                WHERE d.id = x.id AND d.state = 'pending'
                """, on: connection)
            for result in results where result.state == .gone {
                let device = result.item.delivery.device
                if let token = device.pushToken {
                    try await self.run("""
                        UPDATE notify_device SET push_token = NULL WHERE id = \(device.key) AND push_token = \(token)
                        """, on: connection)
                }
                if let subscription = device.webPush {
                    try await self.run("""
                        UPDATE notify_device SET web_push_endpoint = NULL, web_push_p256dh = NULL, web_push_auth = NULL
                        WHERE id = \(device.key) AND web_push_endpoint = \(subscription.endpoint)
                        """, on: connection)
                }
            }
        }
    }

    public func nextPushDueDate(provider: String) async throws -> Date? {
        try await fetch("""
            SELECT min(greatest(next_attempt_at, coalesce(claimed_until, 0))) AS due FROM notify_delivery
            WHERE provider = \(provider) AND state = 'pending'
            """).first.flatMap { Self.date(try $0["due"].decode(Double?.self)) }
    }

    public func pushOutboxStatistics(provider: String) async throws -> OutboxStatistics {
        try await statistics("""
            SELECT count(*) AS depth, min(next_attempt_at) AS due FROM notify_delivery WHERE provider = \(provider) AND state = 'pending'
            """)
    }

    // MARK: - The webhook outbox

    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int) async throws -> [WebhookDelivery] {
        let instant = now.timeIntervalSince1970
        return try await fetch("""
            WITH due AS (
                SELECT id FROM notify_outbox WHERE delivered_at IS NULL AND next_attempt_at <= \(instant)
                  AND (claimed_until IS NULL OR claimed_until <= \(instant))
                ORDER BY next_attempt_at, id LIMIT \(limit)
                FOR UPDATE SKIP LOCKED)
            UPDATE notify_outbox o SET claimed_until = \(leaseUntil.timeIntervalSince1970) FROM due WHERE o.id = due.id
            RETURNING o.id, o.delivery_id, o.webhook, o.url, o.secret, o.body, o.attempts, o.next_attempt_at
            """).map { row in
            (try row["next_attempt_at"].decode(Double.self),
             WebhookDelivery(key: try row["id"].decode(Int64.self), deliveryId: try row["delivery_id"].decode(String.self),
                             webhook: try row["webhook"].decode(String.self), url: try row["url"].decode(String.self),
                             secret: try row["secret"].decode(String.self), body: Data(try row["body"].decode(String.self).utf8),
                             attempts: try row["attempts"].decode(Int.self)))
        }
        .sorted { ($0.0, $0.1.key) < ($1.0, $1.1.key) }
        .map(\.1)
    }

    public func settleWebhookDeliveries(_ results: [OutboxResult<WebhookDelivery>]) async throws {
        guard !results.isEmpty else { return }
        let keys = results.map(\.item.key)
        let delivered = results.map { $0.state == .delivered }
        let ats = results.map(\.at.timeIntervalSince1970)
        // At least once: a webhook row is never given up, only tried later.
        let nexts = results.map { ($0.nextAttemptAt ?? $0.at.addingTimeInterval(300)).timeIntervalSince1970 }
        let hasError = results.map { $0.error != nil }
        let errors = results.map { $0.error ?? "" }
        try await client.query("""
            UPDATE notify_outbox o SET attempts = o.attempts + 1, claimed_until = NULL,
                delivered_at = CASE WHEN x.delivered THEN x.at ELSE NULL END,
                next_attempt_at = CASE WHEN x.delivered THEN o.next_attempt_at ELSE x.next END,
                last_error = CASE WHEN x.delivered THEN o.last_error WHEN x.has_error THEN x.error ELSE NULL END
            FROM unnest(\(keys)::bigint[], \(delivered)::boolean[], \(ats)::float8[], \(nexts)::float8[],
                        \(hasError)::boolean[], \(errors)::text[]) AS x(id, delivered, at, next, has_error, error)
            WHERE o.id = x.id AND o.delivered_at IS NULL
            """, logger: logger)
    }

    public func nextWebhookDueDate() async throws -> Date? {
        try await fetch("""
            SELECT min(greatest(next_attempt_at, coalesce(claimed_until, 0))) AS due FROM notify_outbox WHERE delivered_at IS NULL
            """).first.flatMap { Self.date(try $0["due"].decode(Double?.self)) }
    }

    public func webhookOutboxStatistics() async throws -> OutboxStatistics {
        try await statistics("""
            SELECT count(*) AS depth, min(next_attempt_at) AS due FROM notify_outbox WHERE delivered_at IS NULL
            """)
    }

    private func statistics(_ query: PostgresQuery) async throws -> OutboxStatistics {
        guard let row = try await fetch(query).first else { return OutboxStatistics(depth: 0, oldestDue: nil) }
        return OutboxStatistics(depth: try row["depth"].decode(Int.self), oldestDue: Self.date(try row["due"].decode(Double?.self)))
    }

    // MARK: - Reporting

    public func outboxStatistics() async throws -> [String: OutboxStatistics] {
        var lanes: [String: OutboxStatistics] = [:]
        for row in try await fetch("""
            SELECT provider, count(*) AS depth, min(next_attempt_at) AS due FROM notify_delivery
            WHERE state = 'pending' GROUP BY provider
            """) {
            lanes[try row["provider"].decode(String.self)] = OutboxStatistics(
                depth: try row["depth"].decode(Int.self), oldestDue: Self.date(try row["due"].decode(Double?.self)))
        }
        let webhooks = try await webhookOutboxStatistics()
        if webhooks.depth > 0 { lanes["webhook"] = webhooks }
        return lanes
    }

    public func recentDeliveryProblems(limit: Int) async throws -> [DeliveryProblem] {
        var problems = try await fetch("""
            SELECT provider, message_id, device_id, state, attempts, last_error, settled_at FROM notify_delivery
            WHERE state <> 'delivered' AND settled_at IS NOT NULL AND last_error IS NOT NULL
            ORDER BY settled_at DESC, id DESC LIMIT \(limit)
            """).map { row in
            DeliveryProblem(provider: try row["provider"].decode(String.self), messageId: try row["message_id"].decode(String.self),
                            target: try row["device_id"].decode(String.self),
                            state: try Self.deliveryState(row["state"].decode(String.self)),
                            attempts: try row["attempts"].decode(Int.self), lastError: try row["last_error"].decode(String?.self),
                            at: Self.date(try row["settled_at"].decode(Double?.self)))
        }
        problems += try await fetch("""
            SELECT webhook, attempts, last_error FROM notify_outbox
            WHERE delivered_at IS NULL AND last_error IS NOT NULL ORDER BY id DESC LIMIT \(limit)
            """).map { row in
            DeliveryProblem(provider: "webhook", messageId: nil, target: try row["webhook"].decode(String.self), state: .pending,
                            attempts: try row["attempts"].decode(Int.self), lastError: try row["last_error"].decode(String?.self),
                            at: nil)
        }
        return Array(problems.prefix(limit))
    }
}
