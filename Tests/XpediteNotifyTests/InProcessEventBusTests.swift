import Foundation
import Synchronization
import Testing
import XpediteNotify
import XpediteProtocol
import XpediteNotifyTestSupport

/// The in-process event bus (issue 27): every subscriber gets every event published after it
/// subscribed, in order; cancelling a subscription ends it. And a notifier's delivery engine is
/// woken through the bus, not by its poll.
@Suite struct InProcessEventBusTests {
    static let events: [NotifyEvent] = [
        .messageSent(messageId: "m1"),
        .workDue(lanes: ["test"]),
        .responseStored(ResponseStored(cursor: 7, topic: "/a/b/c", username: "joe", messageId: "m1")),
        .messageWithdrawn(messageId: "m1", reason: "cancelled"),
        .workDue(lanes: []),
        .eventsMayBeLost,
    ]

    /// The next `count` events of `stream`.
    static func take(_ count: Int, from stream: AsyncStream<NotifyEvent>) async -> [NotifyEvent] {
        var iterator = stream.makeAsyncIterator()
        var taken: [NotifyEvent] = []
        while taken.count < count, let event = await iterator.next() { taken.append(event) }
        return taken
    }

    @Test func everySubscriberGetsEveryEventInTheOrderPublished() async throws {
        let bus = InProcessEventBus()
        let first = bus.subscribe()
        let second = bus.subscribe()
        #expect(bus.subscriberCount == 2)
        for event in Self.events.prefix(3) { bus.publish(event) }
        try await bus.publish(Array(Self.events.dropFirst(3)))   // several at once, in order too
        #expect(await Self.take(Self.events.count, from: first) == Self.events)
        #expect(await Self.take(Self.events.count, from: second) == Self.events)
    }

    /// A subscriber that reads nothing while ten times its limit is published holds at most the
    /// limit: the newest events, and "events may be lost" after the ones dropped (decision 0540).
    /// Without the bound the first events read would be the oldest, m0…m7.
    @Test func aSubscriberThatFallsBehindHoldsTheNewestEventsAndHearsSomeMayBeLost() async {
        let limit = 8
        let bus = InProcessEventBus(bufferLimit: limit)
        let stream = bus.subscribe()
        for index in 0..<(10 * limit) { bus.publish(.messageSent(messageId: "m\(index)")) }
        let held = await Self.take(limit, from: stream)
        #expect(held.count == limit)
        #expect(held.contains(.messageSent(messageId: "m\(10 * limit - 1)")))   // the newest is within the limit
        #expect(!held.contains(.messageSent(messageId: "m0")))
        let marker = held.lastIndex(of: .eventsMayBeLost)
        #expect(marker != nil)
        // Every message event held after the marker is newer than every one dropped: read in order.
        let sent = held.compactMap { event -> Int? in
            if case .messageSent(let id) = event { return Int(id.dropFirst()) }
            return nil
        }
        #expect(sent == sent.sorted())
        // Once it keeps up again, it gets every event and no marker.
        bus.publish(.messageSent(messageId: "after"))
        var rest = await Self.take(1, from: stream)
        while rest.last != .messageSent(messageId: "after") { rest += await Self.take(1, from: stream) }
        #expect(rest.count <= limit)
    }

    @Test func aSubscriberThatKeepsUpGetsEveryEventAndNoMarker() async {
        let bus = InProcessEventBus(bufferLimit: 4)
        let stream = bus.subscribe()
        var iterator = stream.makeAsyncIterator()
        for index in 0..<40 {
            bus.publish(.messageSent(messageId: "m\(index)"))
            #expect(await iterator.next() == .messageSent(messageId: "m\(index)"))
        }
    }

    @Test func aSubscriberGetsOnlyWhatIsPublishedAfterItSubscribed() async {
        let bus = InProcessEventBus()
        bus.publish(.messageSent(messageId: "before"))
        let late = bus.subscribe()
        bus.publish(.messageSent(messageId: "after"))
        #expect(await Self.take(1, from: late) == [.messageSent(messageId: "after")])
    }

    @Test func cancellingASubscriptionEndsItAndTheOthersGoOn() async throws {
        let bus = InProcessEventBus()
        let staying = bus.subscribe()
        let received = Mutex(0)
        let leaving = bus.subscribe()
        let task = Task {
            for await _ in leaving { received.withLock { $0 += 1 } }
        }
        bus.publish(.workDue(lanes: []))
        while received.withLock({ $0 }) < 1 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        await task.value
        #expect(bus.subscriberCount == 1)
        bus.publish(.eventsMayBeLost)
        #expect(received.withLock { $0 } == 1)
        #expect(await Self.take(2, from: staying) == [.workDue(lanes: []), .eventsMayBeLost])
    }

    @Test func aSendWakesTheDeliveryEngineThroughTheBusNotItsPoll() async throws {
        let bus = RecordingEventBus()
        let harness = try NotifyHarness { configuration in
            configuration.eventBus = bus
            configuration.pushRetry.pollInterval = .seconds(60)
        }
        let notifier = harness.notifier
        try await notifier.people.putUser("joe", password: "pw")
        _ = try #require(try await notifier.people.login(username: "joe", password: "pw", deviceId: "d", deviceName: "P", platform: "ios"))
        try await harness.withDeliveryEngines {
            // The engine claimed nothing and sleeps for its 60 s poll by now.
            try await Task.sleep(for: .milliseconds(200))
            let sent = try await notifier.sendPayload(Payload(validating: SamplePayloads.colour), title: "T", body: "B",
                                                      to: .users(["joe"]))
            let accepted = ContinuousClock.now
            let message = try await harness.settledMessage(sent.messageId, timeout: .seconds(10))
            #expect(ContinuousClock.now - accepted < EventBusTiming.pushBound)
            #expect(message.deliveries.map(\.state) == [.delivered])
            #expect(bus.published.contains(.workDue(lanes: ["test"])))
            #expect(bus.published.contains(.messageSent(messageId: sent.messageId)))
        }
        #expect(harness.pushes.records.count == 1)
    }
}

/// An in-process bus that keeps what was published, to check what a notifier announces.
final class RecordingEventBus: NotifyEventBus {
    private let bus = InProcessEventBus()
    private let recorded = Mutex<[NotifyEvent]>([])

    /// Everything published so far, in order.
    var published: [NotifyEvent] { recorded.withLock { $0 } }

    func publish(_ event: NotifyEvent) async throws {
        recorded.withLock { $0.append(event) }
        bus.publish(event)
    }

    func subscribe() -> AsyncStream<NotifyEvent> {
        bus.subscribe()
    }
}
