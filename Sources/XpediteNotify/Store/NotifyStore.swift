import Foundation
import XpediteProtocol

/// The user directory: users with bcrypt-hashed passwords, display names and groups. One
/// directory serves the notification API and any sign-in (the demo's) as a plain Swift API.
public protocol UserDirectory: Sendable {
    /// Creates or updates a user; `displayName` and `groups` left `nil` keep what is stored (a new
    /// user's display name is its username). `groups` replaces the user's memberships.
    func putUser(username: String, passwordHash: String, displayName: String?, groups: [String]?) async throws -> NotifyUser
    /// Removes a user, their devices and group memberships; `false` when there was none.
    func deleteUser(_ username: String) async throws -> Bool
    /// One user.
    func user(_ username: String) async throws -> NotifyUser?
    /// Every user, by username.
    func users() async throws -> [NotifyUser]
    /// The stored bcrypt hash of a user's password.
    func passwordHash(of username: String) async throws -> String?
    /// Replaces a group's members (all must exist); returns them sorted.
    func setGroup(_ name: String, members: [String]) async throws -> [String]
    /// The members of each named group that exists.
    func members(ofGroups names: [String]) async throws -> [String: [String]]
    /// Which of `usernames` exist.
    func existingUsernames(_ usernames: [String]) async throws -> Set<String>
    /// Every username, sorted.
    func allUsernames() async throws -> [String]
}

/// Devices (push targets) and their tokens, stored as digests.
public protocol DeviceStore: Sendable {
    /// Registers or refreshes the device `deviceId` of `username` with a new token digest; the
    /// device's previous token stops working.
    func registerDevice(username: String, deviceId: String, deviceName: String, platform: String,
                        pushToken: String?, tokenDigest: String) async throws -> NotifyDevice
    /// The device a token digest belongs to.
    func device(tokenDigest: String) async throws -> NotifyDevice?
    /// Removes a device: its token stops working and it gets no more pushes.
    func removeDevice(key: Int64) async throws
    /// Sets a device's push token.
    func setPushToken(_ pushToken: String, deviceKey: Int64) async throws
    /// The devices of `usernames`.
    func devices(of usernames: [String]) async throws -> [NotifyDevice]
}

/// Messages with their recipients and deliveries, named payloads and start requests.
public protocol MessageStore: Sendable {
    /// Stores a message, its recipients, the documents its payload names and one queued delivery
    /// per device, in one transaction; returns the message with its deliveries' keys.
    func insertMessage(_ message: NotifyMessage, devices: [NotifyDevice], providers: [String],
                       documents: Set<String>) async throws -> NotifyMessage
    /// One message with its recipients and deliveries.
    func message(_ messageId: String) async throws -> NotifyMessage?
    /// One message without its recipients and deliveries (cheap, whatever the number of recipients).
    func messageHeader(_ messageId: String) async throws -> NotifyMessage?
    /// Records what the push providers did.
    func updateDeliveries(_ deliveries: [NotifyMessage.Delivery]) async throws
    /// A user's unanswered messages, newest first (without recipients and deliveries).
    func inbox(of username: String) async throws -> [NotifyMessage]
    /// Whether `username` is a recipient of the message, and when they answered.
    func recipient(_ username: String, of messageId: String) async throws -> NotifyMessage.Recipient?
    /// Stores a named payload.
    func putNamedPayload(_ payload: Payload, name: String) async throws
    /// A named payload.
    func namedPayload(_ name: String) async throws -> Payload?
    /// Removes a named payload; `false` when there was none.
    func deleteNamedPayload(_ name: String) async throws -> Bool
    /// Stores a start request.
    func putStartRequest(_ request: StartRequest) async throws
    /// A start request.
    func startRequest(_ name: String) async throws -> StartRequest?
    /// Every start request, by name.
    func startRequests() async throws -> [StartRequest]
    /// Removes a start request; `false` when there was none.
    func deleteStartRequest(_ name: String) async throws -> Bool
}

/// Responses, their topics' webhooks and the webhook outbox.
public protocol ResponseStore: Sendable {
    /// The response stored under a device-made id.
    func response(responseId: String) async throws -> StoredResponse?
    /// Stores a response exactly once, marks the message answered for its user, and queues one
    /// outbox row per webhook of its topic — all in one transaction.
    func recordResponse(_ response: StoredResponse, answeredAt: Date, now: Date) async throws -> ResponseRecordOutcome
    /// Responses on `topic` after `cursor`, oldest first.
    func responses(topic: String, after cursor: Int64, limit: Int) async throws -> [StoredResponse]
    /// Stores a webhook.
    func putWebhook(_ webhook: Webhook) async throws
    /// Removes a webhook and its pending deliveries; `false` when there was none.
    func deleteWebhook(_ name: String) async throws -> Bool
    /// Outbox rows due at `now`, oldest first.
    func dueWebhookDeliveries(now: Date, limit: Int) async throws -> [WebhookDelivery]
    /// The time the next undelivered row is due, if any.
    func nextWebhookDueDate() async throws -> Date?
    /// Marks an outbox row delivered.
    func markWebhookDelivered(key: Int64, at date: Date) async throws
    /// Records a failed attempt and when to try again.
    func scheduleWebhookRetry(key: Int64, at date: Date, error: String) async throws
}

/// Uploaded documents: bytes on disk, metadata in the database.
public protocol DocumentStore: Sendable {
    /// Stores a document's bytes and metadata.
    func saveDocument(_ record: DocumentRecord, bytes: Data) async throws
    /// A document's metadata.
    func document(_ name: String) async throws -> DocumentRecord?
    /// A document's bytes.
    func documentBytes(_ name: String) async throws -> Data
    /// Whether `username` received a message whose payload names the document.
    func receivedDocument(_ name: String, username: String) async throws -> Bool
}

/// Everything a ``Notifier`` stores.
public typealias NotifyStore = UserDirectory & DeviceStore & MessageStore & ResponseStore & DocumentStore
    & AnswerContextReading
