import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import XpediteNotify
import XpeditePostgresSupport

/// The event bus (`NotifyEventBus`) of several servers on one PostgreSQL database, on
/// `LISTEN`/`NOTIFY` (issue 27): an answer, a sent message or queued deliveries published by
/// one server reach the topic streams, device event streams, webhooks and delivery engines of
/// every server, so that a send accepted by one server wakes the delivery engine of whichever
/// server claims it.
///
/// ``publish(_:)`` hands the event to this server's subscribers at once, in process, then sends
/// it on ``channel`` with `pg_notify` (``PostgresEventPayload``: ids and a cursor, never a row;
/// well under `NOTIFY`'s 8,000 bytes). The listener, one connection of its own kept by
/// `PostgresListener` (reconnecting with a pause growing from 100 ms to 5 s), hands the other
/// servers' events to this server's subscribers and drops this server's own (they were handed
/// over already): each subscriber gets each event once. Each time the listener listens again,
/// notifications may have been lost meanwhile, so subscribers get
/// `NotifyEvent.eventsMayBeLost` and re-read what they follow.
///
/// ```swift
/// let database = try await PostgresStoreDatabase.connect(url)
/// configuration.eventBus = PostgresEventBus(database: database)
/// let notifier = try Notifier(configuration: configuration, store: try await PostgresNotifyStore(database: database))
/// // notifier.services includes the bus' listener: run them with the application
/// ```
public final class PostgresEventBus: NotifyEventBus, Service {
    /// The channel every server of the database listens on.
    public static let channel = "xpedite_notify_event"

    /// This server's name in what it sends, so that its listener skips its own events.
    public let instanceID = UUID().uuidString.lowercased()
    private let database: PostgresStoreDatabase
    private let local = InProcessEventBus()
    private let listener: PostgresListener
    private var logger: Logger { database.logger }

    /// A bus on `database`; it hears the other servers once ``run()`` runs (it is among
    /// ``services``, which a `Notifier` runs with its own).
    public init(database: PostgresStoreDatabase) {
        self.database = database
        self.listener = PostgresListener(database: database, channel: Self.channel)
    }

    /// Publishes one event.
    public func publish(_ event: NotifyEvent) async throws {
        try await publish([event])
    }

    /// Hands `events` to this server's subscribers, then sends them to the other servers in one
    /// statement (delivered in order).
    ///
    /// - Throws: the database's error when the notifications could not be sent; this server's
    ///   subscribers had the events already.
    public func publish(_ events: [NotifyEvent]) async throws {
        guard !events.isEmpty else { return }
        for event in events { local.publish(event) }
        let payloads = try events.map { try PostgresEventPayload($0, from: instanceID).text() }
        try await database.client.query("SELECT pg_notify(\(Self.channel), p) FROM unnest(\(payloads)::text[]) AS x(p)",
                                        logger: logger)
    }

    /// This server's subscription: its own events and every other server's.
    public func subscribe() -> AsyncStream<NotifyEvent> {
        local.subscribe()
    }

    /// The listener.
    public var services: [any Service] { [self] }

    /// Listens and hands the other servers' events to this server's subscribers until cancelled
    /// or the application shuts down.
    public func run() async throws {
        try await listener.run { event in
            switch event {
            case .listening:
                local.publish(.eventsMayBeLost)
            case .notification(let text):
                guard let payload = PostgresEventPayload(text: text) else {
                    logger.warning("ignoring a malformed event on \(Self.channel): \(text.prefix(200))")
                    return
                }
                guard payload.instance != instanceID else { return }   // this server's own: handed over already
                guard let event = payload.event else {
                    logger.warning("ignoring an event of an unknown kind on \(Self.channel): \(text.prefix(200))")
                    return
                }
                local.publish(event)
            }
        }
    }

    /// Returns once the listener listens (at once when it already does): what other servers
    /// publish from then on reaches this server's subscribers.
    public func listening() async {
        await listener.listening()
    }
}
