import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport

extension PostgresNotifyStore {
    /// The columns ``device(from:)`` reads.
    static let deviceColumns = """
        id, username, device_id, device_name, platform, push_token, last_seen, web_push_endpoint, web_push_p256dh, web_push_auth
        """

    public func registerDevice(username: String, deviceId: String, deviceName: String, platform: String,
                               pushToken: String?, tokenDigest: String) async throws -> NotifyDevice {
        let rows = try await fetch("""
            INSERT INTO notify_device (username, device_id, device_name, platform, push_token, token_digest)
            VALUES (\(username), \(deviceId), \(deviceName), \(platform), \(pushToken), \(tokenDigest))
            ON CONFLICT (username, device_id) DO UPDATE SET device_name = EXCLUDED.device_name,
                platform = EXCLUDED.platform, push_token = coalesce(EXCLUDED.push_token, notify_device.push_token),
                token_digest = EXCLUDED.token_digest
            RETURNING \(unescaped: Self.deviceColumns)
            """)
        guard let row = rows.first else { throw StoreError.corrupt("the device just registered is missing") }
        return try Self.device(from: row)
    }

    public func device(tokenDigest: String) async throws -> NotifyDevice? {
        try await fetch("SELECT \(unescaped: Self.deviceColumns) FROM notify_device WHERE token_digest = \(tokenDigest)")
            .first.map(Self.device(from:))
    }

    public func removeDevice(key: Int64) async throws {
        try await client.query("DELETE FROM notify_device WHERE id = \(key)", logger: logger)
    }

    public func setPushToken(_ pushToken: String, deviceKey: Int64) async throws {
        try await client.query("UPDATE notify_device SET push_token = \(pushToken) WHERE id = \(deviceKey)", logger: logger)
    }

    public func setWebPush(_ subscription: WebPushSubscription?, deviceKey: Int64) async throws {
        try await client.query("""
            UPDATE notify_device SET web_push_endpoint = \(subscription?.endpoint), web_push_p256dh = \(subscription?.p256dh),
                web_push_auth = \(subscription?.auth)
            WHERE id = \(deviceKey)
            """, logger: logger)
    }

    public func touchDevice(key: Int64, at date: Date) async throws {
        try await client.query("UPDATE notify_device SET last_seen = \(date.timeIntervalSince1970) WHERE id = \(key)",
                               logger: logger)
    }

    /// In the order of `usernames`, each user's devices oldest first.
    public func devices(of usernames: [String]) async throws -> [NotifyDevice] {
        try await fetch("""
            SELECT \(unescaped: Self.deviceColumns) FROM notify_device
            JOIN unnest(\(usernames)::text[]) WITH ORDINALITY AS wanted(name, position) ON wanted.name = notify_device.username
            ORDER BY wanted.position, id
            """).map(Self.device(from:))
    }

    static func device(from row: PostgresRandomAccessRow) throws -> NotifyDevice {
        var webPush: WebPushSubscription?
        if let endpoint = try row["web_push_endpoint"].decode(String?.self),
           let p256dh = data(try row["web_push_p256dh"].decode(ByteBuffer?.self)),
           let auth = data(try row["web_push_auth"].decode(ByteBuffer?.self)) {
            webPush = WebPushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
        return NotifyDevice(key: try row["id"].decode(Int64.self), username: try row["username"].decode(String.self),
                            deviceId: try row["device_id"].decode(String.self),
                            deviceName: try row["device_name"].decode(String.self),
                            platform: try row["platform"].decode(String.self),
                            pushToken: try row["push_token"].decode(String?.self), webPush: webPush,
                            lastSeen: date(try row["last_seen"].decode(Double?.self)))
    }
}
