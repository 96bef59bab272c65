import Foundation
import XpediteProtocol

extension NotifyPeople {
    /// Logs a device in (`POST /device/login`): checks the password, registers or refreshes the
    /// device (one per `deviceId` and user) and returns a new device token; the device's previous
    /// token stops working. `nil` on a wrong username or password. A browser's `webPush`
    /// subscription (already checked against the allowlist) is kept with the device.
    public func login(username: String, password: String, deviceId: String, deviceName: String, platform: String,
                      pushToken: String? = nil, webPush: WebPushSubscription? = nil) async throws
        -> (device: NotifyDevice, token: String)? {
        guard try await authenticate(username: username, password: password) != nil else { return nil }
        let token = Credentials.newDeviceToken()
        var device = try await store.registerDevice(username: username, deviceId: deviceId, deviceName: deviceName,
                                                    platform: platform, pushToken: pushToken,
                                                    tokenDigest: Credentials.digest(token))
        let now = clock()
        try await store.touchDevice(key: device.key, at: now)
        device.lastSeen = now
        if let webPush {
            try await store.setWebPush(webPush, deviceKey: device.key)
            device.webPush = webPush
        }
        return (device, token)
    }

    /// Every device of a user (`GET /users/{username}/devices`), oldest first.
    ///
    /// - Throws: ``NotifyError`` 404 when there is no such user.
    public func devices(of username: String) async throws -> [NotifyDevice] {
        guard try await store.user(username) != nil else { throw NotifyError.notFound("no user \"\(username)\"") }
        return try await store.devices(of: [username])
    }

    /// The device a token belongs to, or `nil`.
    public func device(token: String) async throws -> NotifyDevice? {
        try await store.device(tokenDigest: Credentials.digest(token))
    }

    /// Logs a device out: its token stops working and it gets no more pushes.
    public func logout(_ device: NotifyDevice) async throws {
        try await store.removeDevice(key: device.key)
    }

    /// The `lastError` of the pending pushes of a revoked device.
    public static let revokedReason = "the device was revoked"

    /// Revokes the device `deviceId` of `username`: its token stops working at once and its
    /// pending pushes are settled `failed`.
    ///
    /// - Throws: ``NotifyError`` 404 when that user has no such device (a device of another user
    ///   included).
    public func revokeDevice(username: String, deviceId: String) async throws {
        guard try await store.revokeDevice(username: username, deviceId: deviceId, reason: Self.revokedReason, at: clock()) else {
            throw NotifyError.notFound("user \"\(username)\" has no device \"\(deviceId)\"")
        }
    }
}
