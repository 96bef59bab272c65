import Foundation
import XpediteProtocol

/// What an invalid packet under Tests/Fixtures/invalid must produce: its `.expected` file, whose
/// first line `# args: …` may give `--kind` and `--connection-reply`, and whose other lines are
/// the issue lines.
public struct InvalidFixtureExpectation: Sendable {
    /// The packet kind to validate as (`--kind`), when given.
    public var kind: PacketKind?
    /// Whether the packet answers `setConnection` (`--connection-reply`).
    public var connectionReply = false
    /// The issue lines, in order.
    public var lines: [String] = []

    /// Reads the expectation of the fixture `name` (`….json`).
    public init(for name: String) throws {
        let url = Fixtures.url("invalid", String(name.dropLast(5)) + ".expected")
        let text = try String(contentsOf: url, encoding: .utf8)
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("# args:") {
                let words = line.dropFirst("# args:".count).split(separator: " ").map(String.init)
                if let index = words.firstIndex(of: "--kind"), index + 1 < words.count {
                    kind = PacketKind(rawValue: words[index + 1])
                }
                connectionReply = words.contains("--connection-reply")
            } else {
                lines.append(String(line))
            }
        }
    }
}
