import Foundation
import HummingbirdTesting
import Testing
import XpediteServer
import XpediteTestSupport

/// Every malformed body gets HTTP 200 and an `rc` message naming the problem, with an empty
/// `components` — never a crash, a 500 or internal detail (docs/protocol/packets.md#transport).
@Suite struct MalformedBodyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var contentType: String? = "application/json"
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "not JSON", body: "{method: home}", message: "Bad request: the body is not valid JSON."),
        Case(name: "truncated JSON", body: "{\"method\":\"home\",", message: "Bad request: the body is not valid JSON."),
        Case(name: "array body", body: "[{\"method\":\"home\"}]",
             message: "Bad request: the body must be a JSON object, not an array."),
        Case(name: "string body", body: "\"setConnection\"",
             message: "Bad request: the body must be a JSON object, not a string."),
        Case(name: "null body", body: "null", message: "Bad request: the body must be a JSON object, not a null."),
        Case(name: "method of the wrong type", body: "{\"method\":42,\"token\":\"t\"}",
             message: "Bad request: $.method: expected a string, got 42"),
        Case(name: "token of the wrong type", body: "{\"method\":\"home\",\"token\":7}",
             message: "Bad request: $.token: expected a string, got 7"),
        Case(name: "parameters of the wrong type", body: "{\"method\":\"home\",\"token\":\"t\",\"parameters\":[1]}",
             message: "Bad request: $.parameters: expected an object, got an array"),
        Case(name: "negative offset", body: "{\"method\":\"list\",\"token\":\"t\",\"offset\":-1}",
             message: "Bad request: $.offset: expected an integer of at least 0, got -1"),
        Case(name: "missing method", body: "{\"token\":\"t\"}",
             message: "Bad request: $: request requires \"method\""),
        Case(name: "missing token", body: "{\"method\":\"home\"}",
             message: "Bad request: $: a request after setConnection requires \"token\""),
        Case(name: "empty body", body: "", message: "Bad request: the body is empty; send a JSON object."),
        Case(name: "whitespace body", body: " \n\t", message: "Bad request: the body is empty; send a JSON object."),
        Case(name: "wrong content type", body: connectJSON, contentType: "text/plain",
             message: "Bad request: the content type must be application/json, not \"text/plain\"."),
        Case(name: "form content type", body: "method=home", contentType: "application/x-www-form-urlencoded",
             message: "Bad request: the content type must be application/json, not \"application/x-www-form-urlencoded\"."),
        Case(name: "too large", body: "{\"method\":\"home\",\"token\":\"t\",\"pad\":\"" + String(repeating: "x", count: 1 << 20) + "\"}",
             message: "Bad request: the body is larger than the limit of 1048576 bytes."),
    ]

    @Test(arguments: cases)
    func malformedBodyGetsAnRcMessage(_ malformed: Case) async throws {
        let logs = LogCapture()
        let app = CustomerTestApp.make(configuration: testConfiguration(logs: logs))
        try await application(app).test(.router) { client in
            let answer = try await client.post(malformed.body, contentType: malformed.contentType)
            #expect(answer["rc"] == .string(malformed.message))
            #expect(answer["components"] == [])
            #expect(answer["token"] == nil)
            #expect(answer["version"] == 1)
            // Nothing internal: no Swift type names, no file paths.
            let text = CanonicalJSON.string(answer)
            #expect(!text.contains("Error("), "\(text)")
            #expect(!text.contains(".swift"), "\(text)")
        }
    }

    @Test(arguments: [
        ("application/json", true), ("Application/JSON; charset=utf-8", true), ("application/vnd.xpedite+json", true),
        ("text/json", false), ("multipart/form-data; boundary=x", false),
        (" application/json ;charset=utf-8", true), ("\tAPPLICATION/JSON", true), ("application/jsonx", false),
        ("application/json5", false), ("application/jso", false), ("application/problem+json", true), ("", false),
    ])
    func contentTypes(_ contentType: String, accepted: Bool) async throws {
        let endpoint = try CustomerTestApp.make(configuration: testConfiguration()).makeEndpoint()
        let answer = try JSONValue(parsing: await endpoint.respond(to: Data(connectJSON.utf8), contentType: contentType))
        #expect((answer["rc"] == 0) == accepted)
    }

    @Test func missingContentTypeIsAccepted() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        try await application(app).test(.router) { client in
            let answer = try await client.post(connectJSON, contentType: nil)
            #expect(answer["rc"] == 0)
        }
    }

    @Test func invalidUTF8IsNotJSON() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        let endpoint = try app.makeEndpoint()
        let answer = try JSONValue(parsing: await endpoint.respond(to: Data([0x7B, 0xFF, 0xFE, 0x7D])))
        #expect(answer["rc"] == "Bad request: the body is not valid JSON.")
    }

    @Test func sizeLimitIsConfigurable() async throws {
        var configuration = testConfiguration()
        configuration.maximumBodySize = 64
        let app = CustomerTestApp.make(configuration: configuration)
        try await application(app).test(.router) { client in
            let answer = try await client.post(connectJSON)
            #expect(answer["rc"] == "Bad request: the body is larger than the limit of 64 bytes.")
        }
    }

    @Test func otherPathsAndVerbsAreNotTheEndpoint() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        try await application(app).test(.router) { client in
            let response = try await client.execute(uri: "/xpedite", method: .get)
            #expect(response.status != .ok)
            #expect(response.status != .internalServerError)
        }
    }
}
