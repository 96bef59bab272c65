import GRDB

/// The positions of a statement's columns by name, found once per statement: GRDB's `row["name"]`
/// finds a column by lowercasing every column name before it, for every value read, which cost
/// more than the rest of reading a device's row (decision 0607).
///
/// The same column as `row["name"]` reads: the first one whose name equals `name` without case.
struct ColumnPositions {
    private let names: [String]

    /// The columns of the rows `statement` gives.
    init(_ statement: Statement) {
        names = statement.columnNames.map { $0.lowercased() }
    }

    /// The position of the column `name`; `nil` when the statement has none.
    func callAsFunction(_ name: String) -> Int? {
        let lowercased = name.lowercased()
        return names.firstIndex(of: lowercased)
    }
}

/// Where a device's columns are in the rows of one statement (`SELECT * FROM notify_device`, or a
/// join that selects `v.*` of it), for ``SQLiteNotifyStore/device(from:columns:)``.
struct DeviceColumns {
    let id, username, deviceId, deviceName, platform, pushToken, lastSeen, endpoint, p256dh, auth: Int

    /// The device columns of `statement`'s rows; `nil` when one is missing.
    init?(_ statement: Statement) {
        let position = ColumnPositions(statement)
        guard let id = position("id"), let username = position("username"), let deviceId = position("device_id"),
              let deviceName = position("device_name"), let platform = position("platform"),
              let pushToken = position("push_token"), let lastSeen = position("last_seen"),
              let endpoint = position("web_push_endpoint"), let p256dh = position("web_push_p256dh"),
              let auth = position("web_push_auth") else { return nil }
        (self.id, self.username, self.deviceId, self.deviceName, self.platform) = (id, username, deviceId, deviceName, platform)
        (self.pushToken, self.lastSeen, self.endpoint, self.p256dh, self.auth) = (pushToken, lastSeen, endpoint, p256dh, auth)
    }
}
