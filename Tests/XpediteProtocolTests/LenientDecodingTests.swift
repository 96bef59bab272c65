import Testing
@testable import XpediteProtocol

/// The phone's reading: a broken component is dropped, the rest of the screen is kept.
@Suite("Lenient decoding")
struct LenientDecodingTests {
    static let screen: JSONValue = ["rc": 0, "token": "t", "components": [
        ["type": "label", "text": "kept"],
        ["type": "buton", "text": "dropped: unknown type"],
        ["type": "form", "id": "f", "components": [
            ["type": "textbox", "name": "kept"],
            ["type": "checkbox", "title": "dropped: no name"],
        ]],
        ["type": "label", "text": "kept, colour ignored", "color": "red"],
        ["type": "label", "text": "kept, bad optional key ignored", "fontsize": true],
    ]]

    @Test("strict mode refuses the screen with every error")
    func strict() {
        #expect(throws: PacketError.self) { try PacketDecoder().decodeResponse(Self.screen) }
        do {
            _ = try PacketDecoder().decodeResponse(Self.screen)
        } catch {
            guard case .invalid(let issues) = error else { Issue.record("expected .invalid"); return }
            #expect(issues.errors.map(\.description) == [
                "$.components[1].type: unknown component \"buton\"; did you mean \"button\"?",
                "$.components[2].components[1]: checkbox requires \"name\"",
                "$.components[3].color: expected a colour \"#RRGGBB\", got \"red\"",
                "$.components[4].fontsize: expected a number greater than 0, got true",
            ])
        }
    }

    @Test("lenient mode drops only the broken components")
    func lenient() throws {
        let decoded = try PacketDecoder(mode: .lenient).decodeResponse(Self.screen)
        #expect(decoded.droppedComponents.map(\.description) == ["$.components[1]", "$.components[2].components[1]"])
        #expect(decoded.packet.components.map(\.type) == ["label", "form", "label", "label"])
        guard case .form(let form) = decoded.packet.components[1] else { Issue.record("expected a form"); return }
        #expect(form.components.map(\.fieldName) == ["kept"])
        guard case .label(let label) = decoded.packet.components[2] else { Issue.record("expected a label"); return }
        #expect(label.color == nil)
        #expect(decoded.packet.token == "t")
    }

    @Test("a packet without a usable rc is refused even leniently")
    func noReturnCode() {
        #expect(throws: PacketError.self) {
            try PacketDecoder(mode: .lenient).decodeResponse(["components": []])
        }
        #expect(throws: PacketError.self) {
            try PacketDecoder(mode: .lenient).decodeResponse(["rc": true, "components": []])
        }
    }

    @Test("a missing components array reads as an empty screen leniently")
    func noComponents() throws {
        let decoded = try PacketDecoder(mode: .lenient).decodeResponse(["rc": "Failed to update customer entry"])
        #expect(decoded.packet.rc == .message("Failed to update customer entry"))
        #expect(decoded.packet.components.isEmpty)
    }
}
