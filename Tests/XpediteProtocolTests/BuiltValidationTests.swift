import Foundation
import Testing
@testable import XpediteProtocol

/// `PacketValidator.validate(built:as:)`: what the SDK built from the typed model is checked as
/// it is, without the normaliser, and finds the same errors the full validator finds.
@Suite("Validating built packets")
struct BuiltValidationTests {
    static let names = Fixtures.files(in: "valid")

    @Test("the typed model's output of every valid fixture: no errors, like the full validator", arguments: names)
    func validFixtures(_ name: String) throws {
        let tree = try JSONValue(parsing: Fixtures.data("valid", name))
        let kind = PacketKind.recognise(tree)
        let built: JSONValue
        switch kind {
        case .request: built = try PacketDecoder().decodeRequest(tree).packet.json
        case .response: built = try PacketDecoder().decodeResponse(tree).packet.json
        case .data: built = try PacketDecoder().decodeDataResponse(tree).packet.json
        }
        let fast = PacketValidator().validate(built: built, as: kind)
        let full = PacketValidator().validate(built, as: kind)
        #expect(fast.issues.errors == full.issues.errors)
        #expect(fast.isValid, "\(fast.issues.errors.map(\.description))")
        #expect(fast.normalized == built)
    }

    @Test("errors in a built screen are found at their paths, two size keys for one quantity included")
    func errorsInABuiltScreen() {
        let screen = ResponsePacket(title: "Broken", components: [
            .label(.init(id: "dup", text: "One")),
            .label(.init(id: "dup", text: "Two", size: SizeSpec(width: 100, widthPercent: 50))),
        ])
        let fast = PacketValidator().validate(built: screen.json, as: .response)
        let full = PacketValidator().validate(screen.json, as: .response)
        #expect(fast.issues.errors.map(\.code).contains(.conflictingSizeKeys))
        #expect(fast.issues.errors.contains { $0.path.description == "$.components[1].id" })
        #expect(fast.issues.errors.contains { $0.path.description == "$.components[1].size" })
        #expect(fast.issues.errors == full.issues.errors)
    }

    @Test("rows of a data response: objects pass, pre-encoded or not; anything else is an error at its index")
    func dataRows() {
        let row: JSONObject = ["id": 1, "name": "Ada"]
        let rows: JSONValue = ["rc": 0, "data": [.object(row), .object(row.preEncoded()), .object([:])]]
        #expect(PacketValidator().validate(built: rows, as: .data).issues.isEmpty)
        let broken: JSONValue = ["rc": 0, "data": [.object(row), 3, .object(row), "row"]]
        let fast = PacketValidator().validate(built: broken, as: .data)
        #expect(fast.issues.errors.map(\.path.description) == ["$.data[1]", "$.data[3]"])
        #expect(fast.issues.errors == PacketValidator().validate(broken, as: .data).issues.errors)
    }

    @Test("a built packet that is not an object is one error at the root")
    func notAnObject() {
        let report = PacketValidator().validate(built: .array([]), as: .data)
        #expect(report.issues.errors.count == 1)
        #expect(report.issues.errors.first?.path == .root)
    }
}
