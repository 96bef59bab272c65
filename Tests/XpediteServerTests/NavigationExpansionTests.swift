import Foundation
import HummingbirdTesting
import Testing
import XpediteServer
import XpediteTestSupport

/// Navigation stubs are expanded the first time a session sees them
/// (docs/protocol/menus.md#a-menu-cached-by-id).
@Suite struct NavigationExpansionTests {
    static let menu = Component.Navigation(
        id: "main-menu", implementation: .init(style: .slidefrom, position: .left),
        components: [.menuEntry(.init(text: "Main")),
                     .menuEntry(.init(text: "Home", method: MethodCall(function: "home")))],
        effects: .init(shadePercent: 40))

    static let full: JSONValue = [
        "type": "navigation", "id": "main-menu", "implementation": ["style": "slidefrom", "position": "left"],
        "effects": ["shade%": 40],
        "components": [["type": "menuEntry", "text": "Main"],
                       ["type": "menuEntry", "text": "Home", "method": ["function": "home"]]],
    ]
    static let stub: JSONValue = ["type": "navigation", "id": "main-menu"]

    static func makeApp(store: any SessionStore, version: AppVersion = .number(1), logs: LogCapture = LogCapture()) throws
        -> XpediteApp
    {
        var configuration = testConfiguration(logs: logs, store: store)
        configuration.version = version
        var app = XpediteApp(configuration: configuration)
        try app.register(navigation: menu)
        app.onConnect { _ in ResponsePacket(components: [.navigation(.init(id: "main-menu")), .label(.init(text: "Hi"))]) }
        app.on("home") { _ in ResponsePacket(components: [.navigation(.init(id: "main-menu")), .label(.init(text: "Home"))]) }
        app.on("full") { _ in ResponsePacket(components: [.navigation(menu)]) }
        app.on("inForm") { _ in
            ResponsePacket(components: [.scrollview(.init(components: [.navigation(.init(id: "main-menu"))]))])
        }
        app.on("unknownStub") { _ in ResponsePacket(components: [.navigation(.init(id: "nowhere"))]) }
        return app
    }

    @Test func firstSightExpandsLaterSightsKeepTheStub() async throws {
        let store = InMemorySessionStore()
        try await Self.makeApp(store: store).test { client in
            let (first, token) = try await client.connect()
            #expect(first.components.first == Self.full)
            let second = try await client.post(["method": "home", "token": .string(token)])
            #expect(second.components.first == Self.stub)
            // Another session (another phone, or a relaunch) gets the full definition again.
            let (other, _) = try await client.connect()
            #expect(other.components.first == Self.full)
        }
    }

    @Test func aFullDefinitionSentByAHandlerCounts() async throws {
        try await Self.makeApp(store: InMemorySessionStore()).test { client in
            let answer = try await client.post(["method": "full", "token": "x"])  // renewed session: the entry screen
            let token = try #require(answer["token"]?.stringValue)
            let full = try await client.post(["method": "full", "token": .string(token)])
            #expect(full.components.first == Self.full)
            let home = try await client.post(["method": "home", "token": .string(token)])
            #expect(home.components.first == Self.stub)
        }
    }

    @Test func nestedStubsAreExpandedToo() async throws {
        try await Self.makeApp(store: InMemorySessionStore()).test { client in
            let (_, token) = try await client.connect()
            // Already sent in the connect screen: the nested stub stays a stub.
            let nested = try await client.post(["method": "inForm", "token": .string(token)])
            #expect(nested.components.first?["components"]?.arrayValue?.first == Self.stub)
        }
    }

    @Test func anUnknownStubIsLeftAloneAndLogged() async throws {
        let logs = LogCapture()
        try await Self.makeApp(store: InMemorySessionStore(), logs: logs).test { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "unknownStub", "token": .string(token)])
            #expect(answer.components == [["type": "navigation", "id": "nowhere"]])
            #expect(logs.lines.contains { $0.level == .warning && $0.metadata["xpedite.navigation"] == "nowhere" })
        }
    }

    @Test func aNewAppVersionResendsTheDefinition() async throws {
        let store = InMemorySessionStore()
        let token = try await Self.makeApp(store: store).test { client in
            try await client.connect().1
        }
        // The same sessions, served by release 2: the phone purges its navigation cache
        // (docs/protocol/caching.md#version-change-one-purge).
        try await Self.makeApp(store: store, version: .number(2)).test { client in
            let first = try await client.post(["method": "home", "token": .string(token)])
            #expect(first["version"] == 2)
            #expect(first.components.first == Self.full)
            let second = try await client.post(["method": "home", "token": .string(token)])
            #expect(second.components.first == Self.stub)
        }
    }

    @Test func registrationRefusesDefinitionsThatCannotExpand() {
        var app = XpediteApp()
        #expect(throws: XpediteSetupError.navigationWithoutID) {
            try app.register(navigation: Component.Navigation(implementation: .init(style: .button, position: .right)))
        }
        #expect(throws: XpediteSetupError.navigationWithoutImplementation(id: "stub")) {
            try app.register(navigation: Component.Navigation(id: "stub"))
        }
    }
}
