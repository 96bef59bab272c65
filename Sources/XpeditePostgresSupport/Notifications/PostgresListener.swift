import Foundation
import Logging
import NIOPosix
import PostgresNIO
import Synchronization

/// What a ``PostgresListener`` tells its subscribers.
public enum PostgresListenerEvent: Sendable, Hashable {
    /// The listener's connection listens (again): notifications sent while it did not were lost,
    /// so a subscriber re-reads what it follows from its cursor — the row is the truth, a
    /// notification only says when to look.
    case listening
    /// A notification's payload (a cursor, say), sent with `NOTIFY` or
    /// ``PostgresStoreDatabase/notify(_:payload:)`` by this server or any other.
    case notification(String)
}

/// `LISTEN` on one channel of a PostgreSQL database, for any number of subscribers in this
/// process: how a change committed by one server reaches the others (issue 18).
///
/// The listener keeps a connection of its own, outside the pool (a pooled connection would be
/// handed to queries and reclaimed), from ``run()`` until the task running it is cancelled. When
/// the connection fails, it reconnects after a pause that grows from 100 ms to 5 s, and says
/// ``PostgresListenerEvent/listening`` each time it listens again.
///
/// ```swift
/// let listener = PostgresListener(database: database, channel: "xpedite_notify_event")
/// Task { await listener.run() }
/// for await event in listener.events() { … }
/// ```
public final class PostgresListener: Sendable {
    /// The database listened to.
    public let database: PostgresStoreDatabase
    /// The channel's name.
    public let channel: String
    private let subscribers = Mutex<[UUID: AsyncStream<PostgresListenerEvent>.Continuation]>([:])
    /// Whether the connection listens now: a new subscriber is told at once.
    private let isListening = Mutex(false)

    /// Creates a listener; it listens once ``run()`` runs.
    public init(database: PostgresStoreDatabase, channel: String) {
        self.database = database
        self.channel = channel
    }

    /// The events from now on, until the listener stops or the stream is dropped. A subscriber
    /// that arrives while the connection listens gets ``PostgresListenerEvent/listening`` first.
    public func events() -> AsyncStream<PostgresListenerEvent> {
        let (stream, continuation) = AsyncStream<PostgresListenerEvent>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        if isListening.withLock({ $0 }) { continuation.yield(.listening) }
        return stream
    }

    /// Listens until the calling task is cancelled, reconnecting after failures; then ends every
    /// subscriber's stream.
    public func run() async {
        var pause: Duration = .milliseconds(100)
        while !Task.isCancelled {
            do {
                try await listenOnce()
                pause = .milliseconds(100)
            } catch {
                if Task.isCancelled { break }
                database.logger.warning("LISTEN \(channel) failed, listening again in \(pause): \(PostgresStoreDatabase.reason(of: error))")
            }
            isListening.withLock { $0 = false }
            do {
                try await Task.sleep(for: pause)
            } catch {
                break  // cancelled while pausing: stop
            }
            pause = min(pause * 2, .seconds(5))
        }
        isListening.withLock { $0 = false }
        for continuation in subscribers.withLock({ $0.values }) { continuation.finish() }
    }

    /// One connection: listen, pass notifications on until the connection ends or the task is
    /// cancelled.
    private func listenOnce() async throws {
        let logger = database.logger
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: database.url.connectionConfiguration(),
            id: 1, logger: logger)
        do {
            try await connection.listen(on: channel) { notifications in
                isListening.withLock { $0 = true }
                broadcast(.listening)
                for try await notification in notifications {
                    broadcast(.notification(notification.payload))
                }
            }
        } catch {
            await close(connection)
            throw error
        }
        await close(connection)
    }

    private func broadcast(_ event: PostgresListenerEvent) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    private func close(_ connection: PostgresConnection) async {
        do {
            try await connection.close()
        } catch {
            database.logger.debug("closing the LISTEN connection failed: \(error)")
        }
    }
}

extension PostgresStoreDatabase {
    /// Sends `payload` to every listener of `channel` (`pg_notify`); inside a transaction it is
    /// delivered when the transaction commits, and not at all if it rolls back.
    public func notify(_ channel: String, payload: String) async throws {
        try await client.query("SELECT pg_notify(\(channel), \(payload))", logger: logger)
    }
}
