import Foundation
import XpediteProtocol

extension Notifier {
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
        let now = configuration.now()
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

    /// The messages `device`'s user has not answered, newest first.
    public func inbox(of device: NotifyDevice) async throws -> [NotifyMessage] {
        try await store.inbox(of: device.username)
    }

    /// A message for `device`'s user.
    ///
    /// - Throws: ``NotifyError`` 404 unless the user is a recipient, 410 `message_withdrawn` when
    ///   the message was withdrawn or expired before the user answered it.
    public func message(_ messageId: String, for device: NotifyDevice) async throws -> NotifyMessage {
        guard let recipient = try await store.recipient(device.username, of: messageId),
              let message = try await store.messageHeader(messageId) else {
            throw NotifyError.notFound("no message \"\(messageId)\"")
        }
        if !message.state.isActive, recipient.answeredAt == nil { throw NotifyError.messageWithdrawn(messageId) }
        return message
    }

    /// Stores an uploaded document of `device`'s user after checking its size and magic bytes.
    ///
    /// - Throws: ``NotifyError`` 413 over the limit, 422 when the bytes are not of `kind`.
    public func upload(_ bytes: Data, kind: DocumentKind, from device: NotifyDevice) async throws -> DocumentRecord {
        guard bytes.count <= configuration.maximumDocumentSize else {
            throw NotifyError.tooLarge(limit: configuration.maximumDocumentSize)
        }
        guard let fileExtension = kind.fileExtension(of: bytes) else {
            throw NotifyError.invalid(at: .root, .invalidValue,
                                      "the bytes are not \(kind == .image ? "a JPEG image" : "an MP4/M4A or WebM file") (magic bytes)")
        }
        let record = DocumentRecord(name: "rcs/\(kind.rawValue)/\(UUID().uuidString.lowercased()).\(fileExtension)",
                                    kind: kind, owner: device.username, size: bytes.count)
        try await store.saveDocument(record, bytes: bytes)
        return record
    }

    /// A document's metadata and bytes, when `device`'s user uploaded it or received a message
    /// whose payload names it.
    ///
    /// - Throws: ``NotifyError`` 404 to anyone else, and for a name that is no document.
    public func document(_ name: String, for device: NotifyDevice) async throws -> (DocumentRecord, Data) {
        let missing = NotifyError.notFound("no document \"\(name)\"")
        guard DocumentKind(documentName: name) != nil, let record = try await store.document(name) else { throw missing }
        if record.owner != device.username {
            guard try await store.receivedDocument(name, username: device.username) else { throw missing }
        }
        return (record, try await store.documentBytes(name))
    }

    /// The `lastError` of the pending pushes of a revoked device.
    public static let revokedReason = "the device was revoked"

    /// Revokes the device `deviceId` of `username`: its token stops working at once and its
    /// pending pushes are settled `failed`.
    ///
    /// - Throws: ``NotifyError`` 404 when that user has no such device (a device of another user
    ///   included).
    public func revokeDevice(username: String, deviceId: String) async throws {
        guard try await store.revokeDevice(username: username, deviceId: deviceId, reason: Self.revokedReason, at: configuration.now()) else {
            throw NotifyError.notFound("user \"\(username)\" has no device \"\(deviceId)\"")
        }
    }
}
