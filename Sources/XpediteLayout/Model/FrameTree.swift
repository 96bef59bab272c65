import XpediteProtocol

/// The result of laying out one screen: the screen container, a node for every component, and
/// the warnings found on the way. This is what a renderer draws.
///
/// ```swift
/// let tree = LayoutEngine().layout(packet, bounds: Bounds(width: 393, height: 852))
/// print(tree.canonicalJSON(pretty: true))
/// ```
public struct FrameTree: Sendable, Hashable, Codable {
    /// The bounds the phone reported, as laid out against.
    public var bounds: LayoutRect
    /// The screen container: visible area, content height, navigation bar.
    public var screen: ScreenLayout
    /// The top-level components, in array order.
    public var components: [LayoutNode]
    /// Warnings, in document order.
    public var warnings: [LayoutWarning]

    /// Creates a frame tree.
    public init(bounds: LayoutRect, screen: ScreenLayout, components: [LayoutNode], warnings: [LayoutWarning] = []) {
        self.bounds = bounds
        self.screen = screen
        self.components = components
        self.warnings = warnings
    }

    /// Every node, depth first in document order (a container before its children).
    public var allNodes: [LayoutNode] {
        var nodes: [LayoutNode] = []
        var stack = Array(components.reversed())
        while let node = stack.popLast() {
            nodes.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return nodes
    }

    /// The node at `indexPath` (`[2, 0]` is `components[2].components[0]`), if there is one.
    public func node(at indexPath: [Int]) -> LayoutNode? {
        var level = components
        var found: LayoutNode?
        for index in indexPath {
            guard let node = level.first(where: { $0.indexPath.last == index }) else { return nil }
            found = node
            level = node.children
        }
        return found
    }

    /// The canonical JSON tree.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "bounds": bounds.json,
            "screen": screen.json,
            "components": .array(components.map(\.json)),
        ]
        if !warnings.isEmpty { members["warnings"] = .array(warnings.map(\.json)) }
        return .object(members)
    }

    /// The canonical JSON text (sorted keys, no escaped slashes; docs/architecture.md#conventions).
    public func canonicalJSON(pretty: Bool = false) -> String {
        CanonicalJSON.string(json, pretty: pretty)
    }

    private enum CodingKeys: String, CodingKey {
        case bounds, screen, components, warnings
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(bounds: try container.decode(LayoutRect.self, forKey: .bounds),
                  screen: try container.decode(ScreenLayout.self, forKey: .screen),
                  components: try container.decode([LayoutNode].self, forKey: .components),
                  warnings: try container.decodeIfPresent([LayoutWarning].self, forKey: .warnings) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
