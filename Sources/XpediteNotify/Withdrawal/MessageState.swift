/// Whether a message can still be answered (docs/notify-api.md#delete-messagesmessageid): `active`
/// until it is withdrawn (`DELETE /messages/{id}`) or its `expiresAt` passes.
public enum MessageState: String, Sendable, Hashable, CaseIterable {
    /// In its recipients' inboxes, open to answers.
    case active
    /// Taken back by its sender.
    case withdrawn
    /// Withdrawn by itself when its `expiresAt` passed (reason `expired`).
    case expired

    /// Whether the message still stands.
    public var isActive: Bool { self == .active }
}
