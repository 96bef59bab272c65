import XpediteProtocol

/// A rectangle in logical points (Apple points, Android dp), origin at the top left.
///
/// Where a rectangle's origin lies depends on what holds it: see ``LayoutNode/frame``,
/// ``LayoutPart/frame`` and ``ContentLayout/frame``.
public struct LayoutRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; never negative in a laid-out frame.
    public var width: Double
    /// The height; never negative in a laid-out frame.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)

    /// The right edge, `x + width`.
    public var maxX: Double { x + width }

    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }

    /// `(x, y, width, height)` with canonical numbers: `(39.3, 0, 314.4, 44)`.
    public var description: String {
        "(\([x, y, width, height].map(JSONValue.format(number:)).joined(separator: ", ")))"
    }

    /// The canonical JSON: `{"height":44,"width":314.4,"x":39.3,"y":0}`.
    public var json: JSONValue {
        .object(["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)])
    }

    private enum CodingKeys: String, CodingKey {
        case x, y, width, height
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
                  width: try container.decode(Double.self, forKey: .width),
                  height: try container.decode(Double.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
