import Foundation
import Logging
import XpediteProtocol

/// A notifier's subscriber of the event bus: it turns each ``NotifyEvent`` into what this
/// server's listeners see, one event at a time and in the order the bus hands them over.
///
/// - A stored response is read back from the store and published to its topic's subscribers
///   (Swift and `GET /events`), for a topic someone here follows: every response after the last
///   cursor published on the topic, so that responses announced out of order (two servers) are
///   still published in cursor order, once each. It also tells the user's device event streams
///   that the message was answered, and wakes the webhook engine.
/// - A sent message is read (title, body, recipients) and told to the recipients' device event
///   streams open here; nothing is read when no stream is open.
/// - A withdrawn message is no longer sent by this server's push engines, and the device event
///   streams open here of its recipients who had not answered hear `withdrawn`; the message is
///   read only when a stream is open at all.
/// - "Work is due" wakes the named delivery engines.
/// - "Events may be lost" re-reads every followed topic and wakes every engine.
struct NotifyEventDispatcher: Sendable {
    let store: any NotifyStore
    let topics: SubscriberHub<PublishedResponse>
    let deviceEvents: SubscriberHub<DeviceEvent>
    /// What the push engines ask before sending a message's push.
    let activeMessages: ActiveMessageCheck
    /// The wake-up of each delivery engine, by lane (provider name, `webhook`).
    let wakeups: [String: DeliveryWakeup]
    let logger: Logger

    /// The lane of the webhook engine.
    static let webhookLane = "webhook"

    /// Handles `events` until the stream ends or the task is cancelled.
    func run(_ events: AsyncStream<NotifyEvent>) async {
        // The last cursor published per followed topic (this loop is its only reader).
        var published: [String: Int64] = [:]
        for await event in events {
            switch event {
            case .responseStored(let response):
                wakeups[Self.webhookLane]?.signal()
                if let messageId = response.messageId, deviceEvents.subscriberCount(response.username) > 0 {
                    deviceEvents.publish(.answered(messageId: messageId), to: response.username)
                }
                guard topics.subscriberCount(response.topic) > 0 else {
                    published[response.topic] = nil  // nobody follows it here: forget it
                    continue
                }
                // A topic followed from now starts at this response; one followed already reads
                // on from its last cursor (responses of a topic commit in cursor order).
                let last = published[response.topic] ?? response.cursor - 1
                if response.cursor > last { published[response.topic] = await publish(response.topic, after: last) }
            case .messageSent(let messageId):
                await tellDevices(messageId)
            case .messageWithdrawn(let messageId, let reason):
                activeMessages.noteWithdrawn(messageId)
                await tellWithdrawn(messageId, reason: reason)
            case .workDue(let lanes):
                if lanes.isEmpty {
                    for wakeup in wakeups.values { wakeup.signal() }
                } else {
                    for lane in lanes { wakeups[lane]?.signal() }
                }
            case .eventsMayBeLost:
                for wakeup in wakeups.values { wakeup.signal() }
                for (topic, last) in published {
                    if topics.subscriberCount(topic) > 0 {
                        published[topic] = await publish(topic, after: last)
                    } else {
                        published[topic] = nil
                    }
                }
            }
        }
    }

    /// Publishes the responses of `topic` after `cursor`; returns the last cursor published. A
    /// failed read is logged and ends the round: the next event of the topic reads on from the
    /// last cursor published, so nothing is skipped.
    private func publish(_ topic: String, after cursor: Int64) async -> Int64 {
        var last = cursor
        do {
            while true {
                let page = try await store.responses(topic: topic, after: last, limit: 500)
                for response in page {
                    let object = try ResponseObject(storedJSON: response.json)
                    topics.publish(PublishedResponse(cursor: response.cursor, object: object, json: response.json), to: topic)
                    last = response.cursor
                }
                if page.count < 500 { return last }
            }
        } catch {
            logger.error("reading the responses of a topic failed", metadata: [
                "topic": .string(topic), "after": .stringConvertible(last), "error": "\(error)",
            ])
            return last
        }
    }

    /// Tells the device event streams open here of the recipients of `messageId` that it was
    /// sent; the message is read from the store only when a stream is open at all.
    private func tellDevices(_ messageId: String) async {
        guard deviceEvents.hasSubscribers else { return }
        do {
            guard var message = try await store.message(messageId) else { return }
            let usernames = message.recipients.map(\.username).filter { deviceEvents.subscriberCount($0) > 0 }
            message.recipients = []
            message.deliveries = []
            for username in usernames { deviceEvents.publish(.message(message), to: username) }
        } catch {
            logger.error("reading a sent message for the device event streams failed", metadata: [
                "messageId": .string(messageId), "error": "\(error)",
            ])
        }
    }

    /// Tells the device event streams open here of the recipients of `messageId` who had not
    /// answered that it was withdrawn; the message is read only when a stream is open at all.
    private func tellWithdrawn(_ messageId: String, reason: String) async {
        guard deviceEvents.hasSubscribers else { return }
        do {
            let recipients = try await store.message(messageId)?.recipients ?? []
            for recipient in recipients where recipient.answeredAt == nil && deviceEvents.subscriberCount(recipient.username) > 0 {
                deviceEvents.publish(.withdrawn(messageId: messageId, reason: reason), to: recipient.username)
            }
        } catch {
            logger.error("reading a withdrawn message for the device event streams failed", metadata: [
                "messageId": .string(messageId), "error": "\(error)",
            ])
        }
    }
}
