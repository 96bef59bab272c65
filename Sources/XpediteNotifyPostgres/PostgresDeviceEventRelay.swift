import Foundation
import Logging
import ServiceLifecycle
import XpediteNotify
import XpeditePostgresSupport

/// Tells this server's device event streams (`GET /device/events`,
/// docs/notify-api.md#get-deviceevents) what the other servers on the database did: a message
/// sent to a user with a stream open here, a message answered by one of the user's devices
/// elsewhere (issue 18).
///
/// `PostgresNotifyStore` announces both on ``PostgresNotifyStore/deviceEventChannel`` when their
/// transaction commits (``DeviceEventAnnouncement``). The relay listens (``PostgresListener``),
/// skips what its own store announced (its notifier told its streams at once), reads a sent
/// message's row for its title, body and recipients, and publishes through
/// `Notifier.publishSentMessage(_:)` and `Notifier.publishAnswer(messageId:username:)`. Device
/// events are hints, as pushes are, and the inbox stays the truth: one lost while the listener
/// reconnects is seen on the device's next inbox read (a device re-reads its inbox when its
/// stream opens).
///
/// ```swift
/// let relay = PostgresDeviceEventRelay(notifier: notifier, store: store, database: database)
/// // run `relay` as a service of the application, beside notifier.services
/// ```
public final class PostgresDeviceEventRelay: Service {
    private let notifier: Notifier
    private let store: PostgresNotifyStore
    private let listener: PostgresListener
    private let logger: Logger

    /// A relay for `notifier`, whose own store is `store`, listening on `database`.
    public init(notifier: Notifier, store: PostgresNotifyStore, database: PostgresStoreDatabase) {
        self.notifier = notifier
        self.store = store
        self.listener = PostgresListener(database: database, channel: PostgresNotifyStore.deviceEventChannel)
        self.logger = database.logger
    }

    /// Listens and publishes until cancelled (or the application shuts down).
    public func run() async throws {
        try await listener.run { event in
            guard case .notification(let payload) = event else { return }
            guard let parsed = DeviceEventAnnouncement.parse(payload) else {
                logger.warning("ignoring a malformed device event announcement: \(payload)")
                return
            }
            guard parsed.instance != store.instanceID else { return }  // this server's own: told already
            await publish(parsed.event)
        }
    }

    /// Returns once the relay listens (at once when it already does): what is announced from then
    /// on reaches this server's device event streams.
    public func listening() async {
        await listener.listening()
    }

    private func publish(_ announcement: DeviceEventAnnouncement) async {
        switch announcement {
        case .message(let messageId):
            do {
                try await notifier.publishSentMessage(messageId)
            } catch {
                logger.error("reading message \(messageId) for the device event streams failed: \(PostgresStoreDatabase.reason(of: error))")
            }
        case .answered(let messageId, let username):
            notifier.publishAnswer(messageId: messageId, username: username)
        }
    }
}
