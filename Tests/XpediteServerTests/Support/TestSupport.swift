import Foundation
import XpediteTestFixtures
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import XpediteServer
import XpediteTestSupport

/// A configuration for tests: in-memory sessions, a hand clock, captured logs.
func testConfiguration(clock: TestClock = TestClock(), logs: LogCapture = LogCapture(),
                       store: any SessionStore = InMemorySessionStore()) -> XpediteConfiguration {
    var configuration = XpediteConfiguration()
    configuration.clock = clock.function
    configuration.logger = logs.logger
    configuration.sessionStore = store
    return configuration
}

/// A Hummingbird application serving `app`, for `.test(.router)` and `.test(.live)`; `logger` is
/// the application's, which request contexts (and so handlers) log through.
func application(_ app: XpediteApp,
                 logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }) throws -> some ApplicationProtocol {
    let router = Router(context: XpediteRequestContext.self)
    try app.mount(on: router)
    return Application(router: router, logger: logger)
}

/// The `setConnection` packet of an iPhone 16.
let connectJSON = """
    {"method":"setConnection","bundleID":"xpedite.software","uuid":"6F1C-TEST","bounds":"(0.0, 0.0, 393.0, 852.0)","xpediteVersion":1}
    """

/// Builds a request body.
func body(_ members: [String: JSONValue]) -> String {
    CanonicalJSON.string(.object(JSONObject(members)))
}

extension TestClientProtocol {
    /// Posts `text` to `/xpedite`, checks the HTTP status and content type, and parses the answer.
    @discardableResult
    func post(_ text: String, path: String = "/xpedite", contentType: String? = "application/json",
              sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        let response = try await execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: text))
        #expect(response.status == .ok, sourceLocation: sourceLocation)
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        return try JSONValue(parsing: Data(response.body.readableBytesView))
    }

    /// Posts a request built from members.
    @discardableResult
    func post(_ members: [String: JSONValue], sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        try await post(body(members), sourceLocation: sourceLocation)
    }

    /// Connects and returns the answer and its token.
    func connect(sourceLocation: SourceLocation = #_sourceLocation) async throws -> (JSONValue, String) {
        let answer = try await post(connectJSON, sourceLocation: sourceLocation)
        let token = try #require(answer["token"]?.stringValue, sourceLocation: sourceLocation)
        return (answer, token)
    }
}

extension JSONValue {
    /// The `components` array.
    var components: [JSONValue] { self["components"]?.arrayValue ?? [] }

    /// The texts of the labels among the components.
    var labelTexts: [String] {
        components.compactMap { $0["type"] == "label" ? $0["text"]?.stringValue : nil }
    }
}
