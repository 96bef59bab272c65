import Foundation
import HummingbirdTesting
import Testing
import XpediteProtocol
import XpediteServer

/// The README's first server compiles (ReadmeExample.swift), works as the README says, and the
/// README shows it verbatim.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("sign in through the guard, a greeting, a paged table, sign out")
    func conversation() async throws {
        try await application(makeFirstApp()).test(.router) { client in
            let (entry, token) = try await client.connect()
            #expect(entry["title"] == "Sign in")

            // Behind the guard without a user: the sign-in screen, and no rows for a table.
            let guarded = try await client.post(["method": "hello", "token": .string(token)])
            #expect(guarded["title"] == "Sign in")
            #expect(guarded["token"] == .string(token))
            let noRows = try await client.post(["method": "listNumbers", "token": .string(token), "offset": 0])
            #expect(noRows["rc"] == "Please sign in again.")
            #expect(noRows["data"] == [])

            let wrong = try await client.post([
                "method": "signIn", "token": .string(token),
                "formdata": ["signIn": ["name": "Alice", "password": "guess"]],
            ])
            #expect(wrong["rc"] == "Wrong name or password.")
            #expect(wrong["components"] == [])

            let hello = try await client.post([
                "method": "signIn", "token": .string(token),
                "formdata": ["signIn": ["name": "Alice", "password": "open sesame"]],
            ])
            #expect(hello["rc"] == 0)
            #expect(hello.labelTexts == ["Hello, Alice!"])
            // The first screen with the menu carries it in full, later ones the stub.
            #expect(hello["components"]?.arrayValue?.first?["implementation"] != nil)

            let numbers = try await client.post(["method": "numbers", "token": .string(token)])
            #expect(numbers["components"]?.arrayValue?.first == ["type": "navigation", "id": "menu"])
            let first = try await client.post(["method": "listNumbers", "token": .string(token), "offset": 0, "limit": 40])
            #expect(first["data"]?.arrayValue?.count == 40)
            #expect(first["max"] == 1000)
            let last = try await client.post(["method": "listNumbers", "token": .string(token), "offset": 980, "limit": 40])
            #expect(last["data"]?.arrayValue?.count == 20)
            #expect(last["max"] == nil)

            let signedOut = try await client.post(["method": "signOut", "token": .string(token)])
            #expect(signedOut["title"] == "Sign in")
            let again = try await client.post(["method": "hello", "token": .string(token)])
            #expect(again["title"] == "Sign in")
        }
    }

    @Test("the server serves its own route and the app over a real socket")
    func server() async throws {
        try await makeServer(port: 0).test(.live) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(String(buffer: health.body) == "ok")
            let (entry, _) = try await client.connect()
            #expect(entry["title"] == "Sign in")
        }
    }

    @Test("the README shows the example verbatim")
    func verbatim() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let example = try String(contentsOf: tests.appendingPathComponent("ReadmeExample.swift"), encoding: .utf8)
        let readme = try String(contentsOf: tests.appendingPathComponent("../../README.md").standardizedFileURL,
                                encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- first-server -->\n```swift\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let importLine = try #require(example.range(of: "import Hummingbird"))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == String(example[importLine.lowerBound...]))
    }
}
