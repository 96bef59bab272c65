/// Builds the columns of a ``Table``, with `if`, `if let`, `switch`, `for` and `#available`
/// support. Each ``Column`` gives both the heading and the cell of one column.
///
/// ```swift
/// Table(data: .dynamic("listCustomers")) {
///     Column("Name", field: "name", width: .percent(60))
///     if showScore { Column("Score", field: "score", width: .percent(40), align: .right) }
/// }
/// ```
@resultBuilder
public enum ColumnBuilder {
    /// One column.
    public static func buildExpression(_ column: Column) -> [Column] {
        [column]
    }

    /// Several columns.
    public static func buildExpression(_ columns: [Column]) -> [Column] {
        columns
    }

    /// A column or none.
    public static func buildExpression(_ column: Column?) -> [Column] {
        column.map { [$0] } ?? []
    }

    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [Column]...) -> [Column] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`, or an `if let`.
    public static func buildOptional(_ part: [Column]?) -> [Column] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first part: [Column]) -> [Column] {
        part
    }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second part: [Column]) -> [Column] {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [[Column]]) -> [Column] {
        parts.flatMap { $0 }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [Column]) -> [Column] {
        part
    }
}
