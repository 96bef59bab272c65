import Foundation
import HummingbirdTesting
import Testing
import XpediteBuilder
import XpediteServer
import XpediteTestSupport

/// Method groups behind guards, and the session's current user.
@Suite("Guards and the current user")
struct GuardTests {
    struct Member: Codable, Sendable, Equatable {
        var name: String
        var isAdministrator: Bool
    }

    static let signedIn = XpediteGuard.signedIn(as: Member.self) { _ in
        Screen(title: "Sign in") { Label("Please sign in") }
    }

    static let administrator = XpediteGuard { call -> ResponsePacket? in
        guard try call.currentUser(as: Member.self)?.isAdministrator == true else {
            throw XpediteError.message("Administrators only.")
        }
        return nil
    }

    static func make(logs: LogCapture = LogCapture(), runs: CustomerTestApp.Runs = CustomerTestApp.Runs()) -> XpediteApp {
        var app = XpediteApp(configuration: testConfiguration(logs: logs))
        app.onConnect { _ in ResponsePacket(title: "Welcome", components: []) }
        app.on("signIn") { call in
            try call.session.signIn(Member(name: call.parameter("name") ?? "?",
                                           isAdministrator: call.parameter("admin") == "yes"))
            return Screen(title: "Signed in") { Label("ok") }
        }
        app.group(requiring: signedIn) { group in
            group.on("me") { call in
                runs.increment()
                let member = try #require(try call.currentUser(as: Member.self))
                return Screen(title: "Me") { Label(member.name) }
            }
            group.on("rows") { call in TablePage(rows: [["n": 1]], max: nil) }
            group.on("signOut") { call in
                call.session.signOut()
                return ResponsePacket(title: "Bye", components: [])
            }
            group.group(requiring: administrator) { admin in
                admin.on("refund") { _ in ResponsePacket(title: "Refunded", components: []) }
            }
        }
        return app
    }

    @Test("a guard answers with its screen instead of the handler, which does not run")
    func guardAnswersWithScreen() async throws {
        let runs = CustomerTestApp.Runs()
        try await Self.make(runs: runs).test { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "me", "token": .string(token)])
            #expect(answer["title"] == "Sign in")
            #expect(answer.labelTexts == ["Please sign in"])
            // Finished like any screen: token and version.
            #expect(answer["token"] == .string(token))
            #expect(answer["version"] == 1)
            #expect(runs.value == 0)
        }
    }

    @Test("the current user is typed, kept in the session, and signing out removes it")
    func currentUser() async throws {
        let runs = CustomerTestApp.Runs()
        try await Self.make(runs: runs).test { client in
            let (_, token) = try await client.connect()
            try await client.post(["method": "signIn", "token": .string(token), "parameters": ["name": "Ada"]])
            let me = try await client.post(["method": "me", "token": .string(token)])
            #expect(me["title"] == "Me")
            #expect(me.labelTexts == ["Ada"])
            #expect(runs.value == 1)
            try await client.post(["method": "signOut", "token": .string(token)])
            let after = try await client.post(["method": "me", "token": .string(token)])
            #expect(after["title"] == "Sign in")
        }
    }

    @Test("a guard that throws answers with its rc; nested guards run outer first")
    func guardThrows() async throws {
        try await Self.make().test { client in
            let (_, token) = try await client.connect()
            // Outer guard first: not signed in → the sign-in screen, not the administrator message.
            let stranger = try await client.post(["method": "refund", "token": .string(token)])
            #expect(stranger["title"] == "Sign in")
            try await client.post(["method": "signIn", "token": .string(token), "parameters": ["name": "Bob"]])
            let member = try await client.post(["method": "refund", "token": .string(token)])
            #expect(member["rc"] == "Administrators only.")
            #expect(member["components"] == [])
            try await client.post(["method": "signIn", "token": .string(token),
                                   "parameters": ["name": "Cy", "admin": "yes"]])
            let admin = try await client.post(["method": "refund", "token": .string(token)])
            #expect(admin["title"] == "Refunded")
        }
    }

    @Test("a table behind a guard that answers with a screen gets the refusal message and no rows")
    func guardedTable() async throws {
        try await Self.make().test { client in
            let (_, token) = try await client.connect()
            let refused = try await client.post(["method": "rows", "token": .string(token), "offset": 0, "limit": 10])
            #expect(refused["rc"] == "Please sign in again.")
            #expect(refused["data"] == [])
            try await client.post(["method": "signIn", "token": .string(token), "parameters": ["name": "Ada"]])
            let rows = try await client.post(["method": "rows", "token": .string(token), "offset": 0, "limit": 10])
            #expect(rows["data"] == [["n": 1]])
        }
    }

    @Test("a stored user of another type counts as signed out, logged on the request's logger")
    func otherUserType() async throws {
        let requestLogs = LogCapture()
        var app = Self.make()
        app.on("signInAsText") { call in
            try call.session.signIn("just a name")
            #expect(try call.currentUser(as: String.self) == "just a name")
            return ResponsePacket(components: [])
        }
        try await application(app, logger: requestLogs.logger).test(.router) { client in
            let (_, token) = try await client.connect()
            try await client.post(["method": "signInAsText", "token": .string(token)])
            let answer = try await client.post(["method": "me", "token": .string(token)])
            #expect(answer["title"] == "Sign in")
        }
        let line = try #require(requestLogs.lines.first { $0.message == "The stored user does not decode; treated as signed out" })
        #expect(line.level == .warning)
        #expect(line.metadata["xpedite.method"] == "me")
        #expect(line.metadata["hb.request.id"] != nil)
    }
}
