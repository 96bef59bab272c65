import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import XpediteProtocol

/// A server in another language, written to the protocol reference, works with it: the stdlib
/// Python server (old dialect, Tests/XpediteCLITests/ClientServer) gets the requests of the
/// reference's example conversation (docs/protocol/packets.md), exactly as the reference shows
/// them, and its answers validate and have the shapes the reference documents for them.
@Suite("The protocol reference against a Python server", .serialized)
struct ReferenceConversationTests {
    /// The conversation's steps: (request fixture, the documented answer), in order.
    static let steps: [(request: String, answer: String)] = Fixtures.files(in: "protocol")
        .filter { $0.hasPrefix("conversation-") && $0.hasSuffix("-request.json") }
        .map { ($0, $0.replacingOccurrences(of: "-request.json", with: "-response.json")) }

    @Test("the reference's conversation has its five steps, each shown in packets.md")
    func conversationIsDocumented() throws {
        #expect(Self.steps.count == 5)
        let shown = Set(try ProtocolReference.examples().compactMap(\.fixture))
        for step in Self.steps {
            #expect(shown.contains("protocol/\(step.request)") && shown.contains("protocol/\(step.answer)"))
        }
    }

    @Test(.enabled(if: ClientPythonServerTests.python != nil, "python3 is not installed: the Python server test is skipped"))
    func thePythonServerAnswersTheDocumentedRequestsWithTheDocumentedShapes() async throws {
        try await ClientPythonServerTests.PythonServer.with(python: try #require(ClientPythonServerTests.python)) { server in
            var token: String?
            for (index, step) in Self.steps.enumerated() {
                var request = try #require(try JSONValue(parsing: Fixtures.data("protocol", step.request)).objectValue)
                let documented = try JSONValue(parsing: Fixtures.data("protocol", step.answer))
                if request["token"] != nil {
                    request["token"] = .string(try #require(token, "no token before \(step.request)"))
                } else {
                    #expect(index == 0, "only setConnection goes without a token")
                }
                let answer = try await Self.post(.object(request), to: server.url)
                if let new = answer["token"]?.stringValue { token = new }

                let report = PacketValidator(options: ValidationOptions(isConnectionReply: index == 0)).validate(answer)
                #expect(report.isValid, "\(step.request): the answer has errors: \(report.issues.errors.map(\.description))")
                #expect(PacketKind.recognise(answer) == PacketKind.recognise(documented),
                        "\(step.request): a \(PacketKind.recognise(documented)) answer is documented")
                Self.expectShape(of: report.normalized, like: documented, isConnectionReply: index == 0, step.request)
            }
        }
    }

    /// The answer (normalised) has the entries the reference requires where the documented
    /// answer has them (`rc` and `components` or `data`; also `version` and `token` answering
    /// `setConnection`: a later answer only should echo the token) and the kinds of component
    /// it documents; a data answer has rows with the documented fields, and `max` when the
    /// documented batch is partial.
    static func expectShape(of answer: JSONValue, like documented: JSONValue, isConnectionReply: Bool, _ step: String) {
        let required = ["rc", "components", "data"] + (isConnectionReply ? ["version", "token"] : [])
        for key in required where documented[key] != nil {
            #expect(answer[key] != nil, "\(step): the answer has no \(key), which the reference documents")
        }
        #expect(componentTypes(documented).isSubset(of: componentTypes(answer)),
                "\(step): documented \(componentTypes(documented).sorted()), answered \(componentTypes(answer).sorted())")
        if let rows = documented["data"]?.arrayValue, let first = rows.first?.objectValue {
            let answered = answer["data"]?.arrayValue ?? []
            #expect(!answered.isEmpty, "\(step): no rows")
            for row in answered {
                #expect(Set(first.keys).isSubset(of: Set(row.objectValue?.keys ?? [])),
                        "\(step): a row lacks the documented fields \(first.keys.sorted())")
            }
            #expect((documented["max"] != nil) == (answer["max"] != nil), "\(step): max is documented for a partial batch")
        }
    }

    /// The `type` of every component, nested ones included.
    static func componentTypes(_ packet: JSONValue) -> Set<String> {
        var types: Set<String> = []
        func visit(_ components: [JSONValue]) {
            for component in components {
                if let type = component["type"]?.stringValue { types.insert(type) }
                visit(component["components"]?.arrayValue ?? [])
            }
        }
        visit(packet["components"]?.arrayValue ?? [])
        return types
    }

    /// POSTs a packet as the phone does and returns the JSON answer (HTTP 200 required).
    static func post(_ packet: JSONValue, to url: String) async throws -> JSONValue {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: CanonicalJSON.data(packet)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(20))
        #expect(response.status.code == 200)
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return try JSONValue(parsing: Data(bytes.readableBytesView))
    }
}
