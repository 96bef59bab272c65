import Foundation
import XpediteProtocol

extension Notifier {
    /// Publishes a response read back from the store (stored by this server or another one on
    /// the same database) to this server's subscribers of its topic: how a relay such as
    /// XpediteNotifyPostgres' `PostgresResponseRelay` delivers responses across servers.
    ///
    /// - Throws: `StoreError.corrupt` when the stored JSON is not a response object.
    public func publish(stored response: StoredResponse) throws {
        let object = try ResponseObject(storedJSON: response.json)
        hub.publish(PublishedResponse(cursor: response.cursor, object: object, json: response.json), to: response.topic)
    }

    /// Tells this server's device event streams (`GET /device/events`) of the recipients of
    /// `messageId` that it was sent: how a relay such as XpediteNotifyPostgres' `PostgresDeviceEventRelay`
    /// passes on a message another server sent. The message is read from the store (the row is
    /// the truth); recipients without an open stream here are skipped, and nothing is read when
    /// no stream is open at all.
    ///
    /// - Returns: how many users' streams were told.
    @discardableResult
    public func publishSentMessage(_ messageId: String) async throws -> Int {
        guard deviceEvents.hasSubscribers else { return 0 }
        guard var message = try await store.message(messageId) else { return 0 }
        let usernames = message.recipients.map(\.username).filter { deviceEvents.subscriberCount($0) > 0 }
        message.recipients = []
        message.deliveries = []
        for username in usernames { deviceEvents.publish(.message(message), to: username) }
        return usernames.count
    }

    /// Tells this server's device event streams of `username` that one of the user's devices
    /// answered `messageId` (on this server or another one): the `answered` event that takes the
    /// message out of the other devices' inboxes.
    public func publishAnswer(messageId: String, username: String) {
        deviceEvents.publish(.answered(messageId: messageId), to: username)
    }

    /// How many device event streams (`GET /device/events`) of `username` are open on this server.
    public func deviceStreamCount(of username: String) -> Int {
        deviceEvents.subscriberCount(username)
    }
}
