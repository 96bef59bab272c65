import Foundation
import Testing
import XpediteClient
import XpediteProtocol
import XpediteNotifyTestSupport

/// The offline queue: a response made while the server cannot be reached is kept on disk and
/// sent later with the same `responseId`, and the server publishes it exactly once.
@Suite struct DeviceOutboxTests {
    /// Joe's device with the colour message answered while the server is down (the answer queued).
    static func queuedAnswer(_ backend: Backend) async throws -> (device: DeviceClient, network: SwitchableTransport) {
        let (device, network, _, form) = try await backend.joesDeviceWithAMessage()
        network.mode = .down
        guard case .queued = try await device.submit(form) else { throw TestFailure("published while the server was down") }
        return (device, network)
    }

    @Test func aResponseMadeOfflineIsQueuedOnDiskAndFlushedOnce() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            try await backend.user("joe")
            let messageId = try await backend.send(to: ["joe"])
            let network = SwitchableTransport(RouterTransport(client: backend.client))
            let device = try await backend.device(transport: network)
            try await device.signIn(username: "joe", password: "secret")
            _ = try await device.inbox()
            _ = try await device.message(messageId)

            network.mode = .down
            // The payload fetched before is still there offline.
            var form = try await device.message(messageId).form()
            try form.set("simpleDropList", text: "Red")
            guard case .queued(let queued) = try await device.submit(form) else {
                Issue.record("published while the server was down")
                return
            }
            #expect(queued.messageId == messageId)
            #expect(queued.lastError?.code == "unreachable")
            #expect(try await backend.responses().isEmpty)
            let offline = try await device.flushOutbox()
            #expect(offline.unreachable && offline.sent.isEmpty && offline.remaining == 1)

            // On disk: the next run of the phone (a new client on the same data directory) has it.
            let nextRun = try await backend.device(transport: RouterTransport(client: backend.client))
            let kept = try await nextRun.outbox()
            #expect(kept.map(\.responseId) == [queued.responseId])
            #expect(kept.first?.attempts == 2)

            let report = try await nextRun.flushOutbox()
            #expect(report.sent.map { $0["responseId"] } == [.string(queued.responseId)])
            #expect(report.remaining == 0 && !report.unreachable)
            #expect(try await nextRun.outbox().isEmpty)
            let published = try await backend.responses()
            #expect(published.map { $0["responseId"] } == [.string(queued.responseId)])
            #expect(published.first?["values"] == ["simpleDropList": "Red"])
            #expect(try await nextRun.flushOutbox().sent.isEmpty)
        }
    }

    @Test func theNextSuccessfulCallSendsTheQueueFirst() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, network) = try await Self.queuedAnswer(backend)
            network.mode = .up
            #expect(try await device.inbox().isEmpty)    // the queued answer went first
            #expect(try await device.outbox().isEmpty)
            #expect(try await backend.responses().count == 1)
        }
    }

    @Test func aFlushThatFindsTheServerDownEndsTheRequestWithoutASecondTry() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, network) = try await Self.queuedAnswer(backend)
            let before = network.attempts
            await #expect(throws: TransportError.self) { try await device.inbox() }
            #expect(network.attempts == before + 1)    // the queued response's try; the inbox was not asked
            #expect(try await device.outbox().first?.attempts == 2)
        }
    }

    @Test func aResponseThatReachedTheServerButLostItsAnswerIsPublishedOnce() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, network, _, form) = try await backend.joesDeviceWithAMessage()

            network.mode = .losingAnswers
            guard case .queued(let queued) = try await device.submit(form) else {
                Issue.record("the lost answer was not queued")
                return
            }
            #expect(network.delivered.last == "POST device/responses")
            let stored = try await backend.responses()
            #expect(stored.map { $0["responseId"] } == [.string(queued.responseId)])    // the server has it already

            network.mode = .up
            let report = try await device.flushOutbox()
            #expect(report.sent == stored)          // 200: the same object, not published again
            #expect(report.remaining == 0)
            #expect(try await backend.responses() == stored)
        }
    }

    @Test func aRefusalOnFlushKeepsTheEntryWithTheServersError() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (phone, network, messageId, form) = try await backend.joesDeviceWithAMessage("phone")
            network.mode = .down
            guard case .queued(let queued) = try await phone.submit(form) else {
                Issue.record("published while the server was down")
                return
            }
            // Meanwhile the user answered on another device.
            let tablet = try await backend.device("tablet")
            try await tablet.signIn(username: "joe", password: "secret")
            guard case .published = try await tablet.submit(try await tablet.message(messageId).form()) else {
                Issue.record("the tablet's answer was queued")
                return
            }

            network.mode = .up
            let report = try await phone.flushOutbox()
            #expect(report.sent.isEmpty)
            #expect(report.refused.map(\.responseId) == [queued.responseId])
            #expect(report.refused.first?.lastError?.status == 409)
            let kept = try await phone.outbox()
            #expect(kept.first?.lastError?.code == "already_answered")
            #expect(kept.first?.lastError?.status == 409)
            #expect(try await backend.responses().count == 1)

            #expect(try await phone.discard(queued.responseId))
            #expect(try await phone.outbox().isEmpty)
        }
    }

    @Test func theURLSessionTransportQueuesWhenTheServerIsGoneAndFlushesOverASocket() async throws {
        let harness = try DeviceHarness()
        let folder = harness.folder.appendingPathComponent("socket-phone")
        try await harness.run(.live) { backend in
            let port = try #require(backend.client.port)
            try await backend.user("joe")
            let messageId = try await backend.send(to: ["joe"])
            let live = try await DeviceClient(
                transport: URLSessionNotifyTransport(server: try #require(URL(string: "http://127.0.0.1:\(port)"))),
                configuration: DeviceConfiguration(dataDirectory: folder, server: "socket"))
            try await live.signIn(username: "joe", password: "secret")
            #expect(try await live.inbox().map(\.messageId) == [messageId])
            _ = try await live.message(messageId)

            // The same phone against a port nobody listens on: a refused connection.
            let gone = try await DeviceClient(
                transport: URLSessionNotifyTransport(server: try #require(URL(string: "http://127.0.0.1:1/notify/v1")), timeout: .seconds(5)),
                configuration: DeviceConfiguration(dataDirectory: folder, server: "socket"))
            var form = try await gone.message(messageId).form()
            try form.set("simpleDropList", text: "Green")
            guard case .queued(let queued) = try await gone.submit(form) else {
                Issue.record("published to a closed port")
                return
            }
            let report = try await live.flushOutbox()
            #expect(report.sent.map { $0["responseId"] } == [.string(queued.responseId)])
            #expect(try await backend.responses().count == 1)
        }
    }
}
