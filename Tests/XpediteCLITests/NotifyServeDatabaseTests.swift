import Foundation
import NIOHTTP1
import Testing
import XpediteProtocol
import XpeditePostgresTesting

/// `xpedite notify serve --database`: a bad URL or an unreachable database stops the server at
/// start-up with one clear line (exit 2); two servers on one PostgreSQL database share users,
/// messages and answers.
@Suite struct NotifyServeDatabaseTests {
    typealias Server = NotifyServerReliabilityTests.ServerProcess

    @Test func aDatabaseURLThatCannotBeReadStopsTheServer() async throws {
        let folder = try TemporaryDirectory("notify-serve-db-url")
        let result = try await XpediteBinary.run([
            "notify", "serve", "--data-dir", folder.url.path, "--port", "0", "--api-key", "k",
            "--database", "mysql://xpedite@127.0.0.1/xpedite",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("xpedite: database (--database): invalid database URL:"), "\(result.stderr)")
        #expect(!result.stdout.contains("listening on"))
    }

    @Test func theDatabaseURLCanComeFromTheEnvironmentAndTheOptionWins() async throws {
        let folder = try TemporaryDirectory("notify-serve-db-env")
        let arguments = ["notify", "serve", "--data-dir", folder.url.path, "--port", "0", "--api-key", "k"]
        let fromEnvironment = try await XpediteBinary.run(arguments, environment: ["XPEDITE_DATABASE_URL": "mysql://x@127.0.0.1/x"])
        #expect(fromEnvironment.status == 2)
        #expect(fromEnvironment.stderr.hasPrefix("xpedite: database (XPEDITE_DATABASE_URL): invalid database URL: the scheme is 'mysql'"),
                "\(fromEnvironment.stderr)")
        let optionWins = try await XpediteBinary.run(arguments + ["--database", "postgres://x@127.0.0.1:1/x?sslmode=bogus"],
                                                     environment: ["XPEDITE_DATABASE_URL": "mysql://x@127.0.0.1/x"])
        #expect(optionWins.status == 2)
        #expect(optionWins.stderr.hasPrefix("xpedite: database (--database): invalid database URL:"), "\(optionWins.stderr)")
    }

    @Test func anUnreachableDatabaseStopsTheServerWithoutShowingThePassword() async throws {
        let folder = try TemporaryDirectory("notify-serve-db-down")
        // Port 1 on the loopback: nothing listens, the connection is refused at once.
        let result = try await XpediteBinary.run([
            "notify", "serve", "--data-dir", folder.url.path, "--port", "0", "--api-key", "k",
            "--database", "postgres://xpedite:hunter2@127.0.0.1:1/xpedite?connect_timeout=5",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("xpedite: database (--database): cannot connect to"), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2"))
    }

    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"))
    func twoServersOnOneDatabaseShareUsersMessagesAndAnswers() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let folder = try TemporaryDirectory("notify-serve-db-two")
            let password = (url.password ?? "").addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed) ?? ""
            let database = ["--database", "postgres://\(url.username):\(password)@\(url.host):\(url.port)/\(url.database)"]
            try await Server.with(dataDirectory: folder.appendingPathComponent("a"), arguments: database) { first in
                try await Server.with(dataDirectory: folder.appendingPathComponent("b"), arguments: database) { second in
                    let call = { @Sendable (method: HTTPMethod, url: String, token: String, body: JSONValue?) in
                        try await NotifyServerReliabilityTests.request(method, url, token, body)
                    }
                    #expect(try await call(.PUT, first.base + "/users/joe", NotifyServerReliabilityTests.apiKey,
                                           ["password": "pw"]).status == 200)
                    let sent = try await call(.POST, first.base + "/send", NotifyServerReliabilityTests.apiKey, [
                        "title": "Colour", "body": "Pick one", "payload": NotifyServerCommandTests.colour, "to": ["users": ["joe"]],
                    ])
                    #expect(sent.status == 201)
                    let messageId = try #require(sent.json["messageId"]?.stringValue)
                    // The device logs in on the second server and answers there.
                    let login = try await call(.POST, second.base + "/device/login", "", [
                        "username": "joe", "password": "pw", "deviceId": "d", "deviceName": "Phone", "platform": "web",
                    ])
                    let token = try #require(login.json["deviceToken"]?.stringValue)
                    let answer: JSONValue = ["responseId": "r-1", "messageId": .string(messageId), "submitValue": 0,
                                             "values": ["simpleDropList": "Green"]]
                    #expect(try await call(.POST, second.base + "/device/responses", token, answer).status == 201)
                    // The same answer sent again to the first server is the stored one, not a second.
                    #expect(try await call(.POST, first.base + "/device/responses", token, answer).status == 200)
                    let message = try await call(.GET, first.base + "/messages/\(messageId)", NotifyServerReliabilityTests.apiKey, nil)
                    #expect(message.json["recipients"]?.arrayValue?.first?["state"] == "answered")
                    let responses = try await call(.GET, first.base + "/responses?topic=/a/b/c", NotifyServerReliabilityTests.apiKey, nil)
                    #expect(responses.json["responses"]?.arrayValue?.count == 1)
                }
            }
        }
    }
}
