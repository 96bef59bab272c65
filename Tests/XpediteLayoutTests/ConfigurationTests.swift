import Testing
import XpediteLayout
import XpediteProtocol

/// The screen container from the bounds and the configuration (docs/protocol/layout.md#containers,
/// docs/layout.md).
@Suite("Screen container and configuration")
struct ConfigurationTests {
    let button = Component.button(Component.Button(text: "A"))

    @Test("852 pt bounds leave 759 visible, 715 with a navigation bar")
    func visibleHeights() {
        let bounds = Bounds(width: 393, height: 852)
        let plain = LayoutEngine().layout(ResponsePacket(components: [button]), bounds: bounds)
        #expect(plain.screen.frame == LayoutRect(x: 0, y: 59, width: 393, height: 759))
        #expect(plain.screen.navigationBar == nil)
        let titled = LayoutEngine().layout(ResponsePacket(title: "Home", components: [button]), bounds: bounds)
        #expect(titled.screen.frame == LayoutRect(x: 0, y: 103, width: 393, height: 715))
        #expect(titled.screen.navigationBar == LayoutRect(x: 0, y: 59, width: 393, height: 44))
        let emptyTitle = LayoutEngine().layout(ResponsePacket(title: "", components: [button]), bounds: bounds)
        #expect(emptyTitle.screen.navigationBar == nil)
    }

    @Test("the insets and the bar height are configuration")
    func configured() {
        let configuration = LayoutConfiguration(safeAreaInsets: .zero, navigationBarHeight: 50)
        let tree = LayoutEngine(configuration: configuration)
            .layout(ResponsePacket(title: "T", components: [button]), bounds: Bounds(width: 393, height: 852))
        #expect(tree.screen.frame == LayoutRect(x: 0, y: 50, width: 393, height: 802))
        let landscape = LayoutConfiguration(safeAreaInsets: .init(top: 0, left: 59, bottom: 21, right: 59))
        let wide = LayoutEngine(configuration: landscape)
            .layout(ResponsePacket(components: [button]), bounds: Bounds(width: 852, height: 393))
        #expect(wide.screen.frame == LayoutRect(x: 59, y: 0, width: 734, height: 372))
        #expect(wide.components[0].frame == LayoutRect(x: 0, y: 0, width: 734, height: 44))
    }

    @Test("no rounding keeps full precision")
    func precision() {
        let packet = ResponsePacket(components: [.button(Component.Button(size: SizeSpec(widthPercent: 100.0 / 3)))])
        let exact = LayoutEngine(configuration: LayoutConfiguration(roundingIncrement: 0))
            .layout(packet, bounds: Bounds(width: 100, height: 893))
        #expect(exact.components[0].frame.width == 100.0 / 3 * 100 / 100)
        let rounded = LayoutEngine().layout(packet, bounds: Bounds(width: 100, height: 893))
        #expect(rounded.components[0].frame.width == 33.33)
    }

    @Test("containers nested deeper than the limit are not laid out, with one warning")
    func depthLimit() {
        var component = Component.button(Component.Button(text: "deep"))
        for _ in 0..<10 { component = .section(Component.Section(components: [component])) }
        let engine = LayoutEngine(configuration: LayoutConfiguration(maximumDepth: 4))
        let tree = engine.layout(ResponsePacket(components: [component]), bounds: Bounds(width: 400, height: 893))
        #expect(tree.warnings.map(\.code) == [.nestingTooDeep])
        #expect(tree.warnings.first?.path.description == "$" + String(repeating: ".components[0]", count: 5))
        #expect(tree.allNodes.count == 5)
    }

    @Test("deep nesting within the limit lays out every level")
    func deepNesting() {
        var component = Component.button(Component.Button(text: "deep", size: SizeSpec(x: 1)))
        // Scroll views fit their content and have no inset of their own (an old section box has
        // an 8 pt one on each side, which 150 levels would use up).
        for _ in 0..<150 { component = .scrollview(Component.ScrollView(components: [component], size: SizeSpec(x: 1))) }
        let engine = LayoutEngine(configuration: LayoutConfiguration(maximumDepth: 200))
        let tree = engine.layout(ResponsePacket(components: [component]), bounds: Bounds(width: 400, height: 893))
        #expect(tree.warnings.isEmpty)
        #expect(tree.allNodes.count == 151)
        #expect(tree.node(at: Array(repeating: 0, count: 151))?.frame == LayoutRect(x: 1, y: 0, width: 249, height: 44))
        #expect(tree.screen.contentHeight == 44)
    }

    @Test("a menuEntry outside a navigation is not laid out, with a warning")
    func strayMenuEntry() {
        let tree = LayoutEngine().layout(ResponsePacket(components: [.menuEntry(Component.MenuEntry(text: "x")), button]),
                                         bounds: Bounds(width: 400, height: 893))
        #expect(tree.components.map(\.indexPath) == [[1]])
        #expect(tree.components[0].frame.y == 0)
        #expect(tree.warnings.map(\.code) == [.misplacedComponent])
    }

    @Test("non-finite values from Swift callers are clamped, never infinite")
    func nonFinite() {
        let packet = ResponsePacket(components: [
            .button(Component.Button(size: SizeSpec(width: .infinity, height: -.infinity))),
            .button(Component.Button(size: SizeSpec(widthPercent: .greatestFiniteMagnitude))),
        ])
        let tree = LayoutEngine().layout(packet, bounds: Bounds(width: 400, height: 893))
        for node in tree.allNodes {
            #expect([node.frame.x, node.frame.y, node.frame.width, node.frame.height].allSatisfy { $0.isFinite })
        }
        #expect(tree.components[0].frame.width == 1_000_000_000)
        #expect(tree.components[0].frame.height == 0)
    }
}
