import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import ServiceLifecycle
import Synchronization
import Testing
import XpediteNotify
import XpeditePostgresSupport
import XpediteNotifyPostgres
import XpeditePostgresTesting
import XpediteProtocol
import XpediteNotifyTestSupport
import XpeditePush

/// Two notification servers in this process on one PostgreSQL database, each with its own
/// connection pool, notifier, event bus and live application (issues 18 and 27): what one server takes, the
/// other's listeners hear; a webhook is delivered once with both engines running; the unique
/// rules hold under requests to both at once; both serve one Web Push key.
@Suite(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"), .timeLimit(.minutes(2)))
struct TwoServersTests {
    /// One server of the pair: its database connections, store, notifier and event bus.
    struct Server: Sendable {
        let database: PostgresStoreDatabase
        let store: PostgresNotifyStore
        let harness: NotifyHarness
        let bus: PostgresEventBus

        var notifier: Notifier { harness.notifier }

        /// A server on `url`, configured as `xpedite notify serve --database` configures one.
        /// With `webPush`, Web Push is on with the database's shared key (as the command sets it up).
        static func make(_ url: PostgresDatabaseURL, webPush: Bool,
                         configure: @escaping @Sendable (inout NotifyConfiguration) -> Void = { _ in }) async throws -> Server {
            let database = try await PostgresStoreDatabase.connect(url, maximumConnections: 8)
            do {
                let store = try await PostgresNotifyStore(database: database)
                let key = webPush ? try await store.sharedVAPIDKey() : nil
                let bus = PostgresEventBus(database: database)
                let harness = try NotifyHarness(store: store) { configuration in
                    configuration.eventBus = bus
                    configure(&configuration)
                    if let key {
                        configuration.webPush = WebPushConfiguration(httpClient: HTTPClient.shared)
                        configuration.webPush?.key = key
                    }
                }
                return Server(database: database, store: store, harness: harness, bus: bus)
            } catch {
                await database.close()
                throw error
            }
        }

        /// The notifier's routes, served with its delivery engines and its bus' listener; without
        /// `deliveryEngines`, with the listener only (the delivery engines switched off).
        func application(deliveryEngines: Bool = true) throws -> some ApplicationProtocol {
            let router = Router()
            try notifier.mount(on: router)
            return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                               services: deliveryEngines ? notifier.services : bus.services)
        }

        /// Until the bus listens: what the other server publishes from then on reaches this one.
        func listening() async {
            await bus.listening()
        }
    }

    /// Runs `body` with two servers on a new database, both serving on loopback ports, their
    /// buses listening; closes and drops everything afterwards. Without `enginesOnA`, A's delivery
    /// engines do not run; `configureB` adjusts B's configuration.
    static func withTwoServers(
        webPush: Bool = false,
        enginesOnA: Bool = true,
        configureB: @escaping @Sendable (inout NotifyConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (_ a: Server, _ b: Server, _ clientA: any TestClientProtocol,
                                     _ clientB: any TestClientProtocol) async throws -> Void
    ) async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let a = try await Server.make(url, webPush: webPush)
            let b: Server
            do {
                b = try await Server.make(url, webPush: webPush, configure: configureB)
            } catch {
                await a.database.close()
                throw error
            }
            let result: Result<Void, any Error>
            do {
                try await a.application(deliveryEngines: enginesOnA).test(.live) { clientA in
                    try await b.application().test(.live) { clientB in
                        await a.listening()
                        await b.listening()
                        try await body(a, b, clientA, clientB)
                    }
                }
                result = .success(())
            } catch {
                result = .failure(error)
            }
            await a.database.close()
            await b.database.close()
            try result.get()
        }
    }

    static func base(_ client: any TestClientProtocol) throws -> String {
        guard let port = client.port else { throw TestFailure("a live test client without a port") }
        return "http://127.0.0.1:\(port)/notify/v1"
    }

    @Test func whatOneServerTakesReachesTheOtherServersStreamsAndListeners() async throws {
        try await Self.withTwoServers { a, b, clientA, clientB in
            let apiA = APIClient(client: clientA)
            let apiB = APIClient(client: clientB)
            try await apiA.user("joe")
            try await apiA.user("ann")
            let phone = try await apiA.login("joe", deviceId: "phone")                      // on A
            let browser = try await apiB.login("joe", deviceId: "browser", platform: "web") // on B
            let onB = b.notifier.responses(on: "/a/b/c")
            let sent = Mutex<String?>(nil)
            let baseB = try Self.base(clientB)
            // B's topic stream and B's device stream of joe are open; A sends and takes the answer.
            let topicEvents = try await NotifyTopicsLiveTests.events(baseB + "/events?topic=/a/b/c", count: 1) {
                let deviceEvents = try await NotifyTopicsLiveTests.namedEvents(baseB + "/device/events", token: browser, count: 2) {
                    _ = try await apiA.send(to: ["ann"])           // another user's: not on joe's stream
                    let id = try await apiA.send(to: ["joe"])
                    sent.withLock { $0 = id }
                    #expect(try await apiA.answer(id, token: phone, responseId: "across-1").status == .created)
                }
                let id = try #require(sent.withLock { $0 })
                #expect(deviceEvents.map(\.name) == ["message", "answered"])
                #expect(deviceEvents.first?.data["messageId"] == .string(id))
                #expect(deviceEvents.first?.data["title"] == "Colour")
                #expect(deviceEvents.first?.data["responseTopic"] == "/a/b/c")
                #expect(deviceEvents.last?.data == ["messageId": .string(id)])
            }
            #expect(topicEvents.map(\.data["responseId"]) == ["across-1"])
            #expect(topicEvents.first?.data["username"] == "joe")
            // The Swift listener on B too.
            var iterator = onB.makeAsyncIterator()
            #expect(try await iterator.next()?.responseId == "across-1")
            // "Answered elsewhere": the message is out of the inbox read on B.
            let inbox = try await apiB.call(.get, "/device/inbox", token: browser)
            #expect(inbox.status == .ok)
            #expect(inbox.json["messages"] == [], "\(inbox.json)")
            _ = a
        }
    }

    @Test func aWebhookIsDeliveredOnceWithBothServersEnginesRunning() async throws {
        let receiver = WebhookReceiver()
        try await receiver.serve { hook in
            try await Self.withTwoServers { a, _, clientA, clientB in
                let apiA = APIClient(client: clientA)
                let apiB = APIClient(client: clientB)
                try await apiA.user("joe")
                #expect(try await apiA.call(.put, "/webhooks/h", body: ["topic": "/a/b/c", "url": .string(hook),
                                                                          "secret": "s"]).status == .ok)
                let onA = try await apiA.login("joe", deviceId: "phone")
                let onB = try await apiB.login("joe", deviceId: "tablet")
                // Four lanes, two on each server, each sending and answering one after another.
                // A live test client is one HTTP/1.1 connection whose requests queue behind each
                // other, and its 20 s timeout counts from the queueing: many lanes on one
                // connection time out on a busy machine without anything being wrong.
                let count = 24
                let lanes = 4
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for lane in 0..<lanes {
                        group.addTask {
                            let (api, token) = lane.isMultiple(of: 2) ? (apiA, onA) : (apiB, onB)
                            for index in stride(from: lane, to: count, by: lanes) {
                                let id = try await api.send(to: ["joe"])
                                let answer = try await api.answer(id, token: token, responseId: "hook-\(index)")
                                guard answer.status == .created else { throw TestFailure("answer \(index): \(answer.status)") }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                // Until the outbox is empty: after that no engine attempts anything again.
                let deadline = ContinuousClock.now.advanced(by: .seconds(30))
                while try await Self.undeliveredWebhooks(a.database) > 0, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(try await Self.undeliveredWebhooks(a.database) == 0)
                let deliveries = receiver.deliveries
                let responseIds = try deliveries.map { try JSONValue(parsing: $0.body)["responseId"]?.stringValue ?? "" }
                #expect(deliveries.count == count, "\(deliveries.count) POSTs for \(count) responses")
                #expect(Set(deliveries.map(\.deliveryId)).count == count)
                #expect(Set(responseIds) == Set((0..<count).map { "hook-\($0)" }))
            }
        }
    }

    @Test func uniqueRulesHoldUnderRequestsToBothServersAtOnce() async throws {
        try await Self.withTwoServers { a, b, clientA, clientB in
            let apis = [APIClient(client: clientA), APIClient(client: clientB)]
            // One username created on both at once (PUT creates or updates: 200 on both, one user).
            let names = (0..<8).map { "racer\($0)" }
            // Each name on both servers at once, one name after another: a live test client's
            // requests queue behind each other on its one connection, so more at once on one
            // client races nothing more.
            var statuses: [HTTPResponse.Status] = []
            for name in names {
                statuses += try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for (index, api) in apis.enumerated() {
                        group.addTask {
                            try await api.call(.put, "/users/\(name)", body: ["password": .string("pw\(index)")]).status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            #expect(statuses.count == 16 && statuses.allSatisfy { $0 == .ok }, "\(statuses)")
            let listed = try await apis[1].call(.get, "/users")
            let usernames = listed.json["users"]?.arrayValue?.compactMap { $0["username"]?.stringValue } ?? []
            #expect(usernames.sorted() == names, "\(listed.json)")

            try await apis[0].user("joe")
            let phone = try await apis[0].login("joe", deviceId: "phone")
            let tablet = try await apis[1].login("joe", deviceId: "tablet")
            let onA = a.notifier.responses(on: "/a/b/c")

            // One responseId posted to both at once: stored and published once, the other 200.
            let first = try await apis[0].send(to: ["joe"])
            let same = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for api in apis {
                    group.addTask { try await api.answer(first, token: phone, responseId: "same-id").status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(same.map(\.code).sorted() == [200, 201])

            // One message answered from two devices through both at once: answered once, then 409.
            let second = try await apis[1].send(to: ["joe"])
            let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, JSONValue).self) { group in
                for (index, (api, token)) in zip(apis, [phone, tablet]).enumerated() {
                    group.addTask {
                        let answer = try await api.answer(second, token: token, responseId: "device-\(index)")
                        return (answer.status, answer.json)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.map(\.0.code).sorted() == [201, 409])
            #expect(answers.first { $0.0 == .conflict }?.1["error"]?["code"] == "already_answered")

            // What was published: each stored response once, in cursor order.
            let stored = try await b.store.responses(topic: "/a/b/c", after: 0, limit: 100)
            #expect(stored.map(\.responseId).first == "same-id")
            #expect(stored.count == 2)
            var iterator = onA.makeAsyncIterator()
            var published: [String] = []
            for _ in 0..<2 { published.append(try await iterator.next()?.responseId ?? "") }
            #expect(published == stored.map(\.responseId))
            // A third response comes next, not a copy of either.
            let third = try await apis[0].send(to: ["joe"])
            #expect(try await apis[0].answer(third, token: phone, responseId: "third").status == .created)
            #expect(try await iterator.next()?.responseId == "third")
        }
    }

    @Test func bothServersServeOneWebPushKey() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            // Eight servers asking at once, each offering a key of its own: one key wins, for all.
            let databases = try await withThrowingTaskGroup(of: PostgresStoreDatabase.self) { group in
                for _ in 0..<4 { group.addTask { try await PostgresStoreDatabase.connect(url, maximumConnections: 2) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let result: Result<Void, any Error>
            do {
                let stores = try await withThrowingTaskGroup(of: PostgresNotifyStore.self) { group in
                    for database in databases { group.addTask { try await PostgresNotifyStore(database: database) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let offered = (0..<8).map { _ in VAPIDKey.generate() }
                let keys = try await withThrowingTaskGroup(of: String.self) { group in
                    for (index, key) in offered.enumerated() {
                        group.addTask { try await stores[index % stores.count].sharedVAPIDKey(offering: key).publicKeyBase64URL }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(Set(keys).count == 1)
                #expect(offered.map(\.publicKeyBase64URL).contains(keys[0]))
                // Later servers get the same key, whatever they offer.
                #expect(try await stores[0].sharedVAPIDKey().publicKeyBase64URL == keys[0])
                result = .success(())
            } catch {
                result = .failure(error)
            }
            for database in databases { await database.close() }
            try result.get()
        }
        // Two servers, each with a data directory of its own, answer GET /device/webpush-key with
        // the one key, and sign with it.
        try await Self.withTwoServers(webPush: true) { a, b, clientA, clientB in
            let keyA = try await APIClient(client: clientA).call(.get, "/device/webpush-key", token: nil)
            let keyB = try await APIClient(client: clientB).call(.get, "/device/webpush-key", token: nil)
            #expect(keyA.status == .ok)
            #expect(keyA.json["publicKey"]?.stringValue?.isEmpty == false)
            #expect(keyA.json == keyB.json)
            #expect(a.notifier.webPushKey?.publicKeyBase64URL == b.notifier.webPushKey?.publicKeyBase64URL)
            #expect(keyA.json["publicKey"]?.stringValue == a.notifier.webPushKey?.publicKeyBase64URL)
        }
    }

    /// The webhook rows not delivered yet, on any server.
    static func undeliveredWebhooks(_ database: PostgresStoreDatabase) async throws -> Int {
        let rows = try await database.client.query("SELECT count(*)::bigint FROM notify_outbox WHERE delivered_at IS NULL",
                                                   logger: database.logger)
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }
}
