/// A node of an expression's tree (docs/notify.md#expressions).
///
/// `column` is where errors about the node point (an operator, a function's name, a literal);
/// `start` is the column of its first character; `depth` the height of the tree below it, itself
/// included, never more than ``Expression/maxDepth``.
struct ExpressionNode: Sendable {
    /// The unary operators.
    enum UnaryOperator: String, Sendable, Hashable {
        case not
        case negate = "-"
    }

    /// The binary operators.
    enum BinaryOperator: String, Sendable, Hashable {
        case or, and
        case equal = "==", notEqual = "!="
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case plus = "+", minus = "-", times = "*", divided = "/"

        /// Whether the operator orders its operands (`<`, `<=`, `>`, `>=`).
        var isOrdering: Bool { self == .less || self == .lessOrEqual || self == .greater || self == .greaterOrEqual }
    }

    /// What the node is.
    indirect enum Kind: Sendable {
        /// `null`, a number, a text, `true` or `false`.
        case literal(ExpressionValue)
        /// `$id`.
        case field(String)
        case unary(UnaryOperator, ExpressionNode)
        case binary(BinaryOperator, ExpressionNode, ExpressionNode)
        /// A call of one of ``ExpressionFunction``.
        case call(ExpressionFunction, [ExpressionNode])
    }

    var kind: Kind
    var column: Int
    var start: Int
    var depth: Int
    /// For `$id` in rules compiled by ``PayloadRules``: the position of the field's value in the
    /// values an evaluation reads by position (``Expression/resolvingSlots(_:)``); -1 otherwise.
    var slot = -1

    /// The children, left to right.
    var children: [ExpressionNode] {
        switch kind {
        case .literal, .field: []
        case .unary(_, let operand): [operand]
        case .binary(_, let left, let right): [left, right]
        case .call(_, let arguments): arguments
        }
    }
}
