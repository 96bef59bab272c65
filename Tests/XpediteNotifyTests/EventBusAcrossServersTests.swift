import Foundation
import Synchronization
import Testing
import XpediteNotify
import XpediteNotifyPostgres
import XpeditePostgresTesting
import XpediteProtocol
import XpediteNotifyTestSupport

/// The event bus across two servers on one PostgreSQL database (issue 27): a send accepted by a
/// server whose delivery engines are off is pushed by the other's engine, woken through the bus;
/// a server's own answers and messages reach its own subscribers once.
/// How soon a push must follow a send for it to have been woken through the bus: 15 s, a quarter
/// of the 60 s poll that would otherwise find it, so that a run where every suite shares two
/// cores cannot fail it by load (timings are not what unit tests check). The latency itself is
/// measured, not asserted: 0.14 s on a loaded machine (issue 27 asks for under 1 s);
/// `XPEDITE_EVENT_BUS_PUSH_BOUND=1` (seconds) holds a quiet run to the bound.
enum EventBusTiming {
    static var pushBound: Duration {
        let seconds = ProcessInfo.processInfo.environment["XPEDITE_EVENT_BUS_PUSH_BOUND"].flatMap(Double.init) ?? 15
        return .milliseconds(Int64(seconds * 1000))
    }
}

@Suite(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"), .timeLimit(.minutes(2)))
struct EventBusAcrossServersTests {
    @Test func aSendAcceptedByAIsPushedByBsEngineWokenThroughTheBus() async throws {
        // A runs no delivery engine; B's would find the push by polling only after 60 s.
        try await TwoServersTests.withTwoServers(enginesOnA: false, configureB: { $0.pushRetry.pollInterval = .seconds(60) }) { a, b, clientA, _ in
            let apiA = APIClient(client: clientA)
            try await apiA.user("joe")
            _ = try await apiA.login("joe", deviceId: "phone")
            // B's engine claimed nothing and sleeps for its 60 s poll by now.
            try await Task.sleep(for: .milliseconds(300))
            let id = try await apiA.send(to: ["joe"])
            let accepted = ContinuousClock.now
            // Found by B's poll, it would be pushed after up to 60 s; woken through the bus, at
            // once. The bound leaves room for a machine busy with the other suites.
            let message = try await b.harness.settledMessage(id, timeout: .seconds(10))
            let elapsed = ContinuousClock.now - accepted
            #expect(elapsed < EventBusTiming.pushBound, "pushed \(elapsed) after A accepted the send")
            print("event bus: pushed by B \(elapsed) after A accepted the send")
            #expect(message.deliveries.map(\.state) == [.delivered])
            #expect(b.harness.pushes.records.count == 1)
            #expect(a.harness.pushes.records.isEmpty)
        }
    }

    @Test func aServersOwnAnswersAndMessagesReachItsSubscribersOnce() async throws {
        try await TwoServersTests.withTwoServers { a, _, clientA, _ in
            let apiA = APIClient(client: clientA)
            try await apiA.user("joe")
            let phone = try await apiA.login("joe", deviceId: "phone")
            let browser = try await apiA.login("joe", deviceId: "browser", platform: "web")
            let onA = a.notifier.responses(on: "/a/b/c")
            let baseA = try TwoServersTests.base(clientA)
            let sent = Mutex<[String]>([])
            // A's topic stream and A's device stream of joe; A sends, takes an answer, sends again.
            let topicEvents = try await NotifyTopicsLiveTests.events(baseA + "/events?topic=/a/b/c", count: 2) {
                let deviceEvents = try await NotifyTopicsLiveTests.namedEvents(baseA + "/device/events", token: browser, count: 3) {
                    let first = try await apiA.send(to: ["joe"])
                    #expect(try await apiA.answer(first, token: phone, responseId: "once-1").status == .created)
                    let second = try await apiA.send(to: ["joe"])
                    sent.withLock { $0 = [first, second] }
                }
                let ids = sent.withLock { $0 }
                // Each once: a repeated event would come before the second message.
                #expect(deviceEvents.map(\.name) == ["message", "answered", "message"])
                #expect(deviceEvents.map { $0.data["messageId"]?.stringValue ?? "" } == [ids[0], ids[0], ids[1]])
                #expect(try await apiA.answer(ids[1], token: phone, responseId: "once-2").status == .created)
            }
            #expect(topicEvents.map(\.data["responseId"]) == ["once-1", "once-2"])
            var iterator = onA.makeAsyncIterator()
            #expect(try await iterator.next()?.responseId == "once-1")
            #expect(try await iterator.next()?.responseId == "once-2")
        }
    }
}
