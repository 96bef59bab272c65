import Foundation
import Logging
import ServiceLifecycle
import XpediteNotify
import XpeditePostgresSupport

/// Publishes every response stored on the database — by this server or any other — to this
/// server's subscribers (`Notifier.responses(on:)` and the Server-Sent Events of `GET /events`),
/// in cursor order, once each (issue 18).
///
/// `PostgresNotifyStore` announces each response on ``PostgresNotifyStore/responseChannel`` when
/// its transaction commits (`"<cursor> <topic>"`). The relay listens (``PostgresListener``) and,
/// for a topic this server has subscribers on, reads the rows after the last cursor it published
/// and publishes them: the notification says when to look, the rows say what to publish. After a
/// reconnection (notifications were lost meanwhile) it re-reads every topic it follows. Set
/// `NotifyConfiguration.publishesStoredResponses` to `false` on the notifier, so that its own
/// responses are published by the relay only.
///
/// ```swift
/// configuration.publishesStoredResponses = false
/// let notifier = try Notifier(configuration: configuration, store: store)
/// let relay = PostgresResponseRelay(notifier: notifier, store: store, database: database)
/// // run `relay` as a service of the application, beside notifier.services
/// ```
public final class PostgresResponseRelay: Service {
    private let notifier: Notifier
    private let store: PostgresNotifyStore
    private let listener: PostgresListener
    private let logger: Logger

    /// A relay for `notifier`, reading `store`, listening on `database`.
    public init(notifier: Notifier, store: PostgresNotifyStore, database: PostgresStoreDatabase) {
        self.notifier = notifier
        self.store = store
        self.listener = PostgresListener(database: database, channel: PostgresNotifyStore.responseChannel)
        self.logger = database.logger
    }

    /// Listens and publishes until cancelled (or the application shuts down).
    public func run() async throws {
        // The last cursor published per topic (the only reader of this state is this loop).
        var published: [String: Int64] = [:]
        try await listener.run { event in
            switch event {
            case .listening:
                for topic in Array(published.keys) {
                    published[topic] = await self.publish(topic, after: published[topic] ?? 0)
                }
            case .notification(let payload):
                guard let space = payload.firstIndex(of: " "), let cursor = Int64(payload[..<space]) else {
                    logger.warning("ignoring a malformed response announcement: \(payload)")
                    return
                }
                let topic = String(payload[payload.index(after: space)...])
                guard notifier.subscriberCount(on: topic) > 0 else {
                    published[topic] = nil  // nobody follows it here: forget it
                    return
                }
                // A topic followed from now: its responses commit in cursor order (the
                // store's topic lock), so this is the first one not yet published.
                let last = published[topic] ?? cursor - 1
                if cursor > last { published[topic] = await self.publish(topic, after: last) }
            }
        }
    }

    /// Returns once the relay listens (at once when it already does): responses stored from then
    /// on reach this server's subscribers.
    public func listening() async {
        await listener.listening()
    }

    /// Publishes the responses of `topic` after `cursor`; returns the last cursor published. A
    /// failed read is logged and ends the round: the next announcement of the topic, or the next
    /// reconnection, reads on from the last cursor published, so nothing is skipped.
    private func publish(_ topic: String, after cursor: Int64) async -> Int64 {
        var last = cursor
        do {
            while true {
                let page = try await store.responses(topic: topic, after: last, limit: 500)
                for response in page {
                    try notifier.publish(stored: response)
                    last = response.cursor
                }
                if page.count < 500 { return last }
            }
        } catch {
            logger.error("reading the responses of \(topic) after \(last) failed: \(PostgresStoreDatabase.reason(of: error))")
            return last
        }
    }
}
