import Foundation
import GRDB
import XpediteProtocol
import XpediteNotify

extension SQLiteNotifyStore {
    public func registerDevice(username: String, deviceId: String, deviceName: String, platform: String,
                               pushToken: String?, tokenDigest: String) async throws -> NotifyDevice {
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO notify_device (username, device_id, device_name, platform, push_token, token_digest)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(username, device_id) DO UPDATE SET device_name = excluded.device_name,
                    platform = excluded.platform, push_token = coalesce(excluded.push_token, push_token),
                    token_digest = excluded.token_digest
                """, arguments: [username, deviceId, deviceName, platform, pushToken, tokenDigest])
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM notify_device WHERE token_digest = ?"), arguments: [tokenDigest]) else {
                throw StoreError.corrupt("the device just registered is missing")
            }
            return Self.device(from: row)
        }
    }

    public func device(tokenDigest: String) async throws -> NotifyDevice? {
        try await pool.read { db in
            let statement = try db.cachedStatement(sql: "SELECT * FROM notify_device WHERE token_digest = ?")
            let columns = DeviceColumns(statement)
            return try Row.fetchOne(statement, arguments: [tokenDigest]).map { Self.device(from: $0, columns: columns) }
        }
    }

    public func removeDevice(key: Int64) async throws {
        try await pool.write { db in try db.execute(sql: "DELETE FROM notify_device WHERE id = ?", arguments: [key]) }
    }

    public func setPushToken(_ pushToken: String, deviceKey: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE notify_device SET push_token = ? WHERE id = ?", arguments: [pushToken, deviceKey])
        }
    }

    public func setWebPush(_ subscription: WebPushSubscription?, deviceKey: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE notify_device SET web_push_endpoint = ?, web_push_p256dh = ?, web_push_auth = ? WHERE id = ?
                """, arguments: [subscription?.endpoint, subscription?.p256dh, subscription?.auth, deviceKey])
        }
    }

    public func touchDevice(key: Int64, at date: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE notify_device SET last_seen = ? WHERE id = ?", arguments: [date.timeIntervalSince1970, key])
        }
    }

    public func devices(of usernames: [String]) async throws -> [NotifyDevice] {
        try await pool.read { db in
            var devices: [NotifyDevice] = []
            let statement = try db.cachedStatement(sql: "SELECT * FROM notify_device WHERE username = ? ORDER BY id")
            let columns = DeviceColumns(statement)
            for username in usernames {
                // Each row decoded where it is, not copied into an array of rows first.
                let rows = try Row.fetchCursor(statement, arguments: [username])
                while let row = try rows.next() { devices.append(Self.device(from: row, columns: columns)) }
            }
            return devices
        }
    }

    static func device(from row: Row) -> NotifyDevice {
        var webPush: WebPushSubscription?
        if let endpoint = row["web_push_endpoint"] as String?, let p256dh = row["web_push_p256dh"] as Data?,
           let auth = row["web_push_auth"] as Data? {
            webPush = WebPushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
        return NotifyDevice(key: row["id"], username: row["username"], deviceId: row["device_id"], deviceName: row["device_name"],
                            platform: row["platform"], pushToken: row["push_token"], webPush: webPush,
                            lastSeen: (row["last_seen"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    /// ``device(from:)`` reading the columns at their positions in the statement's rows, found
    /// once (decision 0607); by name when `columns` is `nil`.
    static func device(from row: Row, columns: DeviceColumns?) -> NotifyDevice {
        guard let columns else { return device(from: row) }
        var webPush: WebPushSubscription?
        if let endpoint = row[columns.endpoint] as String?, let p256dh = row[columns.p256dh] as Data?,
           let auth = row[columns.auth] as Data? {
            webPush = WebPushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
        return NotifyDevice(key: row[columns.id], username: row[columns.username], deviceId: row[columns.deviceId],
                            deviceName: row[columns.deviceName], platform: row[columns.platform],
                            pushToken: row[columns.pushToken], webPush: webPush,
                            lastSeen: (row[columns.lastSeen] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
