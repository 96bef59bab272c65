import Foundation
import Logging
import ServiceLifecycle
import XpediteBarcode
import XpediteProtocol

/// The notification server (docs/notify-api.md): messages, validated responses and their
/// topics, with the people they go to (``people``), their documents (``documents``), the
/// console's accounts (``consoleAccounts``) and its operation (``operation``). Backend code in
/// the same process uses its Swift API; everyone else uses the routes it mounts on a Hummingbird
/// router.
///
/// ```swift
/// let configuration = NotifyConfiguration(dataDirectory: dir, apiKeys: [key])
/// let notifier = try Notifier(configuration: configuration,
///                             store: SQLiteNotifyStore(directory: dir))   // import XpediteNotifySQLite
/// try notifier.mount(on: router)                      // /notify/v1/…
/// try await notifier.people.putUser("joe", password: "secret")
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
    /// The notifier's background work, to run with the application: the delivery engines (one per
    /// push provider and one for the webhooks), what the event bus needs running (a database
    /// listener) and the expiry sweep that withdraws expired messages.
    public var services: [any Service] {
        let sweep: any Service = ExpirySweep(notifier: self, interval: configuration.expirySweepInterval)
        return deliveryEngines + eventBus.services + [sweep]
    }
    /// The delivery engines: one per push provider and one for the webhooks.
    let deliveryEngines: [any Service]
    /// The bus this notifier publishes to and listens on (``NotifyConfiguration/eventBus``).
    public let eventBus: any NotifyEventBus
    /// The task handing the bus' events to this notifier's listeners, for as long as it lives.
    private let dispatch: Task<Void, Never>

    /// Each push provider's wake-up, by the provider's name.
    let pushLanes: [String: PushLane]
    /// What the push engines ask before sending a message's push (a withdrawal here tells it).
    let activeMessages: ActiveMessageCheck
    /// The VAPID key browsers subscribe with, when Web Push is on.
    public let webPushKey: VAPIDKey?
    /// The push services a browser's subscription may name.
    let webPushAllowlist: WebPushAllowlist
    /// The webhook engine's wake-up.
    let webhookWakeup = DeliveryWakeup()
    /// Published responses, by topic.
    let hub = SubscriberHub<PublishedResponse>()
    /// Device events, by username.
    let deviceEvents = SubscriberHub<DeviceEvent>()
    let apiKeys: APIKeys
    /// The payloads being answered, read and with their rules compiled (decision 0555).
    let answeredPayloads: AnsweredPayloadCache
    /// Users, their groups and the devices they sign in on.
    public let people: NotifyPeople
    /// Uploaded documents, the documents payloads show, and pictures read for codes.
    public let documents: NotifyDocuments
    /// The console's operators and their sessions.
    public let consoleAccounts: ConsoleAccounts
    /// The console's Operation section: webhooks, the outbox retried, activity by hour.
    public let operation: NotifyOperation
    /// The responses of a topic as the exports read them.
    public let exports: ResponseExport
    var logger: Logger { configuration.logger }

    /// A notifier storing everything in `store`: `SQLiteNotifyStore(directory:)` (target
    /// XpediteNotifySQLite) keeps it in the data directory.
    ///
    /// - Throws: ``PushConfigurationError`` for an unusable VAPID key file.
    public init(configuration: NotifyConfiguration, store: any NotifyStore) throws {
        self.store = store
        apiKeys = APIKeys(configuration.apiKeys)
        answeredPayloads = AnsweredPayloadCache(capacity: configuration.answeredPayloadCacheLimit,
                                                byteCapacity: configuration.answeredPayloadCacheBytes)
        let hasher = PasswordHasher(cost: configuration.bcryptCost)
        people = NotifyPeople(store: store, hasher: hasher, clock: configuration.now)
        documents = NotifyDocuments(store: store, maximumDocumentSize: configuration.maximumDocumentSize,
                                    barcodeReader: BarcodeReader(libraries: configuration.barcodeLibraries,
                                                                 maximumPixels: configuration.maximumBarcodePixels))
        var configuration = configuration
        webPushAllowlist = configuration.webPush?.allowlist ?? .default
        if let webPush = configuration.webPush {
            let key = try webPush.key ?? VAPIDKey.load(file: webPush.keyFile, directory: configuration.dataDirectory)
            webPushKey = key
            if configuration.pushProviders["web"] == nil {
                configuration.pushProviders["web"] = webPush.makeProvider(key: key, logger: configuration.logger,
                                                                          now: configuration.now)
            }
        } else {
            webPushKey = nil
        }
        self.configuration = configuration
        let lanes = DeliveryLanes(configuration: configuration, store: store, webhookWakeup: webhookWakeup)
        pushLanes = lanes.push
        activeMessages = lanes.activeMessages
        deliveryEngines = lanes.services
        consoleAccounts = ConsoleAccounts(store: store, hasher: hasher, settings: configuration.console, clock: configuration.now)
        operation = NotifyOperation(store: store, configuration: configuration,
                                    wakeups: lanes.push.values.map(\.wakeup) + [webhookWakeup])
        exports = ResponseExport(store: store)
        eventBus = configuration.eventBus
        // Subscribed now, so that nothing published from here on is missed.
        let events = configuration.eventBus.subscribe()
        var wakeups = lanes.push.mapValues(\.wakeup)
        wakeups[NotifyEventDispatcher.webhookLane] = webhookWakeup
        let dispatcher = NotifyEventDispatcher(store: store, topics: hub, deviceEvents: deviceEvents,
                                               activeMessages: lanes.activeMessages, wakeups: wakeups,
                                               logger: configuration.logger)
        dispatch = Task { await dispatcher.run(events) }
    }

    deinit {
        dispatch.cancel()
    }

    /// Every response published to `topic` from now on.
    public func responses(on topic: String) -> ResponseSubscription {
        ResponseSubscription(hub: hub, topic: topic)
    }

    /// Every response published to `topic` from now on.
    public func responses(on topic: Topic) -> ResponseSubscription {
        responses(on: topic.rawValue)
    }

    /// Now, as an ISO 8601 UTC string.
    func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
