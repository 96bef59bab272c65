import Foundation

/// What the console's People and Operation sections need beyond the other stores
/// (docs/notify-api.md#operation): revoking a device, the webhooks with their recent deliveries,
/// retrying the outbox now, and the sends and answers of each hour.
public protocol OperationStore: Sendable {
    /// Removes the device `deviceId` of `username` and, in the same transaction, settles its
    /// pending pushes as `failed` with `reason` (settled at `date`): its token stops working at
    /// once. `false` when that user has no such device.
    func revokeDevice(username: String, deviceId: String, reason: String, at date: Date) async throws -> Bool
    /// Every webhook, by name.
    func webhooks() async throws -> [Webhook]
    /// The latest `limit` deliveries to the webhook `name`, newest first.
    func recentWebhookDeliveries(webhook name: String, limit: Int) async throws -> [WebhookDeliveryRecord]
    /// Makes the outboxes' waiting rows due at `now`: pending pushes and webhook rows not leased
    /// to a server, and pushes settled `failed` since `failedSince` (except those of a withdrawn
    /// message), which become pending again. The claim rules still drop what is no longer worth
    /// sending (answered, withdrawn, too old, device gone).
    func retryOutbox(now: Date, failedSince: Date) async throws -> OutboxRetry
    /// The messages sent and the responses received in each hour from `since` (inclusive) to
    /// `until` (exclusive), by the hour's start (hours with neither are left out).
    func hourlyActivity(since: Date, until: Date) async throws -> [HourlyActivity]
}
