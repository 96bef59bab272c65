/// The list-building half every builder of the DSL shares, as swift-syntax's `ListBuilder`:
/// blocks, `if`, `if let`, `switch`, `for` and `#available` all flatten into one array. Each
/// builder adds only `buildExpression`, which decides what may appear in it.
public protocol ListBuilder {
    /// What the builder produces a list of.
    associatedtype FinalElement
}

extension ListBuilder {
    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [FinalElement]...) -> [FinalElement] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`, or an `if let`.
    public static func buildOptional(_ part: [FinalElement]?) -> [FinalElement] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first part: [FinalElement]) -> [FinalElement] {
        part
    }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second part: [FinalElement]) -> [FinalElement] {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [[FinalElement]]) -> [FinalElement] {
        parts.flatMap { $0 }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [FinalElement]) -> [FinalElement] {
        part
    }
}
