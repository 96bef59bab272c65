/// The `size` dict (docs/protocol/layout.md#keys): where a component sits and how big it is.
///
/// Every key is optional and kept as given, so a linter can see two keys for one quantity; the
/// layout engine applies the precedence of docs/protocol/layout.md#the-rules. The old flags
/// `center-x`/`centre-x` and `center-y`/`centre-y` are normalised to a centre offset of 0.
public struct SizeSpec: Sendable, Hashable {
    /// `x`: left edge in points from the container's left edge.
    public var x: Double?
    /// `y`: top edge in points from the container's top edge.
    public var y: Double?
    /// `width` in points.
    public var width: Double?
    /// `height` in points.
    public var height: Double?
    /// `x%`: left edge as a percentage of the container width.
    public var xPercent: Double?
    /// `y%`: top edge as a percentage of the container's visible height.
    public var yPercent: Double?
    /// `width%`: width as a percentage of the container width.
    public var widthPercent: Double?
    /// `height%`: height as a percentage of the container's visible height.
    public var heightPercent: Double?
    /// `x+`: left edge this far past the previous component's right edge (same row).
    public var xAfter: Double?
    /// `y+`: top edge this far below the current bottom edge.
    public var yBelow: Double?
    /// `relative-height%`: height as a percentage of the previous component's height.
    public var relativeHeightPercent: Double?
    /// `centrex`: centre horizontally, offset by this many points (0 = exactly centred).
    public var centreX: Double?
    /// `centrey`: centre vertically in the visible height, offset by this many points.
    public var centreY: Double?

    /// Creates a size dict.
    public init(x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil,
                xPercent: Double? = nil, yPercent: Double? = nil, widthPercent: Double? = nil,
                heightPercent: Double? = nil, xAfter: Double? = nil, yBelow: Double? = nil,
                relativeHeightPercent: Double? = nil, centreX: Double? = nil, centreY: Double? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.xPercent = xPercent
        self.yPercent = yPercent
        self.widthPercent = widthPercent
        self.heightPercent = heightPercent
        self.xAfter = xAfter
        self.yBelow = yBelow
        self.relativeHeightPercent = relativeHeightPercent
        self.centreX = centreX
        self.centreY = centreY
    }

    /// The keys of the canonical dict, each with the property it sets.
    static let keys: [(key: WireKey, property: any WritableKeyPath<SizeSpec, Double?> & Sendable, summary: String)] = [
        (.x, \.x, "Left edge in points from the container's left edge."),
        (.y, \.y, "Top edge in points from the container's top edge."),
        (.width, \.width, "Width in points."),
        (.height, \.height, "Height in points."),
        (.xPercent, \.xPercent, "Left edge as a percentage of the container width."),
        (.yPercent, \.yPercent, "Top edge as a percentage of the container's visible height."),
        (.widthPercent, \.widthPercent, "Width as a percentage of the container width."),
        (.heightPercent, \.heightPercent, "Height as a percentage of the container's visible height."),
        (.xPlus, \.xAfter, "Left edge past the previous component's right edge (same row)."),
        (.yPlus, \.yBelow, "Top edge below the current bottom edge."),
        (.relativeHeightPercent, \.relativeHeightPercent, "Height as a percentage of the previous component's height."),
        (.centrex, \.centreX, "Centre horizontally; the value is an offset in points."),
        (.centrey, \.centreY, "Centre vertically; the value is an offset in points."),
    ]

    static let shape = ObjectShape(
        name: "size", displayName: "size dict", expectation: "a size dict",
        summary: "Where a component sits and how big it is (docs/protocol/layout.md).",
        properties: keys.map { .init($0.key.name, .number, $0.summary) }
            + [.init("centre-y", .number, "Centre vertically (old flag; the value is ignored). Emitted for a centrey offset of 0.")]
    )

    init(reading reader: ObjectReader) {
        self.init()
        var centreYFlag = false
        for (key, member) in reader.members.interned {
            guard case .number(let value) = member.value else { continue }
            switch key {
            case .x: x = value
            case .y: y = value
            case .width: width = value
            case .height: height = value
            case .xPercent: xPercent = value
            case .yPercent: yPercent = value
            case .widthPercent: widthPercent = value
            case .heightPercent: heightPercent = value
            case .xPlus: xAfter = value
            case .yPlus: yBelow = value
            case .relativeHeightPercent: relativeHeightPercent = value
            case .centrex: centreX = value
            case .centrey: centreY = value
            case .centreYFlag: centreYFlag = true
            default: break
            }
        }
        if centreY == nil, centreYFlag { centreY = 0 }
    }

    /// The canonical JSON; a vertical centre offset of 0 is written as the documented `centre-y: 1`.
    public var json: JSONValue {
        var writer = ObjectWriter()
        for entry in SizeSpec.keys {
            writer.set(entry.key, self[keyPath: entry.property])
        }
        if centreY == 0 {
            writer.remove(.centrey)
            writer.set(.centreYFlag, 1)
        }
        return writer.json
    }
}
