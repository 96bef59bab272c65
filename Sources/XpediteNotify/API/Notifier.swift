import AsyncHTTPClient
import Foundation
import Logging
import ServiceLifecycle
import XpediteProtocol

/// The notification server (NOTIFY-API.md): users and groups, devices, messages, validated
/// responses and their topics. Backend code in the same process uses its Swift API; everyone
/// else uses the routes it mounts on a Hummingbird router.
///
/// ```swift
/// let notifier = try Notifier(configuration: NotifyConfiguration(dataDirectory: dir, apiKeys: [key]))
/// try notifier.mount(on: router)                      // /notify/v1/…
/// let app = Application(router: router, services: notifier.services)
///
/// let sent = try await notifier.sendPayload(payload, title: "Colour", body: "Pick one", to: .users(["joe"]))
/// for try await response in notifier.responses(on: "/a/b/c") { … }
/// ```
public final class Notifier: Sendable {
    /// The configuration it was made with.
    public let configuration: NotifyConfiguration
    /// Where everything is stored.
    public let store: any NotifyStore
    /// Delivers the webhook outbox; run it with the application (``services``).
    public let webhookDispatcher: WebhookDispatcher

    let hub = TopicHub()
    let apiKeys: APIKeys
    let hasher: PasswordHasher
    var logger: Logger { configuration.logger }

    /// A notifier storing everything in `store`, by default SQLite in the data directory.
    public init(configuration: NotifyConfiguration, store: (any NotifyStore)? = nil) throws {
        self.configuration = configuration
        let store = try store ?? SQLiteNotifyStore(directory: configuration.dataDirectory)
        self.store = store
        apiKeys = APIKeys(configuration.apiKeys)
        hasher = PasswordHasher(cost: configuration.bcryptCost)
        webhookDispatcher = WebhookDispatcher(store: store, client: configuration.httpClient ?? HTTPClient.shared,
                                              policy: configuration.webhookRetry, logger: configuration.logger,
                                              now: configuration.now, wakeup: Wakeup())
    }

    /// The services to run with the application: the webhook dispatcher.
    public var services: [any Service] { [webhookDispatcher] }

    /// Every response published to `topic` from now on.
    public func responses(on topic: String) -> ResponseSubscription {
        ResponseSubscription(hub: hub, topic: topic)
    }

    /// Every response published to `topic` from now on.
    public func responses(on topic: Topic) -> ResponseSubscription {
        responses(on: topic.rawValue)
    }

    /// How many in-process subscriptions (Swift and Server-Sent Events) follow `topic`.
    public func subscriberCount(on topic: String) -> Int {
        hub.subscriberCount(topic)
    }

    /// Now, as an ISO 8601 UTC string.
    func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
