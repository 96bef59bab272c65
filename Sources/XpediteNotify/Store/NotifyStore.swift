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
    /// Sets (or with `nil` removes) a device's Web Push subscription.
    func setWebPush(_ subscription: WebPushSubscription?, deviceKey: Int64) async throws
    /// Notes when a device was last seen.
    func touchDevice(key: Int64, at date: Date) async throws
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
    /// A user's unanswered messages, newest first (without recipients and deliveries).
    func inbox(of username: String) async throws -> [NotifyMessage]
    /// Whether `username` is a recipient of the message, and when they answered.
    func recipient(_ username: String, of messageId: String) async throws -> NotifyMessage.Recipient?
    /// Withdraws a message in one transaction (docs/notify-api.md#delete-messagesmessageid): queues a
    /// withdrawal push (``PushKind/withdrawal``, due at `date`) for each device of a recipient who
    /// has not answered whose push was delivered or is being sent (leased), settles the message's
    /// pending pushes as `failed` with ``PushClaimRules/withdrawnReason``, and sets its state,
    /// `withdrawnAt` and reason. A message that is not `active` is left as it is (`changed` false,
    /// its own state, time and reason). `nil` when there is no such message.
    func withdrawMessage(_ messageId: String, reason: String, state: MessageState, at date: Date) async throws -> MessageWithdrawal?
    /// Withdraws up to `limit` active messages whose `expiresAt` is at or before `now`, each as
    /// ``withdrawMessage(_:reason:state:at:)`` with state `expired` and reason `expired`, in one
    /// transaction: a message is claimed by the update, so with several servers on one database
    /// each expiry is done once.
    func withdrawExpiredMessages(now: Date, limit: Int) async throws -> [MessageWithdrawal]
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

/// Responses and their topics' webhooks (their outbox is in ``DeliveryStore``).
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
}

/// The two outboxes (docs/push.md#how-a-send-becomes-pushes, docs/notify-api.md webhooks): the
/// deliveries of pushes, one lane per provider, and of responses to webhooks. A `DeliveryEngine`
/// claims due rows, leased to it until `leaseUntil`, and settles them; a row settled `delivered`,
/// `gone` or `failed` is never claimed again.
public protocol DeliveryStore: Sendable {
    /// Claims up to `limit` pending pushes of `provider` due at the rules' `now`, leased until
    /// `leaseUntil`. Each due row goes through ``PushClaimRules/decide(_:push:)``; in the same
    /// transaction the store leases the claimed rows and settles the dropped ones as `failed`
    /// with their reason, without returning them.
    func claimPushDeliveries(provider: String, leaseUntil: Date, limit: Int, rules: PushClaimRules) async throws -> [ClaimedPush]
    /// Records attempts at pushes; a `gone` one also removes its device's push token or Web Push
    /// subscription (when it is still the one the push went to).
    func settlePushDeliveries(_ results: [OutboxResult<ClaimedPush>]) async throws
    /// Whether a message is still `active` (`false` when withdrawn, expired or missing): a push
    /// engine asks right before sending a message's push, so that one claimed before its message
    /// was withdrawn is not sent.
    func messageIsActive(_ messageId: String) async throws -> Bool
    /// When the next pending push of `provider` is due (or its lease ends), `nil` when none is.
    func nextPushDueDate(provider: String) async throws -> Date?
    /// How many pushes of `provider` are pending, and the oldest due date.
    func pushOutboxStatistics(provider: String) async throws -> OutboxStatistics
    /// Claims up to `limit` undelivered webhook rows due at `now`, oldest first.
    func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int) async throws -> [WebhookDelivery]
    /// Records attempts at webhook deliveries.
    func settleWebhookDeliveries(_ results: [OutboxResult<WebhookDelivery>]) async throws
    /// When the next undelivered webhook row is due (or its lease ends), `nil` when none is.
    func nextWebhookDueDate() async throws -> Date?
    /// How many webhook rows wait, and the oldest due date.
    func webhookOutboxStatistics() async throws -> OutboxStatistics
    /// The pending deliveries of every lane (push providers by name, and `webhook`).
    func outboxStatistics() async throws -> [String: OutboxStatistics]
    /// The latest deliveries that did not go through (gone, failed, or pending after an error),
    /// newest first.
    func recentDeliveryProblems(limit: Int) async throws -> [DeliveryProblem]
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
public typealias NotifyStore = UserDirectory & DeviceStore & MessageStore & ResponseStore & DeliveryStore
    & DocumentStore & AnswerContextReading & ConsoleStore & OperatorStore & OperationStore & MessageListing
