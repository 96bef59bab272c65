import Foundation
import Testing
import XpediteLayout
import XpediteProtocol

/// The engine against every hand-computed fixture of Tests/Fixtures/layout.
@Suite("Layout fixtures")
struct FixtureTests {
    @Test("every fixture file reads, and there are at least 40 beyond the worked examples")
    func fixturesLoad() {
        #expect(LayoutFixture.all.count == LayoutFixture.fileNames.count)
        #expect(LayoutFixture.layouts.filter { !$0.name.hasPrefix("spec-") }.count >= 40)
    }

    @Test("the engine reproduces the hand-computed frames", arguments: LayoutFixture.layouts)
    func reproduces(_ fixture: LayoutFixture) throws {
        let tree = try fixture.layout()
        let problems = fixture.mismatches(tree)
        #expect(problems.isEmpty, "\(fixture.name):\n\(problems.joined(separator: "\n"))")
    }

    @Test("the strict reader refuses the screen with the path of the problem", arguments: LayoutFixture.errors)
    func refuses(_ fixture: LayoutFixture) throws {
        let message = try #require(fixture.expectedError?["message"]?.stringValue)
        #expect {
            try PacketDecoder(mode: .strict).decodeResponse(fixture.screen)
        } throws: { error in
            guard let error = error as? PacketError, case .invalid(let issues) = error else { return false }
            return issues.errors.contains { $0.description.contains(message) }
        }
    }
}
