import Foundation
import Testing
import XpediteLayout
import XpediteProtocol

/// Properties that hold for every screen, checked on seeded random screens.
@Suite("Layout properties")
struct PropertyTests {
    static let seeds: [UInt64] = Array(1...40)

    func random(_ seed: UInt64) -> (ResponsePacket, Bounds, [String: ImageSize]) {
        var screen = RandomScreen(seed: seed)
        let bounds = screen.bounds()
        let packet = screen.packet(components: Int.random(in: 1...25, using: &screen.generator))
        let sizes: [String: ImageSize] = seed.isMultiple(of: 2) ? ["logo": ImageSize(width: 300, height: 200)] : [:]
        return (packet, bounds, sizes)
    }

    @Test("layout is deterministic: the same input gives the same tree and the same JSON", arguments: seeds)
    func deterministic(seed: UInt64) {
        let (packet, bounds, sizes) = random(seed)
        let first = LayoutEngine().layout(packet, bounds: bounds, imageSizes: sizes)
        let second = LayoutEngine().layout(packet, bounds: bounds, imageSizes: sizes)
        #expect(first == second)
        #expect(first.canonicalJSON() == second.canonicalJSON())
        let (again, _, _) = random(seed)
        #expect(LayoutEngine().layout(again, bounds: bounds, imageSizes: sizes) == first)
    }

    @Test("no frame, part or content area has a negative or non-finite size", arguments: seeds)
    func noNegativeSizes(seed: UInt64) {
        let (packet, bounds, sizes) = random(seed)
        let tree = LayoutEngine().layout(packet, bounds: bounds, imageSizes: sizes)
        var rects = [tree.screen.frame]
        for node in tree.allNodes {
            rects.append(node.frame)
            rects += node.parts.map(\.frame)
            if let content = node.content {
                rects.append(content.frame)
                #expect(content.height >= 0 && content.height.isFinite)
            }
        }
        for rect in rects {
            #expect(rect.width >= 0 && rect.height >= 0, "\(rect)")
            #expect([rect.x, rect.y, rect.width, rect.height].allSatisfy { $0.isFinite }, "\(rect)")
        }
        #expect(tree.screen.contentHeight >= 0)
    }

    @Test("a stacked component starts at the bottom edge of everything before it, unless x+, y or centre keys move it",
          arguments: seeds)
    func stacking(seed: UInt64) {
        let (packet, bounds, sizes) = random(seed)
        let tree = LayoutEngine().layout(packet, bounds: bounds, imageSizes: sizes)
        checkStacking(packet.components, tree.components, contentHeight: tree.screen.contentHeight)
    }

    func checkStacking(_ components: [Component], _ nodes: [LayoutNode], contentHeight: Double) {
        // Values clamped to the coordinate limit (1e9) break exact sums; such screens are skipped.
        let clampZone = 999_000_000.0
        var bottom = 0.0
        let byIndex = Dictionary(nodes.map { ($0.indexPath.last ?? -1, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, component) in components.enumerated() {
            guard let node = byIndex[index] else { continue }
            if node.placement == .flow, bottom < clampZone {
                let s = component.size ?? SizeSpec()
                let moved = s.xAfter != nil || s.y != nil || s.yPercent != nil || s.yBelow != nil || s.centreY != nil
                if !moved {
                    #expect(abs(node.frame.y - bottom) < 1e-6, "\(node.jsonPath) starts at \(node.frame.y), bottom edge \(bottom)")
                }
                if let gap = s.yBelow, gap >= 0, s.centreY == nil {
                    #expect(node.frame.y >= bottom - 1e-6, "\(node.jsonPath) starts at \(node.frame.y), bottom edge \(bottom)")
                }
            }
            if node.placement == .flow { bottom = max(bottom, node.frame.maxY) }
            if let content = node.content, PropertyTests.holdsComponents(component) {
                checkStacking(component.children, node.children, contentHeight: content.height)
            }
        }
        if bottom < clampZone {
            #expect(abs(contentHeight - bottom) < 0.011, "content height \(contentHeight), bottom edge \(bottom)")
        }
    }

    /// Whether a component lays out a `components` array (not an old text scroll view).
    static func holdsComponents(_ component: Component) -> Bool {
        switch component {
        case .form: true
        case .section(let section): section.isBox
        case .scrollview(let scrollView): scrollView.components != nil
        default: false
        }
    }

    @Test("the tree survives its JSON: decoding the canonical JSON gives the same tree", arguments: seeds.prefix(10))
    func codable(seed: UInt64) throws {
        let (packet, bounds, sizes) = random(seed)
        let tree = LayoutEngine().layout(packet, bounds: bounds, imageSizes: sizes)
        let decoded = try JSONDecoder().decode(FrameTree.self, from: Data(tree.canonicalJSON().utf8))
        #expect(decoded == tree)
        #expect(decoded.canonicalJSON() == tree.canonicalJSON())
    }

    @Test("a large screen lays out in one pass: 20,000 components, each stacked once")
    func largeScreen() {
        let components = (0..<20_000).map { index in
            Component.button(Component.Button(text: "\(index)", size: index.isMultiple(of: 2) ? nil : SizeSpec(x: 1, height: 10)))
        }
        let tree = LayoutEngine().layout(ResponsePacket(components: components), bounds: Bounds(width: 400, height: 893))
        #expect(tree.components.count == 20_000)
        #expect(tree.screen.contentHeight == 10_000 * 44 + 10_000 * 10)
    }
}
