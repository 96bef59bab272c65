import Foundation
import Testing
import XpediteLayout
import XpediteProtocol

/// The frame tree as a value: lookup, canonical JSON, outline.
@Suite("FrameTree")
struct FrameTreeTests {
    let tree: FrameTree = {
        let packet = ResponsePacket(title: "Edit", components: [
            .form(Component.Form(id: "f", title: "Details", save: MethodCall(function: "save"), components: [
                .textbox(Component.TextBox(id: "name", name: "name", title: "Name")),
                .radio(Component.Radio(name: "r", options: ["b": "B", "a": "A"])),
            ])),
            .button(Component.Button(text: "Wide", size: SizeSpec(width: 500))),
        ])
        return LayoutEngine().layout(packet, bounds: Bounds(width: 400, height: 893))
    }()

    @Test("nodes are found by index path, depth first in document order")
    func lookup() {
        #expect(tree.allNodes.map(\.indexPathText) == ["0", "0.0", "0.1", "1"])
        #expect(tree.node(at: [0, 1])?.type == "radio")
        #expect(tree.node(at: [0, 1])?.jsonPath.description == "$.components[0].components[1]")
        #expect(tree.node(at: [0, 2]) == nil)
        #expect(tree.node(at: []) == nil)
    }

    @Test("the canonical JSON has sorted keys and leaves out what is absent")
    func json() throws {
        let text = tree.canonicalJSON()
        #expect(text.hasPrefix(#"{"bounds":{"height":893,"width":400,"x":0,"y":0},"components":[{"children":"#))
        #expect(text.contains(#"{"frame":{"height":44,"width":400,"x":0,"y":0},"kind":"titleRow"}"#))
        #expect(text.contains(#""id":"name","indexPath":[0,0],"parts":[{"frame""#))
        #expect(text.contains(#"{"frame":{"height":44,"width":400,"x":0,"y":0},"index":0,"key":"a","kind":"option"}"#))
        #expect(text.contains(#""warnings":[{"code":"overflow","message":"spans x = 0…500, past the edges of its container (width 400)","path":"$.components[1]"}]"#))
        #expect(!text.contains("null"))
        let decoded = try JSONDecoder().decode(FrameTree.self, from: Data(text.utf8))
        #expect(decoded == tree)
        let encoded = try JSONEncoder().encode(tree)
        #expect(try JSONDecoder().decode(FrameTree.self, from: encoded) == tree)
    }

    @Test("the outline shows every node, its parts and the warnings")
    func outline() {
        #expect(tree.outline == """
            screen (0, 103, 400, 756), content height 294, navigation bar (0, 59, 400, 44)
            [0] form #f (0, 0, 400, 250), content (0, 44, 400, 154) height 154
                titleRow (0, 0, 400, 44)
                footer (0, 198, 400, 52)
              [0.0] textbox #name (0, 0, 400, 66)
                  title (0, 0, 400, 22)
                  field (0, 22, 400, 44)
              [0.1] radio (0, 66, 400, 88)
                  option 0 "a" (0, 0, 400, 44)
                  option 1 "b" (0, 44, 400, 44)
            [1] button (0, 250, 500, 44)
            warnings:
              $.components[1]: warning: spans x = 0…500, past the edges of its container (width 400)
            """)
    }

    @Test("image sizes parse from WIDTHxHEIGHT", arguments: [
        ("400x300", ImageSize(width: 400, height: 300)), ("1200.5X800", ImageSize(width: 1200.5, height: 800)),
        ("0x0", ImageSize(width: 0, height: 0)),
    ])
    func imageSize(text: String, size: ImageSize) {
        #expect(ImageSize(parsing: text) == size)
    }

    @Test("malformed image sizes are refused", arguments: ["400", "x300", "400x", "-1x2", "axb", "1x2x3", "infx1"])
    func badImageSize(text: String) {
        #expect(ImageSize(parsing: text) == nil)
    }
}
