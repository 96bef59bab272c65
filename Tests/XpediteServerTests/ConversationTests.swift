import XpediteTestFixtures
import Foundation
import HummingbirdTesting
import Testing
import XpediteServer
import XpediteTestSupport

/// The conversation of docs/protocol/packets.md#the-conversation through the router: connect,
/// calls, tokens, expiry, dispatch, errors.
@Suite struct ConversationTests {
    let clock = TestClock()
    let logs = LogCapture()
    let runs = CustomerTestApp.Runs()

    func makeApp(_ adjust: (inout XpediteConfiguration) -> Void = { _ in }) -> XpediteApp {
        var configuration = testConfiguration(clock: clock, logs: logs)
        adjust(&configuration)
        return CustomerTestApp.make(configuration: configuration, runs: runs)
    }

    @Test func connectAnswersRcVersionTokenAndTheEntryScreen() async throws {
        let app = makeApp { $0.setDefaults = Defaults(font: .set("Helvetica"), fontsize: .set(16)) }
        try await application(app).test(.router) { client in
            let (answer, token) = try await client.connect()
            #expect(answer["rc"] == 0)
            #expect(answer["version"] == 1)
            #expect(answer["title"] == "Welcome")
            #expect(answer.labelTexts == ["Welcome", "width 393"])
            #expect(answer["setDefaults"] == ["font": "Helvetica", "fontsize": 16])
            // A random (version 4) UUID, lowercased.
            #expect(token.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
            // The answer is a valid setConnection reply.
            let report = PacketValidator(options: ValidationOptions(isConnectionReply: true)).validate(answer, as: .response)
            #expect(report.isValid, "\(report.issues)")
        }
    }

    @Test func everyConnectMakesANewUnguessableToken() async throws {
        try await application(makeApp()).test(.router) { client in
            var tokens: Set<String> = []
            for _ in 0..<20 { tokens.insert(try await client.connect().1) }
            #expect(tokens.count == 20)
        }
    }

    @Test func laterAnswersEchoTheToken() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "home", "token": .string(token)])
            #expect(answer["rc"] == 0)
            #expect(answer["token"] == .string(token))
            #expect(answer["version"] == 1)
            #expect(answer.labelTexts == ["Home"])
            #expect(answer["setDefaults"] == nil)
            #expect(runs.value == 1)
        }
    }

    @Test func sessionValuesPersistBetweenCalls() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            try await client.post(["method": "login", "token": .string(token), "parameters": ["name": "Alice"]])
            let answer = try await client.post(["method": "whoami", "token": .string(token)])
            #expect(answer.labelTexts == ["Alice"])
        }
    }

    @Test func oldStyleTopLevelArgumentsReachParameters() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "viewCustomer", "token": .string(token), "id": "12"])
            #expect(answer.labelTexts == ["Customer 12"])
            // Nested parameters win over top-level keys
            // (docs/protocol/packets.md#the-request-envelope).
            let nested = try await client.post(["method": "viewCustomer", "token": .string(token), "id": "12",
                                                "parameters": ["id": 13]])
            #expect(nested.labelTexts == ["Customer 13"])
        }
    }

    @Test func rowClickSendsSelected() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "viewCustomer", "token": .string(token), "selected": 123])
            #expect(answer.labelTexts == ["Customer 123"])
        }
    }

    @Test func unregisteredMethodGetsAMessageAndLeavesTheScreenAlone() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "deleteEverything", "token": .string(token)])
            #expect(answer["rc"] == "The server has no method \"deleteEverything\".")
            #expect(answer["components"] == [])
            #expect(answer["token"] == .string(token))
        }
    }

    @Test func forgedTokenNeverRunsTheMethodAndGetsANewSession() async throws {
        try await application(makeApp()).test(.router) { client in
            let forged = "08829e57-56ec-42a8-8b84-061981c054c8"
            let answer = try await client.post(["method": "home", "token": .string(forged)])
            #expect(runs.value == 0)
            #expect(answer["rc"] == 0)
            let token = try #require(answer["token"]?.stringValue)
            #expect(token != forged)
            #expect(answer["version"] == 1)
            #expect(answer.labelTexts == ["Welcome", "Session expired"])
            // The new token works.
            let next = try await client.post(["method": "home", "token": .string(token)])
            #expect(next.labelTexts == ["Home"])
            #expect(runs.value == 1)
        }
    }

    @Test func expiredSessionGetsANewSessionAndTheEntryScreen() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            try await client.post(["method": "login", "token": .string(token), "parameters": ["name": "Alice"]])
            clock.advance(by: 8 * 3600 + 1)
            let answer = try await client.post(["method": "whoami", "token": .string(token)])
            let renewed = try #require(answer["token"]?.stringValue)
            #expect(renewed != token)
            #expect(answer.labelTexts == ["Welcome", "Session expired"])
            // The old session's values are gone with it.
            let whoami = try await client.post(["method": "whoami", "token": .string(renewed)])
            #expect(whoami.labelTexts == ["nobody"])
        }
    }

    @Test func activityKeepsASessionAlive() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            for _ in 0..<3 {
                clock.advance(by: 7 * 3600)
                let answer = try await client.post(["method": "home", "token": .string(token)])
                #expect(answer["token"] == .string(token))
                #expect(answer.labelTexts == ["Home"])
            }
        }
    }

    @Test func idleTimeoutIsConfigurable() async throws {
        let app = makeApp { $0.sessionIdleTimeout = .seconds(60); $0.sessionTouchInterval = .seconds(1) }
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            clock.advance(by: 59)
            #expect(try await client.post(["method": "home", "token": .string(token)])["token"] == .string(token))
            clock.advance(by: 61)
            #expect(try await client.post(["method": "home", "token": .string(token)])["token"] != .string(token))
        }
    }

    @Test func xpediteErrorBecomesTheRcMessage() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "updateCustomer", "token": .string(token)])
            #expect(answer["rc"] == "Failed to update customer")
            #expect(answer["components"] == [])
            #expect(answer["token"] == .string(token))
            let coded = try await client.post(["method": "codeError", "token": .string(token)])
            #expect(coded["rc"] == 7)
        }
    }

    @Test func otherErrorsBecomeAGenericMessageAndAreLoggedWithTheRequestID() async throws {
        try await application(makeApp()).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "crash", "token": .string(token)])
            let rc = try #require(answer["rc"]?.stringValue)
            #expect(rc.hasPrefix("Something went wrong on the server. Please try again. (reference "))
            #expect(!rc.contains("hunter2"))
            #expect(!rc.contains("SecretError"))
            #expect(answer["components"] == [])
            #expect(answer["token"] == .string(token))
            let failure = try #require(logs.lines.first { $0.message == "Handler failed" })
            #expect(failure.level == .error)
            #expect(failure.metadata["error"]?.description.contains("hunter2") == true)
            let requestID = try #require(failure.metadata["xpedite.request"]?.description)
            #expect(rc.contains(requestID))
            #expect(failure.metadata["xpedite.method"] == "crash")
        }
    }

    @Test func connectHandlerErrorsStillGiveAToken() async throws {
        var app = XpediteApp(configuration: testConfiguration(clock: clock, logs: logs))
        app.onConnect { _ -> ResponsePacket in throw XpediteError.message("Closed for maintenance") }
        try await application(app).test(.router) { client in
            let answer = try await client.post(connectJSON)
            #expect(answer["rc"] == "Closed for maintenance")
            #expect(answer["token"]?.stringValue != nil)
            #expect(answer["version"] == 1)
            #expect(answer["components"] == [])
        }
    }

    @Test func anAppWithoutAConnectHandlerAnswersGenerically() async throws {
        let app = XpediteApp(configuration: testConfiguration(clock: clock, logs: logs))
        try await application(app).test(.router) { client in
            let answer = try await client.post(connectJSON)
            #expect(answer["rc"]?.stringValue?.hasPrefix("Something went wrong") == true)
            #expect(logs.lines.contains { $0.level == .error && $0.message.contains("no connect handler") })
        }
    }

    @Test func screenEntriesFillWhatHandlersLeaveOut() async throws {
        var configuration = testConfiguration(clock: clock, logs: logs)
        configuration.screen = ScreenEntries(background: Colour(hex: "#F5F5F5"))
        configuration.sendsTime = true
        var app = XpediteApp(configuration: configuration)
        app.onConnect { _ in ResponsePacket(components: []) }
        app.on("help", screen: ScreenEntries(title: "Help", id: "help", disposition: .permanent)) { _ in
            ResponsePacket(components: [.label(.init(text: "Help"))])
        }
        app.on("titled", screen: ScreenEntries(title: "Default")) { _ in
            ResponsePacket(title: "Own", components: [])
        }
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            let help = try await client.post(["method": "help", "token": .string(token)])
            #expect(help["title"] == "Help")
            #expect(help["id"] == "help")
            #expect(help["disposition"] == "permanent")
            #expect(help["background"] == "#F5F5F5")
            #expect(help["time"] == .number(clock.now.timeIntervalSince1970))
            let titled = try await client.post(["method": "titled", "token": .string(token)])
            #expect(titled["title"] == "Own")
        }
    }

    @Test func imagesManifestGoesWithTheFirstScreen() async throws {
        var configuration = testConfiguration(clock: clock, logs: logs)
        configuration.images = [ImageEntry(id: "logo", url: "https://my.app/logo.png", load: .critical),
                                ImageEntry(id: "banner", url: "https://my.app/banner.png")]
        var app = XpediteApp(configuration: configuration)
        app.onConnect { _ in
            ResponsePacket(images: .manifest([ImageEntry(id: "banner", url: "https://my.app/banner-2.png")]), components: [])
        }
        app.on("home") { _ in ResponsePacket(components: []) }
        try await application(app).test(.router) { client in
            let (answer, token) = try await client.connect()
            #expect(answer["images"] == [
                ["id": "banner", "url": "https://my.app/banner-2.png"],
                ["id": "logo", "url": "https://my.app/logo.png", "load": "critical"],
            ])
            let home = try await client.post(["method": "home", "token": .string(token)])
            #expect(home["images"] == nil)
        }
    }
}
