import Foundation
import NIOHTTP1
import PostgresNIO
import Synchronization
import Testing
import XpediteNotifyTestSupport
import XpeditePostgresSupport
import XpeditePostgresTesting
import XpediteProtocol

/// Two `xpedite notify serve --database` on one PostgreSQL database: the first is killed with
/// SIGKILL while answers, webhooks and pushes flow; the second takes over. Nothing the killed
/// server acknowledged is lost, the rows it had claimed are delivered by the survivor once their
/// lease (`--delivery-lease`) ends, and both serve one Web Push key (issue 18).
@Suite(.serialized) struct NotifyServeTakeoverTests {
    typealias Server = NotifyServerReliabilityTests.ServerProcess
    static let apiKey = NotifyServerReliabilityTests.apiKey

    static func call(_ method: HTTPMethod, _ url: String, _ token: String, _ body: JSONValue?) async throws
        -> (status: UInt, json: JSONValue) {
        try await NotifyServerReliabilityTests.request(method, url, token, body)
    }

    /// What the load saw before the kill.
    final class Load: Sendable {
        let acknowledgedAnswers = Mutex<[String]>([])
        let acknowledgedMessages = Mutex<[String]>([])
        let killed = Atomic(false)
    }

    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"),
          .timeLimit(.minutes(3)))
    func aServerKilledWhileDeliveringIsTakenOverByTheSurvivor() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let folder = try TemporaryDirectory("notify-takeover")
            let password = (url.password ?? "").addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed) ?? ""
            let arguments = ["--database", "postgres://\(url.username):\(password)@\(url.host):\(url.port)/\(url.database)",
                             "--delivery-lease", "3"]
            let database = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
            let receiver = WebhookReceiver(closed: true)
            let result: Result<Void, any Error>
            do {
                try await receiver.serve { hook in
                    try await Self.run(hook: hook, receiver: receiver, database: database, folder: folder.url, arguments: arguments)
                }
                result = .success(())
            } catch {
                result = .failure(error)
            }
            await database.close()
            try result.get()
        }
    }

    static func run(hook: String, receiver: WebhookReceiver, database: PostgresStoreDatabase, folder: URL,
                    arguments: [String]) async throws {
        try await Server.with(dataDirectory: folder.appendingPathComponent("a"), arguments: arguments) { first in
            #expect(try await call(.PUT, first.base + "/users/joe", apiKey, ["password": "pw"]).status == 200)
            let login = try await call(.POST, first.base + "/device/login", "", [
                "username": "joe", "password": "pw", "deviceId": "d1", "deviceName": "Phone", "platform": "ios",
            ])
            let token = try #require(login.json["deviceToken"]?.stringValue)
            #expect(try await call(.PUT, first.base + "/webhooks/h", apiKey, ["topic": "/load", "url": .string(hook),
                                                                               "secret": "s"]).status == 200)
            let keyOfFirst = try await call(.GET, first.base + "/device/webpush-key", "", nil).json["publicKey"]
            let payload: JSONValue = ["responseTopic": "/load", "fields": [["id": "n", "type": "inputInteger", "maxValue": 1000]]]
            // 400 messages to answer, sent 8 at a time.
            let messages = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var ids: [String] = []
                        for _ in 0..<50 {
                            let sent = try await call(.POST, first.base + "/send", apiKey, [
                                "title": "t", "body": "b", "payload": payload, "to": ["users": ["joe"]],
                            ])
                            guard let id = sent.json["messageId"]?.stringValue else { throw NotifyServerReliabilityTests.TestFailure("send: \(sent.json)") }
                            ids.append(id)
                        }
                        return ids
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let load = Load()
            let base = first.base
            let messageIDs = messages
            await withTaskGroup(of: Void.self) { group in
                // Answers from 6 lanes, and more messages (pushes) from a seventh, until the kill.
                for lane in 0..<6 {
                    group.addTask {
                        for (index, message) in messageIDs.enumerated() where index % 6 == lane {
                            if load.killed.load(ordering: .acquiring) { break }
                            let id = "resp-\(index)"
                            let answer = try? await NotifyServerReliabilityTests.request(.POST, base + "/device/responses", token, [
                                "responseId": .string(id), "messageId": .string(message), "submitValue": 0,
                                "values": ["n": .number(Double(index))],
                            ], timeout: 2)    // a request cut by the kill throws: not acknowledged
                            if answer?.status == 201 { load.acknowledgedAnswers.withLock { $0.append(id) } }
                            // Paced, so that the answers outlast the wait for the kill's moment
                            // (at most one webhook timeout and retry, about 2.5 s).
                            try? await Task.sleep(for: .milliseconds(50))
                        }
                    }
                }
                group.addTask {
                    while !load.killed.load(ordering: .acquiring) {
                        let sent = try? await NotifyServerReliabilityTests.request(.POST, base + "/send", apiKey, [
                            "title": "t", "body": "b", "payload": payload, "to": ["users": ["joe"]],
                        ], timeout: 2)
                        if sent?.status == 201, let id = sent?.json["messageId"]?.stringValue {
                            load.acknowledgedMessages.withLock { $0.append(id) }
                        }
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                }
                // The kill: once 30 answers were acknowledged, the moment the server's webhook engine
                // has just sent a claimed row (held at the receiver: its lease has 3 s to run).
                group.addTask {
                    while load.acknowledgedAnswers.withLock({ $0.count }) < 30 {
                        try? await Task.sleep(for: .milliseconds(5))
                    }
                    let heldBefore = receiver.held
                    while receiver.held == heldBefore {
                        try? await Task.sleep(for: .milliseconds(2))
                    }
                    load.killed.store(true, ordering: .releasing)
                    await first.kill()
                }
            }
            let acknowledged = load.acknowledgedAnswers.withLock { $0 }
            #expect(acknowledged.count >= 30)
            #expect(acknowledged.count < messages.count, "the kill came after the load, not during it")
            // The dead server's claims are still leased: the survivor must wait them out.
            #expect(try await Self.count("""
                SELECT count(*)::bigint FROM notify_outbox
                WHERE delivered_at IS NULL AND claimed_until > extract(epoch FROM clock_timestamp())
                """, on: database) >= 1)
            receiver.open()

            try await Server.with(dataDirectory: folder.appendingPathComponent("b"), arguments: arguments) { second in
                // Every acknowledged answer is stored.
                var stored = Set<String>()
                var after = "0"
                while true {
                    let page = try await call(.GET, second.base + "/responses?topic=/load&after=\(after)&limit=1000", apiKey, nil)
                    let ids = page.json["responses"]?.arrayValue?.compactMap { $0["responseId"]?.stringValue } ?? []
                    stored.formUnion(ids)
                    if ids.isEmpty { break }
                    after = page.json["next"]?.stringValue ?? after
                }
                #expect(Set(acknowledged).isSubset(of: stored), "lost: \(Set(acknowledged).subtracting(stored).sorted())")
                // Every stored answer reaches the webhook, sent by the survivor (the receiver
                // counts only what came after the kill), and the outbox empties.
                let deadline = ContinuousClock.now.advanced(by: .seconds(60))
                while ContinuousClock.now < deadline,
                      try await Self.count("SELECT count(*)::bigint FROM notify_outbox WHERE delivered_at IS NULL", on: database) > 0 {
                    try await Task.sleep(for: .milliseconds(50))
                }
                let delivered = Set(receiver.countsByResponseId.keys)
                #expect(stored.isSubset(of: delivered), "undelivered: \(stored.subtracting(delivered).sorted())")
                #expect(try await Self.count("SELECT count(*)::bigint FROM notify_outbox WHERE delivered_at IS NULL",
                                             on: database) == 0)
                // Every push of every acknowledged message is settled (none left pending by the dead server).
                let sent = load.acknowledgedMessages.withLock { $0 } + messages
                while ContinuousClock.now < deadline,
                      try await Self.count("SELECT count(*)::bigint FROM notify_delivery WHERE state = 'pending'", on: database) > 0 {
                    try await Task.sleep(for: .milliseconds(50))
                }
                for id in sent {
                    let message = try await call(.GET, second.base + "/messages/\(id)", apiKey, nil)
                    let states = message.json["deliveries"]?.arrayValue?.compactMap { $0["state"]?.stringValue } ?? []
                    #expect(states == ["delivered"], "message \(id): \(message.json)")
                }
                // One Web Push key for both servers.
                let keyOfSecond = try await call(.GET, second.base + "/device/webpush-key", "", nil).json["publicKey"]
                #expect(keyOfFirst?.stringValue?.isEmpty == false)
                #expect(keyOfSecond == keyOfFirst)
            }
        }
    }

    /// The one number a `SELECT count(*)::bigint …` answers.
    static func count(_ query: PostgresQuery, on database: PostgresStoreDatabase) async throws -> Int {
        for try await count in try await database.client.query(query, logger: database.logger).decode(Int64.self) {
            return Int(count)
        }
        return 0
    }
}
