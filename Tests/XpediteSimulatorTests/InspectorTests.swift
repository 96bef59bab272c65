import Foundation
import XpediteClient
import Testing
import XpediteProtocol
@testable import XpediteSimulator

@Suite("Packet inspector")
struct InspectorTests {
    @Test func issuesAreHighlightedAtTheirPaths() async throws {
        let log = PacketLog()
        let answer = Data(#"{"rc":0,"components":[{"type":"label","text":"ok"},{"type":"label"}]}"#.utf8)
        await log.record(request: Data(#"{"method":"setConnection"}"#.utf8), answer: answer, failure: nil,
                         at: Date(), duration: .milliseconds(3))
        let exchanges = await log.exchanges
        #expect(!exchanges[0].issues.isEmpty)
        let html = InspectorRenderer(endpointURL: "http://127.0.0.1:8080/xpedite").render(exchanges)
        #expect(html.contains("data-issue-path=\"$.components[1]"))
        #expect(html.contains(">setConnection</span>"))
        #expect(html.contains("data-action=\"resend\" data-number=\"1\""))
        #expect(html.contains("curl -X POST"))
    }

    @Test func packetTextIsEscaped() async throws {
        let log = PacketLog()
        let answer = Data(#"{"rc":0,"components":[{"type":"label","text":"<script>alert(1)</script>"}]}"#.utf8)
        await log.record(request: Data("{}".utf8), answer: answer, failure: nil, at: Date(), duration: .zero)
        let html = InspectorRenderer(endpointURL: nil).render(await log.exchanges)
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;"))
    }

    @Test func curlQuotesTheBodyForTheShell() {
        let curl = InspectorRenderer(endpointURL: "http://h/x").curl(Data(#"{"text":"it's"}"#.utf8))
        #expect(curl == #"curl -X POST -H 'Content-Type: application/json' --data '{"text":"it'\''s"}' http://h/x"#)
    }

    @Test func theOfflineSwitchFailsSendsAndEveryExchangeIsLogged() async throws {
        let log = PacketLog()
        let transport = SwitchableTransport(base: InProcessTransport { _ in Data(#"{"rc":0,"components":[]}"#.utf8) }, log: log)
        transport.isOffline = true
        await #expect(throws: TransportError.self) { try await transport.send(Data("{}".utf8)) }
        transport.isOffline = false
        let answer = try await transport.send(Data("{}".utf8))
        #expect(String(decoding: answer, as: UTF8.self) == #"{"rc":0,"components":[]}"#)
        let exchanges = await log.exchanges
        #expect(exchanges.map(\.number) == [1, 2])
        #expect(exchanges[0].failure?.contains("offline") == true)
        #expect(exchanges[0].answer == nil)
        #expect(exchanges[1].failure == nil)
    }

    @Test func prettyJSONIsIndentedWithSortedKeysAndMarksIssues() throws {
        var writer = HTMLWriter()
        let value = try JSONValue(parsing: #"{"b":1,"a":[true,null,"x"],"c":{}}"#)
        let issue = ValidationIssue(path: JSONPath.root.appending("a").appending(2), code: .typeMismatch,
                                    severity: .error, message: "bad")
        JSONHTML(issues: [issue]).write(value, &writer)
        #expect(writer.html == """
            {
              <span class="x-json-key">&quot;a&quot;</span>: [
                <span class="x-json-literal">true</span>,
                <span class="x-json-literal">null</span>,
                <span class="x-issue" title="error: bad" data-issue-path="$.a[2]"><span class="x-json-string">&quot;x&quot;</span></span>
              ],
              <span class="x-json-key">&quot;b&quot;</span>: <span class="x-json-literal">1</span>,
              <span class="x-json-key">&quot;c&quot;</span>: {}
            }
            """)
    }
}
