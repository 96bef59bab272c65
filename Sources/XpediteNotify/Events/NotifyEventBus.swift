import ServiceLifecycle

/// The one way news travels between the parts of a notification server and between servers on
/// one store (issue 27): answers, sent and withdrawn messages and "work is due" go in through
/// ``publish(_:)``; the topic streams, the device event streams, the webhooks and the delivery
/// engines get them from ``subscribe()``.
///
/// ``InProcessEventBus`` serves one process (SQLite, tests); XpediteNotifyPostgres'
/// `PostgresEventBus` carries events between every server on one PostgreSQL database with
/// `LISTEN`/`NOTIFY`. Pass one in ``NotifyConfiguration/eventBus``.
///
/// A bus hands each event published in this process to this process' subscribers once, at
/// once, and the events of the other servers once each when they arrive.
public protocol NotifyEventBus: Sendable {
    /// Hands `event` to every subscriber, here and on the other servers of the store.
    func publish(_ event: NotifyEvent) async throws

    /// Hands `events` to every subscriber, in order; a bus may carry them together.
    func publish(_ events: [NotifyEvent]) async throws

    /// The events published from now on, in the order this process learns of them, until the
    /// stream is dropped or cancelled (which ends the subscription).
    func subscribe() -> AsyncStream<NotifyEvent>

    /// What the bus needs running with the application (a database listener); none by default.
    var services: [any Service] { get }
}

extension NotifyEventBus {
    /// Publishes each event in turn.
    public func publish(_ events: [NotifyEvent]) async throws {
        for event in events { try await publish(event) }
    }

    /// Nothing to run.
    public var services: [any Service] { [] }
}
