import Foundation
import Testing
import XpediteNotify
import XpediteTestFixtures

/// `FirstWriterFile`: of many writers at once, one writes and all read what it wrote.
struct FirstWriterFileTests {
    @Test func oneOfManyWritersAtOnceWinsAndEveryoneReadsItsText() async throws {
        let directory = try TemporaryDirectory("first-writer")
        let url = directory.url.appendingPathComponent("nested/secret")
        let results = try await withThrowingTaskGroup(of: (text: String, written: Bool).self) { group in
            for index in 0..<8 { group.addTask { try FirstWriterFile.text(at: url) { "text \(index)\n" } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter(\.written).count == 1)
        #expect(Set(results.map(\.text)).count == 1)
        #expect(try String(contentsOf: url, encoding: .utf8) == results[0].text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["secret"])
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func anExistingFileIsReadAndNothingIsMade() throws {
        let directory = try TemporaryDirectory("first-writer")
        let url = directory.url.appendingPathComponent("secret")
        try Data("kept".utf8).write(to: url)
        let result = try FirstWriterFile.text(at: url) { Issue.record("made a text for an existing file"); return "new" }
        #expect(result.text == "kept" && !result.written)
    }

    @Test func aFolderThatCannotBeMadeIsAnError() throws {
        let directory = try TemporaryDirectory("first-writer")
        let blocker = directory.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        #expect(throws: (any Error).self) { try FirstWriterFile.text(at: blocker.appendingPathComponent("secret")) { "x" } }
    }
}
