import Foundation
import Testing
@testable import XpediteProtocol

/// Every invalid packet under Tests/Fixtures/invalid produces exactly the issue lines of its
/// `.expected` file (a first line `# args: …` gives --kind / --connection-reply).
@Suite("Invalid fixtures")
struct InvalidFixtureTests {
    static let names = Fixtures.files(in: "invalid")

    @Test("there are at least 40 invalid packets")
    func enough() {
        #expect(Self.names.count >= 40)
    }

    @Test("produces exactly the expected issue lines", arguments: names)
    func issues(_ name: String) throws {
        let expectation = try InvalidFixtureExpectation(for: name)
        let validator = PacketValidator(options: ValidationOptions(isConnectionReply: expectation.connectionReply))
        let report = try validator.validate(Fixtures.data("invalid", name), as: expectation.kind)
        #expect(report.issues.map(\.description) == expectation.lines)
        #expect(report.issues.hasErrors)
    }

    @Test("a lenient read of a response never crashes and keeps what is not broken", arguments: names)
    func lenient(_ name: String) throws {
        let tree = try JSONValue(parsing: Fixtures.data("invalid", name))
        guard PacketKind.recognise(tree) == .response else { return }
        do {
            let decoded = try PacketDecoder(mode: .lenient).decodeResponse(tree)
            // What survives is valid enough to encode and read back strictly-structured.
            let again = try PacketDecoder(mode: .lenient).decodeResponse(decoded.packet.json)
            #expect(again.packet == decoded.packet)
        } catch {
            // Only a packet without a usable rc is refused outright.
            #expect(tree["rc"] == nil || ReturnCodeProbe.isUnusable(tree["rc"]))
        }
    }
}

enum ReturnCodeProbe {
    static func isUnusable(_ value: JSONValue?) -> Bool {
        switch value {
        case .string?: false
        case .number?: value?.intValue == nil
        default: true
        }
    }
}
