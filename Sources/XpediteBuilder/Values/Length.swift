/// A width: points, or a percentage of the container width (docs/protocol/layout.md#keys
/// `width`/`width%`).
///
/// Integer and float literals mean points, so `.size(width: 120)` and
/// `.size(width: .percent(80))` both read naturally.
public enum Length: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Logical points (`width`).
    case points(Double)
    /// A percentage of the container width (`width%`).
    case percent(Double)

    /// Points.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }

    /// Points.
    public init(floatLiteral value: Double) { self = .points(value) }
}
