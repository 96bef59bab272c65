import Crypto
import Foundation
import Testing
import XpediteNotify
import XpeditePush
import XpeditePushStandIns

/// What only the HTTP/2 sender does (every APNs rule is tested through both senders in
/// ``APNsProviderTests``): many streams on one connection within the server's limit, a connection
/// lost mid-batch, `GOAWAY` with streams the server did not process.
@Suite struct APNsHTTP2SenderTests {
    /// Runs `body` with a provider on the HTTP/2 sender, one connection, talking to a started `server`.
    static func run(_ server: ScriptedHTTP2Server, requestTimeout: Duration = .seconds(10),
                    _ body: (APNsProvider) async throws -> Void) async throws {
        try await server.start()
        do {
            try await PushTesting.withClient { client in
                let configuration = try APNsConfiguration(keyPEM: P256.Signing.PrivateKey().pemRepresentation, keyId: APNsHarness.keyId,
                                                          teamId: APNsHarness.teamId, topic: APNsHarness.topic, baseURL: server.baseURL)
                let provider = try APNsHarness.makeProvider(.http2, configuration: configuration, client: client, connections: 1,
                                                           requestTimeout: requestTimeout)
                do {
                    try await body(provider)
                } catch {
                    await provider.shutdown()
                    throw error
                }
                await provider.shutdown()
            }
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    static func deliveries(_ count: Int, through provider: APNsProvider) async -> [DeliveryOutcome] {
        await PushTesting.deliverAtOnce(count, through: provider) { index in
            PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(index))
        }
    }

    @Test func manyConcurrentStreamsGoOnOneConnection() async throws {
        let server = ScriptedHTTP2Server(script: .answerAll)
        try await Self.run(server) { provider in
            let outcomes = await Self.deliveries(300, through: provider)
            #expect(outcomes.count == 300)
            #expect(outcomes.filter { $0 != .delivered } == [])
        }
        #expect(server.answered == [300], "300 pushes came on \(server.answered.count) connections")
        #expect(server.mostOpen > 1, "the streams were sent one at a time")
    }

    @Test func theServersConcurrentStreamLimitIsKept() async throws {
        let server = ScriptedHTTP2Server(script: .answerAll, maximumConcurrentStreams: 5)
        try await Self.run(server) { provider in
            let outcomes = await Self.deliveries(100, through: provider)
            #expect(outcomes.count == 100)
            #expect(outcomes.filter { $0 != .delivered } == [])
        }
        #expect(server.answered == [100])
        #expect(server.mostOpen <= 5, "\(server.mostOpen) streams open at once, above SETTINGS_MAX_CONCURRENT_STREAMS 5")
    }

    @Test func aConnectionLostMidBatchMakesItsUnansweredPushesRetriesAndTheNextGoOnANewOne() async throws {
        let server = ScriptedHTTP2Server(script: .drop(afterAnswering: 10))
        try await Self.run(server) { provider in
            let outcomes = await Self.deliveries(50, through: provider)
            #expect(outcomes.count == 50)
            let delivered = outcomes.filter { $0 == .delivered }.count
            let retries = outcomes.compactMap { outcome -> String? in
                guard case .retry(let reason, nil) = outcome else { return nil }
                return reason
            }
            #expect(delivered >= 10)
            #expect(!retries.isEmpty, "no push was lost with the connection")
            #expect(delivered + retries.count == 50)
            #expect(retries.allSatisfy { $0.hasPrefix("transport: connection to APNs") }, "\(Set(retries))")
            #expect(await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken())) == .delivered)
        }
        #expect(server.answered.first == 10)
        #expect(server.answered.count == 2)
    }

    @Test func goAwaySendsTheStreamsTheServerDidNotProcessOnANewConnection() async throws {
        let server = ScriptedHTTP2Server(script: .goAwayAfterFirstRequest)
        try await Self.run(server) { provider in
            let outcomes = await Self.deliveries(50, through: provider)
            #expect(outcomes.count == 50)
            // Stream 1 (the one the GOAWAY keeps) is answered on the first connection, except when
            // the stand-in's own NIOHTTP2 refuses its late GOAWAY (RaisedGoawayLastStreamID, then
            // NoSuchStream) and drops that connection first, about one run in eight: then it is a
            // transport retry, as every push in flight on a lost connection is. Every other push
            // must go to a new connection and be delivered there, never retried, never twice.
            let retries = outcomes.filter { $0 != .delivered }
            #expect(retries.count <= 1, "\(retries)")
            #expect(retries.allSatisfy { outcome in
                guard case .retry(let reason, nil) = outcome else { return false }
                return reason.hasPrefix("transport: connection to APNs lost")
            }, "\(retries)")
            // When stream 1 is the retry, the stand-in may have written its answer before that
            // connection dropped: the answer is counted here but lost on the way, as an answer in
            // flight on a lost connection is (so APNs may have the push, and the retry is the
            // at-least-once the outbox promises). Every delivered push was answered once.
            let answered = server.answered
            let delivered = 50 - retries.count
            #expect(answered.first == 1 || (answered.first == 0 && retries.count == 1), "\(answered)")
            #expect(answered.count >= 2)
            #expect((delivered...50).contains(answered.reduce(0, +)), "each push answered once: \(answered)")
            #expect(answered.dropFirst().reduce(0, +) == 49, "the 49 later pushes, once each on new connections: \(answered)")
        }
    }

    @Test func aServiceStoppingGracefullyMidBatchLosesNoPush() async throws {
        try await APNsHarness.run(sender: .http2) { harness in
            async let outcomes = Self.deliveries(200, through: harness.provider)
            try await harness.standIn.restart()
            let all = await outcomes
            #expect(all.count == 200)
            // Answered before the stop (200), by the stopping service (503) or lost with its connection
            // (transport): never dropped, never anything else.
            let unexpected = all.filter { outcome in
                switch outcome {
                case .delivered: false
                case .retry(let reason, _): !(reason.hasPrefix("503") || reason.hasPrefix("transport:"))
                default: true
                }
            }
            #expect(unexpected == [])
            let accepted = harness.standIn.accepted.map(\.deviceToken)
            #expect(Set(accepted).count == accepted.count, "a push was accepted twice")
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken())) == .delivered)
        }
    }

    @Test func aShutDownSenderClosesItsConnectionAndMakesLaterPushesRetries() async throws {
        let server = ScriptedHTTP2Server(script: .answerAll)
        try await Self.run(server) { provider in
            #expect(await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken())) == .delivered)
            await provider.shutdown()
            let outcome = await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(1)))
            #expect(outcome == .retry(reason: "transport: the APNs sender is shut down"))
        }
        #expect(server.answered == [1])
    }

    @Test func aConnectionSilentPastItsRequestsDeadlinesIsReplaced() async throws {
        let server = ScriptedHTTP2Server(script: .silent)
        try await Self.run(server, requestTimeout: .seconds(6)) { provider in
            let outcome = await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken()))
            #expect(outcome == .retry(reason: "transport: no answer from APNs before the deadline"))
            #expect(await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(1))) == .delivered)
        }
        #expect(server.answered == [0, 1])
    }

    /// A server that keeps its connection busy (PINGs every 200 ms, so it is never silent for
    /// `silenceLimit`) but answers no stream: the request that times out retires the connection,
    /// and the next request is answered on a new one, at once.
    @Test func aConnectionThatAnswersNoStreamIsReplacedAfterOneTimeout() async throws {
        let server = ScriptedHTTP2Server(script: .pingingButNotAnswering)
        try await Self.run(server, requestTimeout: .seconds(2)) { provider in
            let outcome = await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken()))
            #expect(outcome == .retry(reason: "transport: no answer from APNs before the deadline"))
            #expect(await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(1))) == .delivered)
        }
        #expect(server.answered == [0, 1])
    }
}
