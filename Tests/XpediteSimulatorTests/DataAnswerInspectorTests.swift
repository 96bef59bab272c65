import Foundation
import Testing
import XpediteClient
import XpediteProtocol
@testable import XpediteSimulator

@Suite("Inspector: what each request expects")
struct DataAnswerInspectorTests {
    let oldScreen = #"""
        {"rc":0,"components":[
          {"type":"navigation","implementation":{"style":"slidefrom","position":"left"},"data":{"dynamic":"menuItems"},
           "cell":{"text":"Label","method":"Call"}},
          {"type":"section","components":[{"type":"web","data":{"dynamic":{"function":"page","parameters":{"n":1}}}}]}]}
        """#

    func record(_ log: PacketLog, _ request: String, _ answer: String) async {
        await log.record(request: Data(request.utf8), answer: Data(answer.utf8), failure: nil, at: Date(), duration: .zero)
    }

    @Test func dynamicMenuAndWebAnswersAreReadAsDataNotScreens() async throws {
        let log = PacketLog()
        await record(log, #"{"method":"setConnection"}"#, oldScreen)
        await record(log, #"{"method":"menuItems"}"#, #"{"rc":0,"data":[{"Label":"Home","Call":"home"}]}"#)
        await record(log, #"{"method":"page","parameters":{"n":1}}"#, #"{"rc":0,"data":"<p>hi</p>"}"#)
        await record(log, #"{"method":"rows","offset":0,"limit":40}"#, #"{"rc":0,"data":[]}"#)
        await record(log, #"{"method":"page","parameters":{"n":2}}"#, #"{"rc":0,"components":[]}"#)
        let exchanges = await log.exchanges
        #expect(exchanges.map(\.expected) == [.screen, .menuRecords, .webHTML, .tableRows, .screen])
        for exchange in exchanges { #expect(exchange.issues.filter { $0.severity == .error } == [], "\(exchange.method)") }
        let html = InspectorRenderer(endpointURL: nil).render(exchanges)
        #expect(html.contains("data-expected=\"menu records\""))
        #expect(html.contains(">web HTML</span>"))
    }

    @Test func anAnswerOfTheWrongKindIsAnIssueAtData() async throws {
        let log = PacketLog()
        await record(log, #"{"method":"setConnection"}"#, oldScreen)
        await record(log, #"{"method":"menuItems"}"#, #"{"rc":0,"data":"<p>not records</p>"}"#)
        await record(log, #"{"method":"page","parameters":{"n":1}}"#, #"{"rc":0,"data":[{"a":1}]}"#)
        let exchanges = await log.exchanges
        for exchange in exchanges.dropFirst() {
            #expect(exchange.issues.map(\.path) == [JSONPath.root.appending("data")])
            #expect(exchange.issues.map(\.code.rawValue) == ["wrong-data-kind"])
        }
        let html = InspectorRenderer(endpointURL: nil).render(exchanges)
        #expect(html.contains("data-issue-path=\"$.data\""))
    }

    @Test func theEngineAndTheInspectorAgreeOnALiveOldScreen() async throws {
        let log = PacketLog()
        let transport = SwitchableTransport(base: InProcessTransport { [oldScreen] body in
            let method = try JSONValue(parsing: body).objectValue?["method"]?.stringValue
            let answer = switch method {
            case "menuItems": #"{"rc":0,"data":[{"Label":"Home","Call":"home"}]}"#
            case "page": #"{"rc":0,"data":"<p>hi</p>"}"#
            default: oldScreen
            }
            return Data(answer.utf8)
        }, log: log)
        let client = try XpediteClient(transport: transport)
        await client.connect()
        await client.settle()
        let exchanges = await log.exchanges
        #expect(exchanges.map(\.expected) == [.screen, .menuRecords, .webHTML])
        #expect(exchanges.allSatisfy { $0.issues.filter { $0.severity == .error }.isEmpty })
        #expect(await client.state.webContent[[1, 0]] == "<p>hi</p>")
    }
}
