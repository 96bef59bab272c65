import Foundation

/// What withdrawing a message did in the store (``MessageStore/withdrawMessage(_:reason:state:at:)``):
/// its state afterwards, and who to tell.
public struct MessageWithdrawal: Sendable, Hashable {
    /// The message.
    public var messageId: String
    /// `withdrawn` or `expired` (the state it had when it was withdrawn before).
    public var state: MessageState
    /// When it was withdrawn.
    public var withdrawnAt: Date
    /// Why (`expired` for an expiry, the sender's text or an empty string otherwise).
    public var reason: String
    /// The recipients who had not answered, sorted: their inboxes lose the message.
    public var unanswered: [String]
    /// Whether this call withdrew it (`false`: it was withdrawn before and nothing changed).
    public var changed: Bool
    /// The push providers a withdrawal push was queued for (their engines are woken).
    public var providers: Set<String>

    /// Creates a withdrawal record.
    public init(messageId: String, state: MessageState, withdrawnAt: Date, reason: String, unanswered: [String], changed: Bool,
                providers: Set<String>) {
        self.messageId = messageId
        self.state = state
        self.withdrawnAt = withdrawnAt
        self.reason = reason
        self.unanswered = unanswered
        self.changed = changed
        self.providers = providers
    }
}
