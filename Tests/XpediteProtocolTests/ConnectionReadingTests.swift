import Testing
@testable import XpediteProtocol

/// `setConnection` is read forgivingly (docs/decisions/0025-forgiving-to-phones-a-setconnection-is-never.md); the bounds in
/// every shape phones send.
@Suite("Forgiving setConnection reading")
struct ConnectionReadingTests {
    struct BoundsCase: Sendable, CustomTestStringConvertible {
        var value: JSONValue
        var expected: Bounds?
        var testDescription: String { value.summary }
    }

    static let iPhone = Bounds(x: 0, y: 0, width: 393, height: 852)

    static let boundsCases: [BoundsCase] = [
        BoundsCase(value: "(0.0, 0.0, 393.0, 852.0)", expected: iPhone),
        BoundsCase(value: "(0, 0, 393, 852)", expected: iPhone),
        BoundsCase(value: "{{0, 0}, {393, 852}}", expected: iPhone),
        BoundsCase(value: "{{0,0},{393,852}}", expected: iPhone),
        BoundsCase(value: "{{-1.5, 20}, {390.5, 844}}", expected: Bounds(x: -1.5, y: 20, width: 390.5, height: 844)),
        BoundsCase(value: [0, 0, 393, 852], expected: iPhone),
        BoundsCase(value: ["0", "0", "393", "852"], expected: iPhone),
        BoundsCase(value: [[0, 0], [393, 852]], expected: iPhone),
        BoundsCase(value: ["x": 0, "y": 0, "width": 393, "height": 852], expected: iPhone),
        BoundsCase(value: ["x": "0", "y": "0", "width": "393", "height": "852"], expected: iPhone),
        // Garbled: nil.
        BoundsCase(value: "393x852", expected: nil),
        BoundsCase(value: "{{0, 0}, {393}}", expected: nil),
        BoundsCase(value: "{{0, 0}, {393, 852}", expected: nil),
        BoundsCase(value: "{{0, 0}, {-393, 852}}", expected: nil),
        BoundsCase(value: [0, 0, 393], expected: nil),
        BoundsCase(value: [0, 0, 393, "wide"], expected: nil),
        BoundsCase(value: [[0, 0], [393]], expected: nil),
        BoundsCase(value: ["x": 0, "y": 0, "width": 393], expected: nil),
        BoundsCase(value: ["width": 393, "height": 852], expected: nil),
        BoundsCase(value: 393, expected: nil),
        BoundsCase(value: true, expected: nil),
        BoundsCase(value: nil, expected: nil),
    ]

    @Test("bounds in every shape", arguments: boundsCases)
    func bounds(_ testCase: BoundsCase) {
        #expect(Bounds(connecting: testCase.value) == testCase.expected)
    }

    static func connection(_ changes: [String: JSONValue] = [:], removing removed: [String] = []) -> Decoded<RequestPacket> {
        var members: JSONObject = [
            "method": "setConnection", "bundleID": "b", "uuid": "u", "bounds": "(0.0, 0.0, 393.0, 852.0)",
            "xpediteVersion": 1,
        ]
        for (key, value) in changes { members[key] = value }
        for key in removed { members[key] = nil }
        return RequestPacket.connection(from: members)
    }

    @Test("the protocol's own packet reads without an issue")
    func plain() {
        let decoded = Self.connection()
        #expect(decoded.packet == RequestPacket(method: "setConnection", bundleID: "b", uuid: "u", bounds: Self.iPhone,
                                                xpediteVersion: 1))
        #expect(decoded.issues.isEmpty)
    }

    @Test("xpediteVersion: numbers and numeric strings; a dotted version gives its major number")
    func versions() {
        #expect(Self.connection(["xpediteVersion": "4"]).packet.xpediteVersion == 4)
        #expect(Self.connection(["xpediteVersion": "4"]).issues.isEmpty)
        let dotted = Self.connection(["xpediteVersion": "3.1.4"])
        #expect(dotted.packet.xpediteVersion == 3)
        #expect(dotted.issues.map(\.description) == ["$.xpediteVersion: warning: read \"3.1.4\" as version 3"])
        let garbled = Self.connection(["xpediteVersion": ["major": 1]])
        #expect(garbled.packet.xpediteVersion == nil)
        #expect(garbled.issues.map(\.code) == [.typeMismatch])
        #expect(Self.connection(removing: ["xpediteVersion"]).packet.xpediteVersion == nil)
        #expect(Self.connection(removing: ["xpediteVersion"]).issues.isEmpty)
    }

    @Test("uuid and bundleID may be missing; numbers read as text")
    func identifiers() {
        let missing = Self.connection(removing: ["uuid", "bundleID"])
        #expect(missing.packet.uuid == nil)
        #expect(missing.packet.bundleID == nil)
        #expect(missing.issues.isEmpty)
        let null = Self.connection(["uuid": .null, "bundleID": .null])
        #expect(null.packet.uuid == nil)
        #expect(null.issues.isEmpty)
        #expect(Self.connection(["uuid": 42]).packet.uuid == "42")
    }

    @Test("garbled or missing bounds: nil, with a warning at the path")
    func badBounds() {
        let garbled = Self.connection(["bounds": "big"])
        #expect(garbled.packet.bounds == nil)
        #expect(garbled.issues.map(\.description)
            == ["$.bounds: warning: \"big\" is not a screen rectangle; the bounds are unknown"])
        #expect(Self.connection(["bounds": .null]).issues == Self.connection(removing: ["bounds"]).issues)
        let missing = Self.connection(removing: ["bounds"])
        #expect(missing.packet.bounds == nil)
        #expect(missing.issues.map(\.description) == ["$: warning: setConnection has no bounds; the bounds are unknown"])
        #expect(missing.issues.allSatisfy { $0.severity == .warning && $0.code == .invalidBounds })
    }

    @Test("other keys are read leniently, and what was wrong with them is reported")
    func otherKeys() {
        let decoded = Self.connection(["parameters": ["a": 1], "extra": "kept"])
        #expect(decoded.packet.parameters == ["a": 1])
        #expect(decoded.packet.arguments == ["extra": "kept"])
        let broken = Self.connection(["parameters": [1, 2]])
        #expect(broken.packet.parameters == nil)
        #expect(broken.issues.map(\.code) == [.typeMismatch])
    }
}
