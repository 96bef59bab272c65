/// Delivers pushes to devices of one kind (APNs, FCM, Web Push, a log, a test double). The
/// delivery engine calls ``deliver(_:)`` for each due delivery of the provider, at most
/// ``concurrency`` at a time, and records the outcome (docs/push.md#how-a-send-becomes-pushes).
public protocol PushProvider: Sendable {
    /// The provider's name, recorded with each delivery (`log`, `apns`, `fcm`, `webpush`, `test`).
    var name: String { get }
    /// The largest push it carries, in bytes (2 KB by default): a direct payload that makes the
    /// push larger stays out of it.
    var maximumPushSize: Int { get }
    /// How many deliveries it sends at once (64 by default).
    var concurrency: Int { get }
    /// Whether a device needs a push token (or subscription) for it; a device without one gets
    /// a `failed` delivery. The logging provider needs none.
    var needsPushTarget: Bool { get }
    /// One attempt at one delivery. Never throws: every failure is an outcome with its reason.
    func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome
}

extension PushProvider {
    /// 2 KB.
    public var maximumPushSize: Int { 2048 }
    /// 64.
    public var concurrency: Int { 64 }
    /// `true`.
    public var needsPushTarget: Bool { true }
}
