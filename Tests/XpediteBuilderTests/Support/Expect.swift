import Foundation
import Testing
import XpediteBuilder
import XpediteProtocol

/// Compares two JSON trees structurally (object member order does not matter) and, when they
/// differ, records both as pretty canonical JSON so the difference is readable.
func expectJSON(_ actual: JSONValue, _ expected: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    Issue.record("""
        JSON differs
        actual:
        \(CanonicalJSON.string(actual, pretty: true))
        expected:
        \(CanonicalJSON.string(expected, pretty: true))
        """, sourceLocation: sourceLocation)
}

/// The one component of a screen, as JSON.
func onlyComponentJSON(_ screen: Screen) -> JSONValue? {
    guard screen.packet.components.count == 1 else { return nil }
    return screen.packet.components[0].json
}

/// The files under Tests/Fixtures.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func json(_ folder: String, _ name: String) throws -> JSONValue {
        try JSONValue(parsing: Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name)))
    }
}
