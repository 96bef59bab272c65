import Foundation
import Testing
@testable import XpediteProtocol

/// Every example of the three documents, completed into a real packet (Tests/Fixtures/valid),
/// decodes, validates and round-trips.
@Suite("Valid fixtures")
struct ValidFixtureTests {
    static let names = Fixtures.files(in: "valid")

    @Test("there are fixtures for the documents' examples")
    func fixturesExist() {
        #expect(Self.names.count >= 150)
        #expect(Self.names.contains { $0.hasPrefix("o-") })
        #expect(Self.names.contains { $0.hasPrefix("n-") })
        #expect(Self.names.contains { $0.hasPrefix("spec-") })
    }

    @Test("validates without errors", arguments: names)
    func validates(_ name: String) throws {
        let report = try PacketValidator().validate(Fixtures.data("valid", name))
        #expect(report.issues.errors.isEmpty, "\(report.issues.errors.map(\.description))")
    }

    @Test("decode → encode → decode is the identity", arguments: names)
    func roundTrips(_ name: String) throws {
        let tree = try JSONValue(parsing: Fixtures.data("valid", name))
        let canonical: JSONValue
        switch PacketKind.recognise(tree) {
        case .request:
            let first = try PacketDecoder().decodeRequest(tree).packet
            let second = try PacketDecoder().decodeRequest(JSONValue(parsing: first.canonicalData())).packet
            #expect(first == second)
            canonical = second.json
        case .response:
            let first = try PacketDecoder().decodeResponse(tree).packet
            let second = try PacketDecoder().decodeResponse(JSONValue(parsing: first.canonicalData())).packet
            #expect(first == second)
            canonical = second.json
        case .data:
            let first = try PacketDecoder().decodeDataResponse(tree).packet
            let second = try PacketDecoder().decodeDataResponse(JSONValue(parsing: first.canonicalData())).packet
            #expect(first == second)
            canonical = second.json
        }
        // The canonical form needs no more rewriting (old forms with no new counterpart, such as an
        // images folder, stay as they are), and it is valid.
        let report = PacketValidator().validate(canonical)
        #expect(report.normalized == canonical)
        #expect(report.isValid)
        // And encoding is stable byte for byte.
        #expect(CanonicalJSON.data(canonical) == CanonicalJSON.data(try JSONValue(parsing: CanonicalJSON.data(canonical))))
    }

    @Test("Codable goes through the same pipeline")
    func codable() throws {
        let data = try Fixtures.data("valid", "o-component-button.json")
        let packet = try JSONDecoder().decode(ResponsePacket.self, from: data)
        guard case .button(let button) = packet.components.first else {
            Issue.record("expected a button")
            return
        }
        #expect(button.method == MethodCall(function: "setOkay"))
        let encoded = try JSONEncoder().encode(packet)
        #expect(try JSONDecoder().decode(ResponsePacket.self, from: encoded) == packet)
    }
}
