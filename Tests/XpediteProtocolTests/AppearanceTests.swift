import Testing
@testable import XpediteProtocol

/// `setConnection`'s `appearance` (docs/protocol/packets.md#the-appearance): strict validation
/// reports another value at `$.appearance`; the forgiving read drops it with a warning.
@Suite("The phone's appearance in setConnection")
struct AppearanceTests {
    static func connection(_ appearance: JSONValue?) -> JSONObject {
        var members: JSONObject = [
            "method": "setConnection", "bundleID": "b", "uuid": "u", "bounds": "(0.0, 0.0, 393.0, 852.0)",
            "xpediteVersion": 1,
        ]
        members["appearance"] = appearance
        return members
    }

    @Test("light and dark validate, read and write back")
    func known() throws {
        for appearance in Appearance.allCases {
            let members = Self.connection(.string(appearance.rawValue))
            let report = PacketValidator().validate(.object(members), as: .request)
            #expect(report.issues.isEmpty, "\(report.issues)")
            let strict = try PacketDecoder(mode: .strict).decodeRequest(.object(members))
            #expect(strict.packet.appearance == appearance)
            #expect(strict.packet.json["appearance"] == .string(appearance.rawValue))
            #expect(RequestPacket.connection(from: members).packet.appearance == appearance)
        }
        #expect(RequestPacket(method: "setConnection").json["appearance"] == nil, "none is written when unknown")
    }

    @Test("strictly, another value is an error at $.appearance")
    func strictOther() {
        let report = PacketValidator().validate(.object(Self.connection("sepia")), as: .request)
        #expect(report.issues.map(\.description)
            == [#"$.appearance: expected one of "light", "dark", got "sepia""#])
        #expect(report.issues.first?.code == .invalidValue)
        let number = PacketValidator().validate(.object(Self.connection(1)), as: .request)
        #expect(number.issues.map(\.path.description) == ["$.appearance"])
        #expect(!number.isValid)
    }

    @Test("the forgiving read drops another value with a warning; case and spaces are forgiven")
    func forgiving() {
        let sepia = RequestPacket.connection(from: Self.connection("sepia"))
        #expect(sepia.packet.appearance == nil)
        #expect(sepia.issues.map(\.description)
            == [#"$.appearance: warning: expected "light" or "dark", got "sepia"; the appearance is unknown"#])
        let number = RequestPacket.connection(from: Self.connection(2))
        #expect(number.packet.appearance == nil)
        #expect(number.issues.map(\.path.description) == ["$.appearance"])
        #expect(number.issues.allSatisfy { $0.severity == .warning })
        #expect(RequestPacket.connection(from: Self.connection(" Dark ")).packet.appearance == .dark)
        #expect(RequestPacket.connection(from: Self.connection(" Dark ")).issues.isEmpty)
        #expect(RequestPacket.connection(from: Self.connection(.null)).issues.isEmpty)
        #expect(RequestPacket.connection(from: Self.connection(nil)).packet.appearance == nil)
        #expect(RequestPacket.connection(from: Self.connection(nil)).issues.isEmpty)
    }

    @Test("the JSON Schema of a request lists it")
    func schema() {
        let shape = RequestPacket.shape.property("appearance")
        #expect(shape?.summary.contains("light") == true)
        guard case .oneOf(let values)? = shape?.shape else {
            Issue.record("appearance is not one of a list")
            return
        }
        #expect(values == ["light", "dark"])
    }
}
