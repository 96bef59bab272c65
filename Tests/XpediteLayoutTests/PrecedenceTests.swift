import Testing
import XpediteLayout
import XpediteProtocol

/// Several keys for one quantity (docs/protocol/layout.md#the-rules): for position centre >
/// relative > absolute > percent, for size absolute > percent > relative. Each case follows a 100 ×
/// 40 button at the origin of a 400 × 800 screen.
@Suite("Size key precedence")
struct PrecedenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let size: SizeSpec
        let frame: LayoutRect
        let conflicts: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "centrex beats x+, x, x% (x+ still keeps the row)",
             size: SizeSpec(x: 5, width: 100, xPercent: 50, xAfter: 10, centreX: 0),
             frame: LayoutRect(x: 150, y: 0, width: 100, height: 44), conflicts: 1),
        Case(name: "x+ beats x and x%", size: SizeSpec(x: 5, width: 100, xPercent: 50, xAfter: 10),
             frame: LayoutRect(x: 110, y: 0, width: 100, height: 44), conflicts: 1),
        Case(name: "x beats x%", size: SizeSpec(x: 5, width: 100, xPercent: 50),
             frame: LayoutRect(x: 5, y: 40, width: 100, height: 44), conflicts: 1),
        Case(name: "width beats width%", size: SizeSpec(width: 100, widthPercent: 50),
             frame: LayoutRect(x: 0, y: 40, width: 100, height: 44), conflicts: 1),
        Case(name: "height beats height% and relative-height%",
             size: SizeSpec(height: 10, heightPercent: 50, relativeHeightPercent: 200),
             frame: LayoutRect(x: 0, y: 40, width: 400, height: 10), conflicts: 1),
        Case(name: "height% beats relative-height%", size: SizeSpec(heightPercent: 10, relativeHeightPercent: 200),
             frame: LayoutRect(x: 0, y: 40, width: 400, height: 80), conflicts: 1),
        Case(name: "centrey beats y+, y, y%", size: SizeSpec(y: 5, height: 100, yPercent: 50, yBelow: 10, centreY: 0),
             frame: LayoutRect(x: 0, y: 350, width: 400, height: 100), conflicts: 1),
        Case(name: "y+ beats y and y%", size: SizeSpec(y: 5, yPercent: 50, yBelow: 10),
             frame: LayoutRect(x: 0, y: 50, width: 400, height: 44), conflicts: 1),
        Case(name: "y beats y%", size: SizeSpec(y: 5, yPercent: 50),
             frame: LayoutRect(x: 0, y: 5, width: 400, height: 44), conflicts: 1),
        Case(name: "y beats the same row of x+ (different quantities, no conflict)",
             size: SizeSpec(y: 200, width: 50, xAfter: 10),
             frame: LayoutRect(x: 110, y: 200, width: 50, height: 44), conflicts: 0),
        Case(name: "centrex with x: the width fills from x, then centres",
             size: SizeSpec(x: 100, centreX: 0),
             frame: LayoutRect(x: 50, y: 40, width: 300, height: 44), conflicts: 1),
        Case(name: "every group at once", size: SizeSpec(x: 1, y: 2, width: 30, height: 20, xPercent: 1, yPercent: 1,
                                                          widthPercent: 1, heightPercent: 1),
             frame: LayoutRect(x: 1, y: 2, width: 30, height: 20), conflicts: 4),
    ]

    @Test("the key that docs/protocol/layout.md#the-rules ranks first wins, with a warning per quantity", arguments: cases)
    func precedence(_ testCase: Case) {
        let packet = ResponsePacket(components: [
            .button(Component.Button(text: "P", size: SizeSpec(width: 100, height: 40))),
            .button(Component.Button(text: "C", size: testCase.size)),
        ])
        let tree = LayoutEngine().layout(packet, bounds: Bounds(width: 400, height: 893))
        #expect(tree.components[1].frame == testCase.frame)
        let conflicts = tree.warnings.filter { $0.code == .conflictingSizeKeys }
        #expect(conflicts.count == testCase.conflicts)
        #expect(conflicts.allSatisfy { $0.path.description == "$.components[1]" })
    }

    @Test("the conflict warning names the keys and the winner")
    func conflictMessage() {
        let packet = ResponsePacket(components: [.button(Component.Button(size: SizeSpec(x: 5, xPercent: 50)))])
        let tree = LayoutEngine().layout(packet, bounds: Bounds(width: 400, height: 893))
        #expect(tree.warnings.map(\.description)
            == ["$.components[0]: warning: \"x\" and \"x%\" both set the horizontal position; \"x\" wins"])
    }
}
