import Foundation
import HummingbirdTesting
import Testing
import XpediteBuilder
import XpediteServer

/// A handler returns anything that conforms to `XpediteResponseGenerator`; its type says whether
/// the request expects a screen or rows, also when the handler throws.
@Suite("Handler return types")
struct ResponseGeneratorTests {
    /// An app's own answer type: a greeting that becomes a screen.
    struct Greeting: XpediteResponseGenerator {
        var name: String
        static var packetKind: PacketKind { .response }
        func xpediteResponse() -> XpediteResponse {
            .screen(ResponsePacket(title: "Hi", components: [.label(.init(text: "Hello, \(name)"))]))
        }
    }

    static func make() -> XpediteApp {
        var app = XpediteApp(configuration: testConfiguration())
        app.onConnect { _ in Screen(title: "Welcome") { Label("Welcome") } }
        app.on("packet") { _ in ResponsePacket(title: "Packet", components: []) }
        app.on("screen") { _ in Screen(title: "Screen") { Label("From the DSL") }.background(.rgb(0xF5F5F5)) }
        app.on("greeting") { call in Greeting(name: call.parameter("name") ?? "you") }
        app.on("rows") { call in TablePage(slicing: [["n": 1], ["n": 2]], page: call.page) }
        app.on("html") { _ in DataResponse(data: .html("<p>Hi</p>")) }
        app.on("failingRows") { _ -> TablePage in throw XpediteError.message("No rows today.") }
        return app
    }

    @Test("screens from the DSL, a packet and the app's own type; rows from a page and a data response")
    func kinds() async throws {
        try await Self.make().test { client in
            let (welcome, token) = try await client.connect()
            #expect(welcome.labelTexts == ["Welcome"])
            let packet = try await client.post(["method": "packet", "token": .string(token)])
            #expect(packet["title"] == "Packet")
            let screen = try await client.post(["method": "screen", "token": .string(token)])
            #expect(screen.labelTexts == ["From the DSL"])
            #expect(screen["background"] == "#F5F5F5")
            #expect(screen["token"] == .string(token))
            let greeting = try await client.post(["method": "greeting", "token": .string(token),
                                                  "parameters": ["name": "Ada"]])
            #expect(greeting.labelTexts == ["Hello, Ada"])
            let rows = try await client.post(["method": "rows", "token": .string(token)])
            #expect(rows["data"] == [["n": 1], ["n": 2]])
            #expect(rows["token"] == .string(token))
            #expect(rows["components"] == nil)
            let html = try await client.post(["method": "html", "token": .string(token)])
            #expect(html["data"] == "<p>Hi</p>")
        }
    }

    @Test("a table handler that throws answers with rc and empty rows, not a screen")
    func throwingTable() async throws {
        try await Self.make().test { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "failingRows", "token": .string(token)])
            #expect(answer["rc"] == "No rows today.")
            #expect(answer["data"] == [])
            #expect(answer["components"] == nil)
        }
    }

    @Test("the kinds the SDK's and the DSL's types declare")
    func declaredKinds() {
        #expect(ResponsePacket.packetKind == .response)
        #expect(Screen.packetKind == .response)
        #expect(TablePage.packetKind == .data)
        #expect(DataResponse.packetKind == .data)
    }
}
