import Foundation
import Testing
@testable import XpediteProtocol

/// `PacketDecoder.decodeCanonicalResponse`: a screen the library wrote itself comes back as the
/// same typed packet without the normaliser and the validator (the client's page cache).
@Suite("Canonical decoding")
struct CanonicalDecodingTests {
    static let screens = Fixtures.files(in: "valid").filter { name in
        guard let tree = try? JSONValue(parsing: Fixtures.data("valid", name)) else { return false }
        return PacketKind.recognise(tree) == .response
    }

    @Test("every valid screen, written canonically, reads back as the same packet", arguments: screens)
    func readsBack(_ name: String) throws {
        let lenient = try PacketDecoder(mode: .lenient).decodeResponse(Fixtures.data("valid", name)).packet
        let trusted = try PacketDecoder().decodeCanonicalResponse(lenient.canonicalData())
        #expect(trusted == lenient)
    }

    @Test("a lenient read's dropped component stays dropped")
    func droppedStaysDropped() throws {
        let data = Data(#"{"rc":0,"components":[{"type":"label","text":"kept"},{"type":"buton"}]}"#.utf8)
        let decoded = try PacketDecoder(mode: .lenient).decodeResponse(data)
        #expect(decoded.droppedComponents.count == 1)
        let trusted = try PacketDecoder().decodeCanonicalResponse(decoded.packet.canonicalData())
        #expect(trusted.components.count == 1)
        #expect(trusted == decoded.packet)
    }

    @Test("bytes that are not a screen are refused, not guessed at",
          arguments: ["not json", "[1, 2]", #"{"components": []}"#, #"{"rc": true}"#])
    func refuses(_ text: String) {
        #expect(throws: PacketError.self) { try PacketDecoder().decodeCanonicalResponse(Data(text.utf8)) }
    }
}
