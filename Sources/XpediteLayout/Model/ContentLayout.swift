import XpediteProtocol

/// The content area of a container (inline form, old section box, scroll view, dialog form):
/// where its children live and how far they reach (docs/protocol/layout.md#containers).
///
/// The children's frames are relative to the top-left corner of ``frame``.
public struct ContentLayout: Sendable, Hashable, Codable {
    /// The visible content area, relative to the container's own frame: below an inline form's
    /// title row and above its footer, below a dialog's header bar, the whole frame otherwise.
    public var frame: LayoutRect
    /// The content height: the bottom edge of the children (docs/protocol/layout.md#the-rules). It
    /// can exceed `frame.height`, in which case the content scrolls (scroll view, dialog) or
    /// overflows.
    public var height: Double
    /// `H`: the height that `%` keys and vertical centring of the children refer to.
    public var visibleHeight: Double

    /// Creates a content area.
    public init(frame: LayoutRect, height: Double, visibleHeight: Double) {
        self.frame = frame
        self.height = height
        self.visibleHeight = visibleHeight
    }

    /// The canonical JSON.
    public var json: JSONValue {
        .object(["frame": frame.json, "height": .number(height), "visibleHeight": .number(visibleHeight)])
    }

    private enum CodingKeys: String, CodingKey {
        case frame, height, visibleHeight
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(frame: try container.decode(LayoutRect.self, forKey: .frame),
                  height: try container.decode(Double.self, forKey: .height),
                  visibleHeight: try container.decode(Double.self, forKey: .visibleHeight))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
