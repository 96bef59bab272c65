import XpediteProtocol

/// The screen container (docs/protocol/layout.md#containers): the safe area below the navigation
/// bar, if one is shown. The screen is a vertical scroll view; the top-level components' frames are
/// relative to the top-left corner of ``frame``.
public struct ScreenLayout: Sendable, Hashable, Codable {
    /// The visible area, in the coordinates of the bounds: `W` is its width, `H` its height.
    public var frame: LayoutRect
    /// The bottom edge of the top-level components; the screen scrolls when it exceeds
    /// `frame.height`.
    public var contentHeight: Double
    /// The navigation bar, in the coordinates of the bounds, when one is shown: the screen has a
    /// `title` or a navigation component (docs/protocol/components/navigation.md#navigation).
    public var navigationBar: LayoutRect?

    /// Creates a screen layout.
    public init(frame: LayoutRect, contentHeight: Double, navigationBar: LayoutRect? = nil) {
        self.frame = frame
        self.contentHeight = contentHeight
        self.navigationBar = navigationBar
    }

    /// The canonical JSON.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["frame": frame.json, "contentHeight": .number(contentHeight)]
        if let navigationBar { members["navigationBar"] = navigationBar.json }
        return .object(members)
    }

    private enum CodingKeys: String, CodingKey {
        case frame, contentHeight, navigationBar
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(frame: try container.decode(LayoutRect.self, forKey: .frame),
                  contentHeight: try container.decode(Double.self, forKey: .contentHeight),
                  navigationBar: try container.decodeIfPresent(LayoutRect.self, forKey: .navigationBar))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
