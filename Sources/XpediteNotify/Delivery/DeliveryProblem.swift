import Foundation

/// A delivery that did not go through (yet), as `xpedite notify deliveries` lists it.
public struct DeliveryProblem: Sendable, Hashable {
    /// The provider's name, or `webhook`.
    public var provider: String
    /// The message of a push; `nil` for a webhook.
    public var messageId: String?
    /// The device of a push, or the webhook's name.
    public var target: String
    /// `pending` (after a failed attempt), `gone` or `failed`.
    public var state: DeliveryState
    /// Attempts so far.
    public var attempts: Int
    /// The service's last reason.
    public var lastError: String?
    /// When it was last attempted (or settled).
    public var at: Date?

    /// Creates a problem record.
    public init(provider: String, messageId: String?, target: String, state: DeliveryState, attempts: Int,
                lastError: String?, at: Date?) {
        self.provider = provider
        self.messageId = messageId
        self.target = target
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.at = at
    }
}
