import Foundation
import HummingbirdTesting
import Testing
import XpediteProtocol
import XpediteServer

/// The README's first server compiles (ReadmeExample.swift), works as the README says, and the
/// README shows it verbatim.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("three screens: hello, a form that saves with an rc message for bad input, a paged table")
    func conversation() async throws {
        try await application(makeFirstApp()).test(.router) { client in
            let (hello, token) = try await client.connect()
            #expect(hello["title"] == "Hello")
            #expect(hello.labelTexts == ["Hello, stranger!"])
            // The first screen of a session carries the full menu, later ones the stub.
            #expect(hello["components"]?.arrayValue?.first?["implementation"] != nil)

            let profile = try await client.post(["method": "profile", "token": .string(token)])
            #expect(profile["components"]?.arrayValue?.first == ["type": "navigation", "id": "menu"])

            let empty = try await client.post([
                "method": "saveProfile", "token": .string(token),
                "formdata": ["profile": ["name": "", "newsletter": "0"]],
            ])
            #expect(empty["rc"] == "Please enter your name.")

            let saved = try await client.post([
                "method": "saveProfile", "token": .string(token),
                "formdata": ["profile": ["name": "Alice", "newsletter": "1"]],
            ])
            #expect(saved["rc"] == 0)
            #expect(saved.labelTexts == ["Hello, Alice!"])

            let first = try await client.post(["method": "listNumbers", "token": .string(token), "offset": 0, "limit": 40])
            #expect(first["data"]?.arrayValue?.count == 40)
            #expect(first["max"] == 1000)
            let last = try await client.post(["method": "listNumbers", "token": .string(token), "offset": 980, "limit": 40])
            #expect(last["data"]?.arrayValue?.count == 20)
            #expect(last["max"] == nil)
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
        let importLine = try #require(example.range(of: "import XpediteBuilder"))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == String(example[importLine.lowerBound...]))
    }
}
