import AsyncHTTPClient
import Foundation
import ServiceLifecycle

/// The delivery engines of a notifier, one per lane: one per push provider (its outbox, its
/// retry policy, its wake-up) and one for the webhooks. The notifier runs them as its services
/// and wakes a lane when it queues work for it.
struct DeliveryLanes {
    /// Each push provider's lane, by the provider's name.
    let push: [String: PushLane]
    /// The engines, to run with the application.
    let services: [any Service]
    /// What the push engines ask before sending a message's push.
    let activeMessages: ActiveMessageCheck

    /// The lanes of `configuration`'s push providers and of the webhooks, on `store`.
    init(configuration: NotifyConfiguration, store: any NotifyStore, webhookWakeup: DeliveryWakeup) {
        let metrics = DeliveryMetrics(factory: configuration.metricsFactory)
        var lanes: [String: PushLane] = [:]
        var services: [any Service] = []
        let activeMessages = ActiveMessageCheck(store: store)
        for provider in configuration.allPushProviders where lanes[provider.name] == nil {
            let lane = PushLane(provider: provider, wakeup: DeliveryWakeup())
            lanes[provider.name] = lane
            services.append(DeliveryEngine(
                lane: provider.name,
                queue: PushOutbox(store: store, provider: provider.name, needsPushTarget: provider.needsPushTarget,
                                  giveUpAfter: configuration.pushRetry.giveUpAfter),
                sender: PushSender(provider: provider, activeMessages: activeMessages), policy: configuration.pushRetry, wakeup: lane.wakeup,
                metrics: metrics, logger: configuration.logger, now: configuration.now))
        }
        services.append(DeliveryEngine(
            lane: "webhook", queue: WebhookOutbox(store: store),
            sender: WebhookSender(client: configuration.httpClient ?? HTTPClient.shared, timeout: configuration.webhookRetry.timeout),
            policy: configuration.webhookRetry, wakeup: webhookWakeup, metrics: metrics, logger: configuration.logger,
            now: configuration.now))
        push = lanes
        self.activeMessages = activeMessages
        self.services = services
    }
}

/// A push provider and the wake-up of its delivery engine.
struct PushLane: Sendable {
    let provider: any PushProvider
    let wakeup: DeliveryWakeup
}
