import Foundation
import HummingbirdTesting
import Logging
import Testing
import XpediteServer
import XpediteTestSupport

/// The server never refuses a `setConnection`: every shape phones send gets a token and the
/// entry screen; handlers see what could be read (docs/decisions/0025-forgiving-to-phones-a-setconnection-is-never.md).
@Suite("Forgiving setConnection")
struct ForgivingConnectionTests {
    /// An app whose entry screen shows what the handler sees of the device.
    static func make(logs: LogCapture) -> XpediteApp {
        var app = XpediteApp(configuration: testConfiguration(logs: logs))
        app.onConnect { call in
            let device = call.device
            let bounds = device.bounds.map { "\($0.x),\($0.y),\($0.width),\($0.height)" } ?? "unknown"
            return ResponsePacket(title: "Welcome", components: [
                .label(.init(id: "bounds", text: bounds)),
                .label(.init(id: "version", text: device.xpediteVersion.map(String.init) ?? "none")),
                .label(.init(id: "uuid", text: device.uuid ?? "none")),
            ])
        }
        return app
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var members: [String: JSONValue]
        var bounds: String
        var version: String
        var uuid: String
        var warns: Bool
        var testDescription: String { name }
    }

    static let base: [String: JSONValue] = [
        "method": "setConnection", "bundleID": "xpedite.software", "uuid": "6F1C", "bounds": "(0.0, 0.0, 393.0, 852.0)",
        "xpediteVersion": 1,
    ]

    static func shape(_ name: String, _ changes: [String: JSONValue], removing removed: [String] = [], bounds: String = "0.0,0.0,393.0,852.0",
                      version: String = "1", uuid: String = "6F1C", warns: Bool = false) -> Shape {
        var members = base
        for (key, value) in changes { members[key] = value }
        for key in removed { members[key] = nil }
        return Shape(name: name, members: members, bounds: bounds, version: version, uuid: uuid, warns: warns)
    }

    static let shapes: [Shape] = [
        shape("the protocol's own packet", [:]),
        shape("xpediteVersion as a string", ["xpediteVersion": "2"], version: "2"),
        shape("xpediteVersion as a dotted string", ["xpediteVersion": "3.1.4"], version: "3", warns: true),
        shape("xpediteVersion as a number", ["xpediteVersion": 7], version: "7"),
        shape("xpediteVersion garbled", ["xpediteVersion": "latest"], version: "none", warns: true),
        shape("xpediteVersion missing", [:], removing: ["xpediteVersion"], version: "none"),
        shape("uuid missing", [:], removing: ["uuid"], uuid: "none"),
        shape("uuid null", ["uuid": .null], uuid: "none"),
        shape("uuid as a number", ["uuid": 42], uuid: "42"),
        shape("bounds as CGRect's description", ["bounds": "{{0, 0}, {393, 852}}"], bounds: "0.0,0.0,393.0,852.0"),
        shape("bounds as an array of four numbers", ["bounds": [0, 20, 390, 844]], bounds: "0.0,20.0,390.0,844.0"),
        shape("bounds as CGRect's Codable arrays", ["bounds": [[0, 0], [430, 932]]], bounds: "0.0,0.0,430.0,932.0"),
        shape("bounds as an object", ["bounds": ["x": 0, "y": 0, "width": 393, "height": 852]]),
        shape("bounds as an object of numeric strings", ["bounds": ["x": "0", "y": "0", "width": "393.5", "height": "852"]],
              bounds: "0.0,0.0,393.5,852.0"),
        shape("bounds garbled", ["bounds": "a large phone"], bounds: "unknown", warns: true),
        shape("bounds with three numbers", ["bounds": [0, 393, 852]], bounds: "unknown", warns: true),
        shape("bounds with a negative width", ["bounds": "{{0, 0}, {-393, 852}}"], bounds: "unknown", warns: true),
        shape("bounds missing", [:], removing: ["bounds"], bounds: "unknown", warns: true),
    ]

    @Test("every shape gets a token and the entry screen; the handler sees what could be read",
          arguments: shapes)
    func everyShape(_ shape: Shape) async throws {
        let logs = LogCapture()
        try await Self.make(logs: logs).test { client in
            let answer = try await client.post(shape.members)
            #expect(answer["rc"] == 0)
            #expect(answer["title"] == "Welcome")
            let token = try #require(answer["token"]?.stringValue)
            #expect(!token.isEmpty)
            let labels = Dictionary(uniqueKeysWithValues: answer.components.compactMap { component in
                component["id"]?.stringValue.map { ($0, component["text"]?.stringValue ?? "") }
            })
            #expect(labels["bounds"] == shape.bounds)
            #expect(labels["version"] == shape.version)
            #expect(labels["uuid"] == shape.uuid)
            // The session works afterwards.
            let next = try await client.post(["method": "unknown", "token": .string(token)])
            #expect(next["rc"] == "The server has no method \"unknown\".")
        }
        let warnings = logs.lines.filter { $0.level == .warning && $0.message == "setConnection read forgivingly" }
        #expect(warnings.count == (shape.warns ? 1 : 0))
    }

    @Test("garbled bounds are logged with the path and what was sent")
    func garbledBoundsWarning() async throws {
        let logs = LogCapture()
        try await Self.make(logs: logs).test { client in
            var members = Self.base
            members["bounds"] = "a large phone"
            try await client.post(members)
        }
        let line = try #require(logs.lines.first { $0.message == "setConnection read forgivingly" })
        guard case .array(let repairs)? = line.metadata["xpedite.repairs"] else {
            Issue.record("no repairs in \(line.metadata)")
            return
        }
        #expect(repairs.map(\.description)
            == ["$.bounds: warning: \"a large phone\" is not a screen rectangle; the bounds are unknown"])
        #expect(line.metadata["xpedite.request"] != nil)
    }

    @Test("later requests stay strict")
    func laterRequestsStayStrict() async throws {
        try await Self.make(logs: LogCapture()).test { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "home", "token": .string(token), "offset": "ten"])
            #expect(answer["rc"]?.stringValue?.hasPrefix("Bad request: $.offset") == true)
        }
    }
}
