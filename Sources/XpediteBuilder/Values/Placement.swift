import XpediteProtocol

/// Where a component sits and how big it is: the builder's form of the `size` dict
/// (docs/protocol/layout.md).
///
/// Each of the four quantities — horizontal position, vertical position, width, height — holds at
/// most one value, so a placement can never emit two keys for one quantity (an error under
/// docs/protocol/validation.md). Unset quantities take the component's defaults
/// (docs/protocol/layout.md#default-sizes): full width, stacked below what is already placed.
public struct Placement: Sendable, Hashable {
    /// The horizontal position of a component.
    public enum Horizontal: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
        /// `x`: the left edge, in points from the container's left edge.
        case points(Double)
        /// `x%`: the left edge as a percentage of the container width.
        case percent(Double)
        /// `x+`: the left edge this far past the previous component's right edge, on the same row.
        case beside(gap: Double)
        /// `centrex`: centred in the container, moved right by `offset` points.
        case centred(offset: Double = 0)

        /// Points from the left edge.
        public init(integerLiteral value: Int) { self = .points(Double(value)) }

        /// Points from the left edge.
        public init(floatLiteral value: Double) { self = .points(value) }
    }

    /// The vertical position of a component.
    public enum Vertical: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
        /// `y`: the top edge, in points from the container's top edge.
        case points(Double)
        /// `y%`: the top edge as a percentage of the container's visible height.
        case percent(Double)
        /// `y+`: the top edge this far below everything placed so far.
        case below(gap: Double)
        /// `centre-y`: centred in the container's visible height. The protocol defines no
        /// offset the SDK may send, so there is none.
        case centred

        /// Points from the top edge.
        public init(integerLiteral value: Int) { self = .points(Double(value)) }

        /// Points from the top edge.
        public init(floatLiteral value: Double) { self = .points(value) }
    }

    /// The height of a component.
    public enum Height: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
        /// `height`: points.
        case points(Double)
        /// `height%`: a percentage of the container's visible height.
        case percent(Double)
        /// `relative-height%`: a percentage of the previous component's height.
        case relative(percent: Double)

        /// Points.
        public init(integerLiteral value: Int) { self = .points(Double(value)) }

        /// Points.
        public init(floatLiteral value: Double) { self = .points(value) }
    }

    /// The horizontal position; the left edge of the container when `nil`.
    public var x: Horizontal?
    /// The vertical position; stacked below what is already placed when `nil`.
    public var y: Vertical?
    /// The width; from `x` to the container's right edge when `nil`.
    public var width: Length?
    /// The height; the component's default height (docs/protocol/layout.md#default-sizes) when
    /// `nil`.
    public var height: Height?

    /// Creates a placement; every quantity left out takes its default.
    public init(x: Horizontal? = nil, y: Vertical? = nil, width: Length? = nil, height: Height? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether no quantity is set, so the component needs no `size` dict.
    public var isEmpty: Bool { x == nil && y == nil && width == nil && height == nil }

    /// The wire `size` dict, or `nil` when nothing is set.
    public var sizeSpec: SizeSpec? {
        if isEmpty { return nil }
        var spec = SizeSpec()
        switch x {
        case .points(let value)?: spec.x = value
        case .percent(let value)?: spec.xPercent = value
        case .beside(let gap)?: spec.xAfter = gap
        case .centred(let offset)?: spec.centreX = offset
        case nil: break
        }
        switch y {
        case .points(let value)?: spec.y = value
        case .percent(let value)?: spec.yPercent = value
        case .below(let gap)?: spec.yBelow = gap
        case .centred?: spec.centreY = 0  // written as the documented `centre-y` flag (docs/protocol/layout.md#keys)
        case nil: break
        }
        switch width {
        case .points(let value)?: spec.width = value
        case .percent(let value)?: spec.widthPercent = value
        case nil: break
        }
        switch height {
        case .points(let value)?: spec.height = value
        case .percent(let value)?: spec.heightPercent = value
        case .relative(let percent)?: spec.relativeHeightPercent = percent
        case nil: break
        }
        return spec
    }
}
