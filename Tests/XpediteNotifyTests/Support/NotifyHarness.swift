import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import XpediteNotify
import XpediteProtocol
import XpediteNotifySQLite
import XpediteTestFixtures
import XpediteNotifyTestSupport

/// A notifier in a fresh temporary data directory, with a cheap bcrypt cost, the test push provider
/// and one API key; and helpers that speak docs/notify-api.md through a test client. The data
/// directory is removed when the harness goes away.
final class NotifyHarness: Sendable {
    static let apiKey = "test-api-key"

    let notifier: Notifier
    let pushes: TestPushProvider
    /// The data directory the harness made (none when it was given one).
    private let ownDirectory: TemporaryDirectory?

    /// A harness on a fresh data directory, or on `directory` (a restart of an earlier one).
    init(directory: URL? = nil, configure: (inout NotifyConfiguration) -> Void = { _ in }) throws {
        let url: URL
        if let directory {
            url = directory
            ownDirectory = nil
        } else {
            let own = try TemporaryDirectory("notify-tests")
            url = own.url
            ownDirectory = .some(own)
        }
        let pushes = TestPushProvider()
        var configuration = NotifyTesting.configuration(dataDirectory: url, apiKey: Self.apiKey, pushes: pushes)
        configure(&configuration)
        self.pushes = pushes
        notifier = try Notifier(configuration: configuration,
                                store: SQLiteNotifyStore(directory: configuration.dataDirectory))
    }

    /// A harness on `store` (a data directory is still made, for what is not in the store).
    init(store: any NotifyStore, configure: (inout NotifyConfiguration) -> Void = { _ in }) throws {
        let own = try TemporaryDirectory("notify-tests")
        let url = own.url
        ownDirectory = .some(own)
        let pushes = TestPushProvider()
        var configuration = NotifyTesting.configuration(dataDirectory: url, apiKey: Self.apiKey, pushes: pushes)
        configure(&configuration)
        self.pushes = pushes
        notifier = try Notifier(configuration: configuration, store: store)
    }

    /// An application serving the notifier (and its webhook dispatcher).
    func application() throws -> some ApplicationProtocol {
        let router = Router()
        try notifier.mount(on: router)
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                           services: notifier.services)
    }

    /// Runs `body` with the notifier's delivery engines running (as an application runs them),
    /// and stops them afterwards.
    func withDeliveryEngines<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let services = notifier.services
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask { try await service.run() }
            }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// The message once none of its deliveries is pending (the engines must be running).
    func settledMessage(_ messageId: String, timeout: Duration = .seconds(20)) async throws -> NotifyMessage {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            guard let message = try await notifier.message(messageId) else { throw TestFailure("no message \(messageId)") }
            if !message.deliveries.contains(where: { $0.state == .pending }) { return message }
            guard ContinuousClock.now < deadline else { throw TestFailure("deliveries still pending: \(message.deliveries)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// A test client speaking the API.
struct APIClient {
    let client: any TestClientProtocol

    /// One request; the answer's status and parsed body (`null` when empty or not JSON).
    @discardableResult
    func call(_ method: HTTPRequest.Method, _ path: String, token: String? = NotifyHarness.apiKey, body: JSONValue? = nil,
              raw: ByteBuffer? = nil, headers: HTTPFields = [:]) async throws -> (status: HTTPResponse.Status, json: JSONValue) {
        try await NotifyAPITestClient(client: client).request(method, path, bearer: token, body: body, raw: raw, headers: headers)
    }

    /// Creates a user.
    func user(_ name: String, password: String = "secret", groups: [String]? = nil) async throws {
        var body: [String: JSONValue] = ["password": .string(password)]
        if let groups { body["groups"] = .array(groups.map(JSONValue.string)) }
        let answer = try await call(.put, "/users/\(name)", body: .object(JSONObject(body)))
        guard answer.status == .ok else { throw TestFailure("PUT /users/\(name): \(answer.status) \(answer.json)") }
    }

    /// Logs a device in; returns its token.
    func login(_ name: String, password: String = "secret", deviceId: String? = nil, deviceName: String = "Test Phone",
               platform: String = "ios") async throws -> String {
        let answer = try await call(.post, "/device/login", token: nil, body: [
            "username": .string(name), "password": .string(password), "deviceId": .string(deviceId ?? "device-of-\(name)"),
            "deviceName": .string(deviceName), "platform": .string(platform),
        ])
        guard answer.status == .ok, let token = answer.json["deviceToken"]?.stringValue else {
            throw TestFailure("login \(name): \(answer.status) \(answer.json)")
        }
        return token
    }

    /// Sends a payload to users; returns the message id.
    func send(_ payload: JSONValue = SamplePayloads.colour, to users: [String], direct: Bool = false) async throws -> String {
        let answer = try await call(.post, "/send", body: [
            "title": "Colour", "body": "Pick one", "payload": payload,
            "to": ["users": .array(users.map(JSONValue.string))], "direct": .bool(direct),
        ])
        guard answer.status == .created, let id = answer.json["messageId"]?.stringValue else {
            throw TestFailure("send: \(answer.status) \(answer.json)")
        }
        return id
    }

    /// Answers a message from a device.
    func answer(_ messageId: String, token: String, responseId: String = UUID().uuidString,
                values: JSONValue = ["simpleDropList": "Green"], extra: [String: JSONValue] = [:]) async throws
        -> (status: HTTPResponse.Status, json: JSONValue) {
        var body: [String: JSONValue] = ["responseId": .string(responseId), "messageId": .string(messageId),
                                         "submitValue": 0, "values": values]
        for (key, value) in extra { body[key] = value }
        return try await call(.post, "/device/responses", token: token, body: .object(JSONObject(body)))
    }
}
