import Foundation
import HummingbirdTesting
import Testing
@testable import XpediteDemo
import XpediteServer
import XpediteTestSupport

/// Sign-in, the guard, the menus and sign-out, through the router.
@Suite struct DemoSignInTests {
    @Test func theEntryScreenIsTheSignInForm() async throws {
        try await withDemo { client in
            let (screen, _) = try await client.connect()
            #expect(screen["title"] == "Sign in")
            #expect(screen["version"] == 1)
            #expect(screen["setDefaults"] == ["fontsize": 16, "color": "#1F2937", "background": "#F7F8FA"])
            let logo = try #require(screen["images"]?.arrayValue?.first)
            #expect(logo["id"] == "logo")
            #expect(logo["load"] == "critical")
            #expect(logo["url"] == "http://127.0.0.1:8080/images/logo.svg")
            let form = try #require(screen.component(id: "signIn"))
            #expect(form["saveNavigation"] == "Sign in")
            #expect(form["save"] == ["function": "signIn"])
            #expect(form["style"] == nil)  // inline, the default
            let email = try #require(screen.field("email"))
            #expect(email["type"] == "textbox")
            #expect(email["keyboard"] == "email")
            #expect(email["onEnter"] == "password")
            #expect(email["returnkey"] == "next")
            #expect(screen.field("password")?["type"] == "password")
            #expect(screen.component(id: "password") != nil)
            #expect(screen.component(id: "demo-account")?["text"] == "Demo account: demo@xpedite.dev / demo1234")
        }
    }

    @Test(arguments: [
        ("demo@xpedite.dev", "wrong", "Wrong email or password."),
        ("nobody@xpedite.dev", "demo1234", "Wrong email or password."),
        ("", "", "Please enter your email and password."),
    ])
    func aWrongSignInGetsAnRcMessage(email: String, password: String, message: String) async throws {
        let logs = LogCapture()
        try await withDemo(logs: logs) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.signIn(token, email: email, password: password)
            #expect(answer["rc"] == .string(message))
            #expect(answer["components"] == [])
            // Still signed out: the guard answers.
            #expect(try await client.call("customers", token)["title"] == "Sign in")
        }
        #expect(!logs.texts.contains { $0.contains("demo1234") || $0.contains("wrong") })
    }

    @Test func theDemoAccountSignsInWhateverTheCase() async throws {
        let logs = LogCapture()
        try await withDemo(logs: logs) { client in
            let (_, token) = try await client.connect()
            let list = try await client.signIn(token, email: " Demo@Xpedite.DEV ")
            #expect(list["rc"] == 0)
            #expect(list["title"] == "Customers")
            let user = try #require(try await client.call("dashboard", token).component(id: "greeting"))
            #expect(user["text"] == "Hello, Demo User")
        }
        #expect(logs.texts.contains { $0.contains("Signed in") })
        #expect(!logs.texts.contains { $0.contains(DemoAccount.password) })
    }

    @Test(arguments: ["customers", "search", "viewCustomer", "editCustomer", "newCustomer", "quickAdd", "dashboard",
                      "about"])
    func everyOtherScreenIsBehindTheGuard(method: String) async throws {
        try await withDemo { client in
            let (_, token) = try await client.connect()
            let answer = try await client.call(method, token, ["parameters": ["id": 1]])
            #expect(answer["rc"] == 0)
            #expect(answer["title"] == "Sign in")
            #expect(answer.component(id: "notice")?["text"] == "Please sign in first.")
        }
    }

    @Test func tableRowsAreRefusedBeforeSignIn() async throws {
        try await withDemo { client in
            let (_, token) = try await client.connect()
            let rows = try await client.page(token, offset: 0)
            #expect(rows["rc"] == "Please sign in again.")
            #expect(rows["data"] == [])
        }
    }

    @Test func theMainMenuIsSentOnceThenAsAStub() async throws {
        try await withDemo { client in
            let (_, token) = try await client.connect()
            let first = try await client.signIn(token)
            let menu = try #require(first.components.first)
            #expect(menu["id"] == "main-menu")
            #expect(menu["implementation"] == ["style": "slidefrom", "position": "left"])
            let entries = menu["components"]?.arrayValue?.compactMap { $0["text"]?.stringValue }
            #expect(entries == ["Xpedite demo", "Customers", "Add customer", "Dashboard", "About", "Sign out"])
            for method in ["customers", "dashboard", "about"] {
                let later = try await client.call(method, token)
                #expect(later.components.first == ["type": "navigation", "id": "main-menu"])
            }
            // The bar-button menu: Add and Search.
            let bar = try #require(first.components.dropFirst().first)
            #expect(bar["implementation"]?["style"] == "button")
            #expect(bar["components"]?.arrayValue?.compactMap { $0["method"]?["function"]?.stringValue }
                    == ["quickAdd", "search"])
        }
    }

    @Test func signingOutEndsTheSignInAndTheOldTokenGetsTheSignInScreen() async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            let out = try await client.call("signOut", token)
            #expect(out["title"] == "Sign in")
            #expect(out.component(id: "notice")?["text"] == "You are signed out.")
            let again = try await client.call("viewCustomer", token, ["selected": 3])
            #expect(again["title"] == "Sign in")
            #expect(try await client.page(token, offset: 0)["rc"] == "Please sign in again.")
            // Signing in again works on the same token.
            #expect(try await client.signIn(token)["title"] == "Customers")
        }
    }
}
