import Foundation

/// What a claim of the push outbox does with each due row, the same on every store: a store reads
/// the rows (``DuePush``), asks ``decide(_:push:)`` and stores the answer, leasing the claimed rows
/// and settling the dropped ones as `failed` with the reason, in its claim's transaction.
///
/// A row is dropped when its message was withdrawn (not a withdrawal push, of course), the
/// recipient answered the message, the device logged out, the message
/// is older than ``giveUpAfter``, or (``needsPushTarget``) the device has neither a push token nor
/// a Web Push subscription. A claimed push expires (APNs' `apns-expiration`, Web Push's `TTL`)
/// when the delivery engine would give it up: ``giveUpAfter`` after its message was sent, at most
/// ``longestExpiry``.
public struct PushClaimRules: Sendable, Hashable {
    /// The claim's time.
    public var now: Date
    /// Whether a device without a push target gets a `failed` delivery instead of an attempt.
    public var needsPushTarget: Bool
    /// How long after its message a push is given up (`pushRetry.giveUpAfter`); `nil` never.
    public var giveUpAfter: Duration?

    /// The longest a push is kept by a push service: 28 days, the longest `TTL` Web Push services
    /// take (FCM's limit); also the expiry when pushes are never given up.
    public static let longestExpiry: Duration = .seconds(28 * 86_400)

    /// The `lastError` of a message's push dropped because the message was withdrawn or expired.
    public static let withdrawnReason = "withdrawn"

    /// The rules of a claim at `now`.
    public init(now: Date, needsPushTarget: Bool, giveUpAfter: Duration?) {
        self.now = now
        self.needsPushTarget = needsPushTarget
        self.giveUpAfter = giveUpAfter
    }

    /// What a claim does with one due row.
    public enum Decision: Sendable, Hashable {
        /// Lease the row and attempt the push.
        case claim(ClaimedPush)
        /// Settle the row as `failed` with this reason, without an attempt.
        case drop(reason: String)
    }

    /// Why `due` needs no attempt, `nil` when it does.
    public func dropReason(_ due: DuePush) -> String? {
        if due.kind == .message, due.withdrawn { return Self.withdrawnReason }
        if due.kind == .message, due.answered { return "the recipient answered the message" }
        guard let device = due.device else { return "the device logged out" }
        if let giveUpAfter, due.sentAt < now.addingTimeInterval(-giveUpAfter.seconds) {
            return "given up: the message is older than the retry window"
        }
        if needsPushTarget, device.pushToken == nil, device.webPush == nil { return "the device has no push token" }
        return nil
    }

    /// When a push of a message sent at `sentAt` stops being worth showing.
    public func expiry(ofMessageSentAt sentAt: Date) -> Date {
        let keep = min(giveUpAfter ?? Self.longestExpiry, Self.longestExpiry)
        return sentAt.addingTimeInterval(keep.seconds)
    }

    /// The decision for `due`; `push` makes the push (title, body, payload) of a claimed row only.
    public func decide(_ due: DuePush, push: () throws -> Push) rethrows -> Decision {
        if let reason = dropReason(due) { return .drop(reason: reason) }
        guard let device = due.device else { return .drop(reason: "the device logged out") }
        let made: Push
        if due.kind == .withdrawal {
            made = .withdrawal(of: due.messageId)
        } else {
            made = try push()
        }
        let delivery = PushDelivery(deliveryId: due.deliveryId, push: made, device: device, attempts: due.attempts,
                                    expiresAt: expiry(ofMessageSentAt: due.sentAt))
        return .claim(ClaimedPush(key: due.key, delivery: delivery, sentAt: due.sentAt))
    }
}
