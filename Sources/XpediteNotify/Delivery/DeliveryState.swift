/// The state of a delivery as `GET /messages/{id}` shows it
/// (docs/push.md#how-a-send-becomes-pushes).
public enum DeliveryState: String, Sendable, Hashable, CaseIterable {
    /// Not yet tried, or waiting to retry.
    case pending
    /// The push service accepted it.
    case delivered
    /// The service said the device no longer exists; its push target is removed.
    case gone
    /// Given up after the retries, or refused for good.
    case failed
}
