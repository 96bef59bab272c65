import XpediteProtocol

/// One laid-out component: where it is, what it holds, and its parts.
public struct LayoutNode: Sendable, Hashable, Codable {
    /// Which coordinate space a node's ``LayoutNode/frame`` is in.
    public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
        /// Placed by the stacking algorithm (docs/protocol/layout.md#the-rules): the frame is
        /// relative to the content area of the container (``ScreenLayout/frame`` at the top level,
        /// ``ContentLayout/frame`` inside a container).
        case flow
        /// Outside the flow (a navigation menu, a dialog form): the frame is in the coordinates
        /// of the bounds the phone reported, like ``ScreenLayout/frame``.
        case window
    }

    /// The indices that lead to the component through the `components` arrays of the decoded
    /// packet: `[2, 0]` is `components[2].components[0]`.
    public var indexPath: [Int]
    /// The component `type`.
    public var type: String
    /// The component `id`, if it has one.
    public var id: String?
    /// Which coordinate space ``frame`` is in.
    public var placement: Placement
    /// Where the component is, in points.
    public var frame: LayoutRect
    /// The content area of a container; `nil` for components that hold no components (a
    /// scroll view showing old-dialect `text` has one too, sized to the text).
    public var content: ContentLayout?
    /// Pieces placed for the renderer (title rows, footers, option rows, table columns, …),
    /// relative to ``frame``.
    public var parts: [LayoutPart]
    /// The laid-out children of a container, in array order; frames relative to ``content``. A
    /// navigation's menu entries are not laid out by docs/protocol/layout.md, so a navigation has
    /// none.
    public var children: [LayoutNode]

    /// Creates a node.
    public init(indexPath: [Int], type: String, id: String? = nil, placement: Placement = .flow, frame: LayoutRect,
                content: ContentLayout? = nil, parts: [LayoutPart] = [], children: [LayoutNode] = []) {
        self.indexPath = indexPath
        self.type = type
        self.id = id
        self.placement = placement
        self.frame = frame
        self.content = content
        self.parts = parts
        self.children = children
    }

    /// The index path as text: `2.0` for `[2, 0]`.
    public var indexPathText: String { indexPath.map(String.init).joined(separator: ".") }

    /// The JSON path of the component in the packet: `$.components[2].components[0]`.
    public var jsonPath: JSONPath { JSONPath(indexPath: indexPath) }

    /// The canonical JSON; absent and empty values are left out.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "indexPath": .array(indexPath.map { .number(Double($0)) }),
            "type": .string(type),
            "placement": .string(placement.rawValue),
            "frame": frame.json,
        ]
        if let id { members["id"] = .string(id) }
        if let content { members["content"] = content.json }
        if !parts.isEmpty { members["parts"] = .array(parts.map(\.json)) }
        if !children.isEmpty { members["children"] = .array(children.map(\.json)) }
        return .object(members)
    }

    private enum CodingKeys: String, CodingKey {
        case indexPath, type, id, placement, frame, content, parts, children
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(indexPath: try container.decode([Int].self, forKey: .indexPath),
                  type: try container.decode(String.self, forKey: .type),
                  id: try container.decodeIfPresent(String.self, forKey: .id),
                  placement: try container.decode(Placement.self, forKey: .placement),
                  frame: try container.decode(LayoutRect.self, forKey: .frame),
                  content: try container.decodeIfPresent(ContentLayout.self, forKey: .content),
                  parts: try container.decodeIfPresent([LayoutPart].self, forKey: .parts) ?? [],
                  children: try container.decodeIfPresent([LayoutNode].self, forKey: .children) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension JSONPath {
    /// The path of the component at `indexPath`: `$.components[2].components[0]` for `[2, 0]`.
    init(indexPath: [Int]) {
        var steps: [JSONPath.Step] = []
        steps.reserveCapacity(indexPath.count * 2)
        for index in indexPath {
            steps.append(.key("components"))
            steps.append(.index(index))
        }
        self.init(steps: steps)
    }
}
