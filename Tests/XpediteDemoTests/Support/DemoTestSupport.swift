import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
@testable import XpediteDemo
import XpediteServer
import XpediteTestFixtures
import XpediteTestSupport

/// The notification API key of the tests' demo servers.
let testAPIKey = "demo-test-api-key"

/// The demo's configuration for tests: a small seed, the cheapest bcrypt, quiet logs, a given API key.
func demoConfiguration(directory: URL, customers: Int = 100, logs: LogCapture = LogCapture()) -> DemoConfiguration {
    var configuration = DemoConfiguration(dataDirectory: directory)
    configuration.apiKey = testAPIKey
    configuration.customerCount = customers
    configuration.passwordCost = 4
    configuration.logger = logs.logger
    configuration.clock = { Date(timeIntervalSince1970: 1_779_000_000) }  // 2026-05-17 06:40 UTC
    return configuration
}

/// Opens a demo server in a fresh directory (and, on PostgreSQL, a fresh database), runs `body`
/// with a router test client, and closes it.
func withDemo(on kind: DemoStoreKind = .sqlite, customers: Int = 100, logs: LogCapture = LogCapture(),
              configure: (inout DemoConfiguration) -> Void = { _ in },
              _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    try await kind.withConfiguration(customers: customers, logs: logs) { configuration in
        var configuration = configuration
        configure(&configuration)
        let server = try await DemoServer.open(configuration)
        try await server.makeApplication().test(.router) { client in try await body(client) }
        try server.close()
    }
}

/// The `setConnection` packet of an iPhone 16.
let connectJSON = """
    {"method":"setConnection","bundleID":"xpedite.software","uuid":"6F1C-TEST","bounds":"(0.0, 0.0, 393.0, 852.0)","xpediteVersion":1}
    """

extension TestClientProtocol {
    /// Posts `text` to `/xpedite`, checks HTTP 200, and parses the answer.
    @discardableResult
    func post(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let response = try await execute(uri: "/xpedite", method: .post, headers: [.contentType: "application/json"],
                                         body: ByteBuffer(string: text))
        #expect(response.status == .ok, sourceLocation: sourceLocation)
        return try JSONValue(parsing: Data(response.body.readableBytesView))
    }

    /// Posts a request built from members.
    @discardableResult
    func post(_ members: [String: JSONValue], sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        try await post(CanonicalJSON.string(.object(JSONObject(members))), sourceLocation: sourceLocation)
    }

    /// Calls `method` with `token` and extra members.
    @discardableResult
    func call(_ method: String, _ token: String, _ extra: [String: JSONValue] = [:],
              sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        var members = extra
        members["method"] = .string(method)
        members["token"] = .string(token)
        return try await post(members, sourceLocation: sourceLocation)
    }

    /// Connects and returns the answer and its token.
    func connect(sourceLocation: SourceLocation = #_sourceLocation) async throws -> (JSONValue, String) {
        let answer = try await post(connectJSON, sourceLocation: sourceLocation)
        let token = try #require(answer["token"]?.stringValue, sourceLocation: sourceLocation)
        return (answer, token)
    }

    /// Sends the sign-in form.
    func signIn(_ token: String, email: String = DemoAccount.username, password: String = DemoAccount.password,
                sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        try await call("signIn", token, ["formdata": ["signIn": ["email": .string(email), "password": .string(password)]]],
                       sourceLocation: sourceLocation)
    }

    /// Connects and signs in with the demo account; returns the token.
    func signedIn(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let (_, token) = try await connect(sourceLocation: sourceLocation)
        let answer = try await signIn(token, sourceLocation: sourceLocation)
        #expect(answer["title"] == "Customers", sourceLocation: sourceLocation)
        return token
    }

    /// A page of the customer table.
    func page(_ token: String, offset: Int, limit: Int = 40, search: String? = nil) async throws -> JSONValue {
        var extra: [String: JSONValue] = ["offset": .number(Double(offset)), "limit": .number(Double(limit))]
        if let search { extra["parameters"] = ["q": .string(search)] }
        return try await call("listCustomers", token, extra)
    }
}

extension JSONValue {
    /// The `components` array.
    var components: [JSONValue] { self["components"]?.arrayValue ?? [] }

    /// Every component, containers' children included, depth first.
    var allComponents: [JSONValue] {
        components.flatMap { [$0] + $0.allComponents }
    }

    /// The component with `id` anywhere on the screen.
    func component(id: String) -> JSONValue? {
        allComponents.first { $0["id"] == .string(id) }
    }

    /// The component whose `name` is `name` anywhere on the screen.
    func field(_ name: String) -> JSONValue? {
        allComponents.first { $0["name"] == .string(name) }
    }

    /// The ids of a data response's rows.
    var rowIDs: [Int] { self["data"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? [] }
}
