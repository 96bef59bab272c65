import Foundation

/// The pushes of one provider in the store, as a ``DeliveryEngine`` claims and settles them.
struct PushOutbox: OutboxQueue {
    let store: any DeliveryStore
    /// The provider's name: the lane of the outbox.
    let provider: String
    /// Whether a device without a push token gets a `failed` delivery instead of an attempt.
    let needsPushTarget: Bool
    /// Pushes of messages older than this are given up, and expire then at the push service.
    let giveUpAfter: Duration?

    func claim(now: Date, leaseUntil: Date, limit: Int) async throws -> [ClaimedPush] {
        try await store.claimPushDeliveries(provider: provider, leaseUntil: leaseUntil, limit: limit,
                                            rules: PushClaimRules(now: now, needsPushTarget: needsPushTarget,
                                                                  giveUpAfter: giveUpAfter))
    }

    func settle(_ results: [OutboxResult<ClaimedPush>]) async throws {
        try await store.settlePushDeliveries(results)
    }

    func nextDueDate() async throws -> Date? {
        try await store.nextPushDueDate(provider: provider)
    }

    func statistics() async throws -> OutboxStatistics {
        try await store.pushOutboxStatistics(provider: provider)
    }
}

/// A push provider as the sender of its outbox. A message's push is sent only while its message
/// is active: one claimed before a withdrawal ends `failed` ("withdrawn") without being sent.
struct PushSender: OutboxSender {
    let provider: any PushProvider
    let activeMessages: ActiveMessageCheck

    var concurrency: Int { provider.concurrency }

    func send(_ item: ClaimedPush) async -> DeliveryOutcome {
        let push = item.delivery.push
        if push.kind == .message {
            do {
                guard try await activeMessages.isActive(push.messageId) else {
                    return .failed(reason: PushClaimRules.withdrawnReason)
                }
            } catch {
                return .retry(reason: "the message's state is unreadable: \(error)")
            }
        }
        return await provider.deliver(item.delivery)
    }
}
