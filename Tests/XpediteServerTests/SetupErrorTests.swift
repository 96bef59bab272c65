import Hummingbird
import Testing
import XpediteServer
import XpediteTestSupport

/// Registering never overwrites silently: the mistakes are thrown when the app is mounted.
@Suite("Setup errors")
struct SetupErrorTests {
    static func screen(_ title: String) -> @Sendable (XpediteCall) -> ResponsePacket {
        { _ in ResponsePacket(title: title, components: []) }
    }

    @Test("registering a method twice is thrown by mount, with the method's name")
    func duplicateMethod() throws {
        var app = XpediteApp()
        app.onConnect(Self.screen("Welcome"))
        app.on("home", Self.screen("Home"))
        app.on("home", Self.screen("Other home"))
        #expect(throws: XpediteSetupError.duplicateMethod("home")) { try app.mount(on: Router()) }
        #expect(throws: XpediteSetupError.duplicateMethod("home")) { try app.makeEndpoint() }
        #expect(XpediteSetupError.duplicateMethod("home").description.contains("\"home\" is registered twice"))
    }

    @Test("a method registered twice through a group, or a table over a screen, is a duplicate too")
    func duplicateInGroup() throws {
        var app = XpediteApp()
        app.on("rows") { call in TablePage(slicing: [], page: call.page) }
        app.group(requiring: XpediteGuard { _ -> ResponsePacket? in nil }) { group in
            group.on("rows", Self.screen("Rows"))
        }
        #expect(throws: XpediteSetupError.duplicateMethod("rows")) { try app.checkSetup() }
    }

    @Test("a second entry screen is thrown, whichever way it is registered")
    func duplicateConnect() throws {
        var viaOn = XpediteApp()
        viaOn.onConnect(Self.screen("One"))
        viaOn.on(RequestPacket.setConnection, Self.screen("Two"))
        #expect(throws: XpediteSetupError.duplicateConnect) { try viaOn.checkSetup() }

        var twice = XpediteApp()
        twice.onConnect(Self.screen("One"))
        twice.onConnect(Self.screen("Two"))
        #expect(throws: XpediteSetupError.duplicateConnect) { try twice.checkSetup() }
    }

    @Test("setConnection screen entries that would be dropped are thrown")
    func droppedConnectEntries() throws {
        var app = XpediteApp()
        app.on(RequestPacket.setConnection, screen: ScreenEntries(title: "Lost"), Self.screen("Welcome"))
        #expect(throws: XpediteSetupError.connectScreenEntries) { try app.mount(on: Router()) }
    }

    @Test("screen entries on a table handler, which would be dropped, are thrown")
    func droppedTableEntries() throws {
        var app = XpediteApp()
        app.on("rows", screen: ScreenEntries(title: "Lost")) { call in TablePage(slicing: [], page: call.page) }
        #expect(throws: XpediteSetupError.tableScreenEntries("rows")) { try app.checkSetup() }
    }

    @Test("setConnection answering rows, or behind a guard, is thrown")
    func connectMisuse() throws {
        var rows = XpediteApp()
        rows.on(RequestPacket.setConnection) { call in TablePage(slicing: [], page: call.page) }
        #expect(throws: XpediteSetupError.connectNotScreen) { try rows.checkSetup() }

        var guarded = XpediteApp()
        guarded.group(requiring: XpediteGuard { _ -> ResponsePacket? in nil }) { group in
            group.on(RequestPacket.setConnection, Self.screen("Welcome"))
        }
        #expect(throws: XpediteSetupError.guardedConnect) { try guarded.checkSetup() }
    }

    @Test("the app is frozen once mounted: later registrations are thrown and never served")
    func frozenAfterMount() async throws {
        let logs = LogCapture()
        var app = XpediteApp(configuration: testConfiguration(logs: logs))
        app.onConnect(Self.screen("Welcome"))
        let router = Router()
        try app.mount(on: router)
        app.on("late", Self.screen("Late"))
        #expect(throws: XpediteSetupError.registeredAfterMount("late")) { try app.mount(on: Router()) }
        #expect(throws: XpediteSetupError.registeredAfterMount("navigation menu")) {
            try app.register(navigation: Component.Navigation(id: "menu", implementation: .init(style: .slidefrom, position: .left), components: []))
        }
        // Logged when it happens, not only when mounting again.
        #expect(logs.lines.contains { $0.level == .error && $0.message == "Setup error" })
        // A copy of a mounted app is frozen too.
        var copy = app
        copy.on("later", Self.screen("Later"))
        #expect(throws: XpediteSetupError.registeredAfterMount("late")) { try copy.checkSetup() }
        #expect(copy.methods == [])
        // The running endpoint does not know the late method.
        let application = Application(router: router)
        try await application.test(.router) { client in
            let (_, token) = try await client.connect()
            let late = try await client.post(["method": "late", "token": .string(token)])
            #expect(late["rc"] == "The server has no method \"late\".")
        }
    }

    @Test("a navigation id registered twice is thrown at once")
    func duplicateNavigation() throws {
        var app = XpediteApp()
        let menu = Component.Navigation(id: "menu", implementation: .init(style: .slidefrom, position: .left), components: [])
        try app.register(navigation: menu)
        #expect(throws: XpediteSetupError.duplicateNavigation(id: "menu")) { try app.register(navigation: menu) }
    }

    @Test("a correct setup mounts, and mounting twice is fine")
    func correctSetup() throws {
        var app = XpediteApp()
        app.onConnect(Self.screen("Welcome"))
        app.on("home", Self.screen("Home"))
        try app.mount(on: Router())
        try app.mount(on: Router())
        #expect(app.methods == ["home"])
    }
}
