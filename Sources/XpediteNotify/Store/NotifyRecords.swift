import Foundation
import XpediteProtocol

/// A user of the directory, as the API shows it (never with the password).
public struct NotifyUser: Sendable, Hashable {
    /// The login name (often an e-mail address), 1…256 characters.
    public var username: String
    /// The name shown to people.
    public var displayName: String
    /// The groups the user is a member of, sorted.
    public var groups: [String]
    /// How many devices the user has registered.
    public var devices: Int

    /// Creates a user record.
    public init(username: String, displayName: String, groups: [String], devices: Int) {
        self.username = username
        self.displayName = displayName
        self.groups = groups
        self.devices = devices
    }
}

/// A registered device (a push target): one per `deviceId` and user.
public struct NotifyDevice: Sendable, Hashable {
    /// The store's key of the device.
    public var key: Int64
    /// The user it is logged in as.
    public var username: String
    /// The id the device gave itself.
    public var deviceId: String
    /// A readable description, `HTC Desire 310`.
    public var deviceName: String
    /// `ios`, `android` or `web`.
    public var platform: String
    /// The push provider's token of the device, when it gave one and its push service has not
    /// said it is gone.
    public var pushToken: String?
    /// The browser's push subscription (platform `web`), when it gave one and its push service has
    /// not said it is gone.
    public var webPush: WebPushSubscription?
    /// When the device last logged in or used its token.
    public var lastSeen: Date?

    /// Creates a device record.
    public init(key: Int64, username: String, deviceId: String, deviceName: String, platform: String, pushToken: String?,
                webPush: WebPushSubscription? = nil, lastSeen: Date? = nil) {
        self.key = key
        self.username = username
        self.deviceId = deviceId
        self.deviceName = deviceName
        self.platform = platform
        self.pushToken = pushToken
        self.webPush = webPush
        self.lastSeen = lastSeen
    }

    /// Whether pushes can reach it: it has a push token or a Web Push subscription (`pushTarget`
    /// of docs/notify-api.md).
    public var hasPushTarget: Bool { pushToken != nil || webPush != nil }
}

/// A message: a payload sent to users, with its per-recipient state and per-device deliveries.
public struct NotifyMessage: Sendable, Hashable {
    /// The message's id (a UUID, lowercase).
    public var messageId: String
    /// The push's title.
    public var title: String
    /// The push's body.
    public var body: String
    /// The payload, with a named payload already resolved into its fields.
    public var payload: Payload
    /// Whether the payload was asked to travel inside the push.
    public var direct: Bool
    /// When it was sent.
    public var sentAt: Date
    /// Every recipient and whether they answered.
    public var recipients: [Recipient]
    /// Every delivery to a device (the withdrawal pushes too: ``Delivery/kind``).
    public var deliveries: [Delivery]
    /// After this the message is withdrawn by itself (reason `expired`); `nil` never.
    public var expiresAt: Date?
    /// `active`, `withdrawn` or `expired`.
    public var state: MessageState
    /// When it was withdrawn or expired.
    public var withdrawnAt: Date?
    /// Why it was withdrawn (`expired` for an expiry).
    public var withdrawReason: String?
    /// The named payload it was sent by (the send's `payloadName`, before it was resolved); `nil`
    /// when it was sent with its fields (decision 0510).
    public var payloadName: String?

    /// Creates a message record.
    public init(messageId: String, title: String, body: String, payload: Payload, direct: Bool, sentAt: Date,
                recipients: [Recipient] = [], deliveries: [Delivery] = [], expiresAt: Date? = nil,
                state: MessageState = .active, withdrawnAt: Date? = nil, withdrawReason: String? = nil,
                payloadName: String? = nil) {
        self.messageId = messageId
        self.title = title
        self.body = body
        self.payload = payload
        self.direct = direct
        self.sentAt = sentAt
        self.recipients = recipients
        self.deliveries = deliveries
        self.expiresAt = expiresAt
        self.state = state
        self.withdrawnAt = withdrawnAt
        self.withdrawReason = withdrawReason
        self.payloadName = payloadName
    }

    /// One recipient of a message.
    public struct Recipient: Sendable, Hashable {
        /// The user.
        public var username: String
        /// When they answered; `nil` while pending.
        public var answeredAt: Date?

        /// Creates a recipient.
        public init(username: String, answeredAt: Date? = nil) {
            self.username = username
            self.answeredAt = answeredAt
        }

        /// `pending` or `answered`.
        public var state: String { answeredAt == nil ? "pending" : "answered" }
    }

    /// One push to one device.
    public struct Delivery: Sendable, Hashable {
        /// The store's key of the delivery.
        public var key: Int64
        /// The device's own id.
        public var deviceId: String
        /// The store's key of the device (``NotifyDevice/key``).
        public var deviceKey: Int64
        /// The push provider's name.
        public var provider: String
        /// `pending`, `delivered`, `gone` or `failed` (docs/push.md#how-a-send-becomes-pushes).
        public var state: DeliveryState
        /// How many attempts were made.
        public var attempts: Int
        /// The provider's last error.
        public var lastError: String?
        /// The message's push, or a withdrawal push.
        public var kind: PushKind

        /// Creates a delivery.
        public init(key: Int64, deviceId: String, deviceKey: Int64, provider: String, state: DeliveryState, attempts: Int,
                    lastError: String? = nil, kind: PushKind = .message) {
            self.kind = kind
            self.key = key
            self.deviceId = deviceId
            self.deviceKey = deviceKey
            self.provider = provider
            self.state = state
            self.attempts = attempts
            self.lastError = lastError
        }
    }
}

/// A start request (the app's Start tab, docs/notify-api.md): a form a user may fill in at any
/// time.
public struct StartRequest: Sendable, Hashable {
    /// Its name, the key it is stored and answered under.
    public var name: String
    /// The title shown in the list.
    public var title: String
    /// The text shown under the title.
    public var body: String
    /// The payload: topic, fields and state.
    public var payload: Payload

    /// Creates a start request.
    public init(name: String, title: String, body: String, payload: Payload) {
        self.name = name
        self.title = title
        self.body = body
        self.payload = payload
    }
}

/// A response as stored: its cursor on the topic and its published JSON.
public struct StoredResponse: Sendable, Hashable {
    /// The position of the response in the store; cursors of one topic increase.
    public var cursor: Int64
    /// The device-made id.
    public var responseId: String
    /// Who answered.
    public var username: String
    /// The message answered, if any.
    public var messageId: String?
    /// The start request answered, if any.
    public var request: String?
    /// The topic.
    public var topic: String
    /// The response object as published, canonical JSON.
    public var json: Data

    /// Creates a stored response.
    public init(cursor: Int64, responseId: String, username: String, messageId: String?, request: String?,
                topic: String, json: Data) {
        self.cursor = cursor
        self.responseId = responseId
        self.username = username
        self.messageId = messageId
        self.request = request
        self.topic = topic
        self.json = json
    }
}

/// What storing a response did.
public enum ResponseRecordOutcome: Sendable, Hashable {
    /// Stored, with its outbox rows, in one transaction.
    case stored(StoredResponse)
    /// The same `responseId` was stored before: nothing changed.
    case duplicate(StoredResponse)
    /// The user already answered this message with another response.
    case alreadyAnswered
    /// The message was withdrawn or expired: nothing was stored (410 `message_withdrawn`).
    case withdrawn
}

/// A webhook (docs/notify-api.md): every response on `topic` is POSTed to `url`, signed with
/// `secret`.
public struct Webhook: Sendable, Hashable {
    /// Its name.
    public var name: String
    /// The topic it follows.
    public var topic: String
    /// Where responses are POSTed.
    public var url: String
    /// The HMAC-SHA256 key of the signature.
    public var secret: String

    /// Creates a webhook.
    public init(name: String, topic: String, url: String, secret: String) {
        self.name = name
        self.topic = topic
        self.url = url
        self.secret = secret
    }
}

/// One pending POST of a response to a webhook (a row of the outbox).
public struct WebhookDelivery: Sendable, Hashable {
    /// The store's key.
    public var key: Int64
    /// The `X-Xpedite-Delivery` id.
    public var deliveryId: String
    /// The webhook's name.
    public var webhook: String
    /// Where to POST.
    public var url: String
    /// The signing secret.
    public var secret: String
    /// The raw body: the response object as published.
    public var body: Data
    /// Attempts so far.
    public var attempts: Int

    /// Creates a delivery.
    public init(key: Int64, deliveryId: String, webhook: String, url: String, secret: String, body: Data, attempts: Int) {
        self.key = key
        self.deliveryId = deliveryId
        self.webhook = webhook
        self.url = url
        self.secret = secret
        self.body = body
        self.attempts = attempts
    }
}

/// An uploaded document's metadata.
public struct DocumentRecord: Sendable, Hashable {
    /// `rcs/image/<uuid>.jpg`, `rcs/audio/<uuid>.m4a` or `rcs/video/<uuid>.mp4`.
    public var name: String
    /// `image`, `audio` or `video`.
    public var kind: DocumentKind
    /// Who uploaded it.
    public var owner: String
    /// Its size in bytes.
    public var size: Int
    /// Creates a document record.
    public init(name: String, kind: DocumentKind, owner: String, size: Int) {
        self.name = name
        self.kind = kind
        self.owner = owner
        self.size = size
    }
}
