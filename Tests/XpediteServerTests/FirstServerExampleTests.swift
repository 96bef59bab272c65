import Foundation
import HummingbirdTesting
import Testing
import XpediteServer

/// The guide's first example compiles (FirstServerExample.swift) and works.
@Suite struct FirstServerExampleTests {
    @Test func theExampleConverses() async throws {
        try await makeHelloApp().test { client in
            let (hello, token) = try await client.connect()
            #expect(hello["title"] == "Hello")
            #expect(hello.labelTexts == ["Hello from Swift!"])
            let once = try await client.post(["method": "tapped", "token": .string(token)])
            #expect(once.labelTexts == ["You tapped 1 time."])
            let twice = try await client.post(["method": "tapped", "token": .string(token)])
            #expect(twice.labelTexts == ["You tapped 2 times."])
        }
        // `runHelloServer` binds port 8080 forever; it only has to compile.
        let run: () async throws -> Void = runHelloServer
        _ = run
    }

    @Test func theGuideShowsTheExampleVerbatim() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let example = try String(contentsOf: tests.appendingPathComponent("FirstServerExample.swift"), encoding: .utf8)
        let guide = try String(contentsOf: tests.appendingPathComponent("../../docs/server.md").standardizedFileURL,
                               encoding: .utf8)
        let start = try #require(guide.range(of: "<!-- first-server -->\n```swift\n"))
        let end = try #require(guide.range(of: "```", range: start.upperBound..<guide.endIndex))
        let block = String(guide[start.upperBound..<end.lowerBound])
        let importLine = try #require(example.range(of: "import Hummingbird"))
        let code = String(example[importLine.lowerBound...])
        #expect(block == code)
    }
}
