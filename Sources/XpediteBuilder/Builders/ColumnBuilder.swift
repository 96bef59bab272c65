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
public enum ColumnBuilder: ListBuilder {
    public typealias FinalElement = Column

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
}
