import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import XpediteClient
import XpediteNotify
import XpediteProtocol
import XpediteNotifySQLite
import XpediteTestFixtures
import XpediteNotifyTestSupport

/// A notifier in a fresh temporary folder, served by an application the tests drive with
/// HummingbirdTesting; backend calls go through the same test client with the API key, device
/// calls through ``DeviceClient`` with a ``RouterTransport``.
final class DeviceHarness: Sendable {
    static let apiKey = "device-tests-key"
    static let server = "test-server"

    let notifier: Notifier
    /// The server's data (`server`) and the phones' (`phone`, …); removed when the harness goes away.
    private let directory: TemporaryDirectory
    var folder: URL { directory.url }

    /// A fresh notifier; `maximumDocumentSize` lowers its upload limit (docs/notify-api.md: 413
    /// above it).
    init(maximumDocumentSize: Int? = nil) throws {
        directory = try TemporaryDirectory("device-tests")
        var configuration = NotifyTesting.configuration(dataDirectory: directory.appendingPathComponent("server"),
                                                        apiKey: Self.apiKey)
        if let maximumDocumentSize { configuration.maximumDocumentSize = maximumDocumentSize }
        notifier = try Notifier(configuration: configuration,
                                store: SQLiteNotifyStore(directory: configuration.dataDirectory))
    }

    /// Runs `body` against the notifier's application, in process (`.router`) or on a socket (`.live`).
    func run(_ testing: TestingSetup = .router, _ body: @escaping @Sendable (Backend) async throws -> Void) async throws {
        let router = Router()
        try notifier.mount(on: router)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              services: notifier.services)
        let folder = folder
        try await app.test(testing) { client in try await body(Backend(client: client, folder: folder)) }
    }
}

/// The backend side, with the API key, and a factory of devices.
struct Backend: Sendable {
    let client: any TestClientProtocol
    let folder: URL

    /// One backend request; the status and the parsed answer (`null` when empty).
    @discardableResult
    func call(_ method: HTTPRequest.Method, _ path: String, _ body: JSONValue? = nil) async throws -> (status: Int, json: JSONValue) {
        let answer = try await NotifyAPITestClient(client: client).request(method, path, bearer: DeviceHarness.apiKey, body: body)
        return (Int(answer.status.code), answer.json)
    }

    /// Creates a user with password `secret`.
    func user(_ name: String) async throws {
        let answer = try await call(.put, "/users/\(name)", ["password": "secret"])
        guard answer.status == 200 else { throw TestFailure("PUT /users/\(name): \(answer)") }
    }

    /// Sends a payload to users; the message id.
    func send(_ payload: JSONValue = SamplePayloads.colourWithState, to users: [String]) async throws -> String {
        let answer = try await call(.post, "/send", ["title": "Colour", "body": "Pick one", "payload": payload,
                                                     "to": ["users": .array(users.map(JSONValue.string))]])
        guard answer.status == 201, let id = answer.json["messageId"]?.stringValue else { throw TestFailure("send: \(answer)") }
        return id
    }

    /// The response objects published to a topic, oldest first.
    func responses(on topic: String = "/a/b/c") async throws -> [JSONValue] {
        try await call(.get, "/responses?topic=\(topic)").json["responses"]?.arrayValue ?? []
    }

    /// A device on its own data directory (`name` picks it: the same name is the same phone).
    /// Joe's device `name` behind a switchable network (up), signed in, with the colour payload (or
    /// `payload`) sent to joe and fetched: the start of every outbox test.
    func joesDeviceWithAMessage(_ name: String = "phone", payload: JSONValue = SamplePayloads.colourWithState) async throws
        -> (device: DeviceClient, network: SwitchableTransport, messageId: String, form: PayloadForm) {
        try await user("joe")
        let messageId = try await send(payload, to: ["joe"])
        let network = SwitchableTransport(RouterTransport(client: client))
        let device = try await device(name, transport: network)
        try await device.signIn(username: "joe", password: "secret")
        let form = try await device.message(messageId).form()
        return (device, network, messageId, form)
    }

    /// The documents of `kind` the server stores (`documents/<kind>/` of its data directory), whoever uploaded them.
    func storedDocuments(_ kind: String = "image") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("server/documents/\(kind)").path)
    }

    func device(_ name: String = "phone", transport: (any NotifyTransport)? = nil) async throws -> DeviceClient {
        try await DeviceClient(transport: transport ?? RouterTransport(client: client),
                               configuration: DeviceConfiguration(dataDirectory: folder.appendingPathComponent(name),
                                                                  server: DeviceHarness.server, deviceName: "Test \(name)",
                                                                  platform: "android"))
    }
}
