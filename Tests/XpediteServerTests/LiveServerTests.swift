import Foundation
import HummingbirdTesting
import Testing
import XpediteServer
import XpediteServerSQLite

/// The endpoint over a real socket.
@Suite struct LiveServerTests {
    @Test func conversationOverARealSocket() async throws {
        let directory = SessionStoreTests.temporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        var configuration = testConfiguration(store: try SQLiteSessionStore(directory: directory))
        configuration.exportPrometheus()
        let app = CustomerTestApp.make(configuration: configuration)
        try await app.makeApplication(port: 0).test(.live) { client in
            #expect(client.port != nil)
            let (answer, token) = try await client.connect()
            #expect(answer.labelTexts == ["Welcome", "width 393"])
            let home = try await client.post(["method": "home", "token": .string(token)])
            #expect(home.labelTexts == ["Home"])
            let page = try await client.post(["method": "listCustomers", "token": .string(token), "offset": 40, "limit": 40])
            #expect(page["data"]?.arrayValue?.count == 17)
            // A body over the limit is refused and the connection stays usable.
            let large = "{\"method\":\"home\",\"token\":\"\(token)\",\"pad\":\"" + String(repeating: "x", count: 1 << 20) + "\"}"
            let refused = try await client.post(large)
            #expect(refused["rc"] == "Bad request: the body is larger than the limit of 1048576 bytes.")
            let after = try await client.post(["method": "home", "token": .string(token)])
            #expect(after.labelTexts == ["Home"])
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.status == .ok)
        }
    }
}
