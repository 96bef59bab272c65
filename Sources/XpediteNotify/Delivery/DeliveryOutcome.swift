/// What one attempt at a delivery came to (docs/push.md#how-a-send-becomes-pushes): the engine
/// records it on the delivery's row. A push provider or a webhook sender returns one for every
/// attempt; it never throws, so a failure is always a state with a reason.
public enum DeliveryOutcome: Sendable, Hashable {
    /// The service accepted it: `delivered`, and never sent again.
    case delivered
    /// The service said the target no longer exists: `gone`; a device's push target is removed
    /// and nothing more is sent to it.
    case gone(reason: String)
    /// A passing failure (429, 5xx, a dropped connection): tried again after the backoff, or
    /// after `after` when the service said so (`Retry-After`), whichever is later.
    case retry(reason: String, after: Duration? = nil)
    /// Refused for good (a malformed push, a revoked key): `failed`, not tried again.
    case failed(reason: String)

    /// The service's reason, `nil` when delivered.
    public var reason: String? {
        switch self {
        case .delivered: nil
        case .gone(let reason), .retry(let reason, _), .failed(let reason): reason
        }
    }
}
