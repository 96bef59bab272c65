import Testing
@testable import XpediteProtocol

/// `low-contrast` warnings (docs/protocol/validation.md): a screen's own text colours against the
/// backgrounds it gives them, by WCAG 2.1's contrast ratio.
@Suite("The screen's own colours are checked for contrast")
struct ContrastCheckTests {
    static func issues(_ packet: JSONValue) -> [ValidationIssue] {
        PacketValidator().validate(packet, as: .response).issues.filter { $0.code == .lowContrast }
    }

    @Test("WCAG's ratio: black on white is 21:1, a colour on itself 1:1, translucent text is composited")
    func ratio() throws {
        let black = try #require(Colour(hex: "#000000"))
        let white = try #require(Colour(hex: "#FFFFFF"))
        #expect(abs(black.contrast(on: white) - 21) < 0.000_1)
        #expect(abs(white.contrast(on: black) - 21) < 0.000_1)
        #expect(white.contrast(on: white) == 1)
        // #767676 is the lightest grey that reaches 4.5:1 on white; #777777 does not.
        #expect(try #require(Colour(hex: "#767676")).contrast(on: white) >= 4.5)
        #expect(try #require(Colour(hex: "#777777")).contrast(on: white) < 4.5)
        let halfBlack = try #require(Colour(hex: "#00000080"))
        #expect(halfBlack.contrast(on: white) < black.contrast(on: white))
    }

    @Test("setDefaults' text colour on its background, and on the screen's")
    func defaults() {
        let dark: JSONValue = ["rc": 0, "components": [], "setDefaults": ["color": "#1F2937", "background": "#111827"]]
        let issues = Self.issues(dark)
        #expect(issues.map(\.path.description) == ["$.setDefaults.color"])
        #expect(issues.first?.severity == .warning)
        #expect(issues.first?.message.hasPrefix("setDefaults' text colour #1F2937 on #111827 has a contrast of 1.") == true)
        // The screen's background wins over the default one.
        let onScreen: JSONValue = ["rc": 0, "components": [], "background": "#000000",
                                   "setDefaults": ["color": "#1F2937", "background": "#F7F8FA"]]
        #expect(Self.issues(onScreen).map(\.path.description) == ["$.setDefaults.color"])
        let fine: JSONValue = ["rc": 0, "components": [], "setDefaults": ["color": "#E5E7EB", "background": "#111827"]]
        #expect(Self.issues(fine).isEmpty)
    }

    @Test("a component's colour on the nearest background: its own, its container's, the screen's")
    func components() {
        let packet: JSONValue = ["rc": 0, "background": "#111827", "setDefaults": ["color": "#E5E7EB"], "components": [
            ["type": "label", "text": "fine"],
            ["type": "label", "text": "grey", "color": "#4B5563"],
            ["type": "label", "text": "own", "color": "#FFFFFF", "background": "#FFFF00"],
            ["type": "label", "text": "default on its own", "background": "#F7F8FA"],
            ["type": "scrollview", "background": "#FFFFFF", "components": [
                ["type": "label", "text": "default in a white box"],
                ["type": "button", "text": "pale", "color": "#E5E7EB", "method": "go"],
            ]],
            ["type": "textbox", "name": "q", "color": "#4B5563"],
        ]]
        #expect(Self.issues(packet).map(\.path.description) == [
            "$.components[1].color", "$.components[2].color", "$.components[3].background",
            "$.components[4].background", "$.components[4].components[1].color",
        ])
    }

    @Test("without a background the screen gives, nothing is reported: the app's own differs by appearance")
    func unknownBackground() {
        let packet: JSONValue = ["rc": 0, "setDefaults": ["color": "#1F2937"], "components": [
            ["type": "label", "text": "grey", "color": "#6B7280"],
        ]]
        #expect(Self.issues(packet).isEmpty)
    }
}
