/// An expression of a payload rule (`showIf`, `requiredIf`, `check`, a computed field's
/// `expression`; docs/notify.md#expressions), parsed and checked against the types of the
/// payload's fields: compile it once, evaluate it on every change.
///
/// A small, safe language: literals, `$id` field references, `not`, `and`, `or`, comparisons,
/// `+ - * /`, and ten functions; no loops, no side effects, nothing but the form's values and the
/// clock passed in. The web app has the same language (`js/expressions/`), held to the same
/// conformance corpus (`Tests/Fixtures/expressions`).
///
/// ```swift
/// let total = try Expression("$adults + $children", types: { _ in .number })
/// let value = total.evaluate(values: { id in id == "adults" ? .number(2) : .number(1) }, clock: .system())
/// // value.json == 3
/// ```
public struct Expression: Sendable {
    /// The longest expression accepted, in Unicode scalars.
    public static let maxLength = 1000
    /// The deepest nesting accepted: parentheses, calls and unary operators open at once, and the
    /// height of the tree.
    public static let maxDepth = 32

    /// The text it was read from.
    public let text: String
    /// The type of its value.
    public let type: ExpressionType
    /// Every field it reads (`$id`), with the column of the reference, in the order written.
    public let references: [(id: String, column: Int)]
    private(set) var root: ExpressionNode

    /// Parses and checks `text` against the type of each input field (`nil`: no input field has
    /// this id).
    ///
    /// - Throws: ``ExpressionError`` with its code and column.
    public init(_ text: String, types: (String) -> ExpressionType?) throws(ExpressionError) {
        try self.init(text: text, root: try ExpressionParser.parse(text), types: types)
    }

    /// Checks a parsed expression.
    init(text: String, root: ExpressionNode, types: (String) -> ExpressionType?) throws(ExpressionError) {
        self.text = text
        self.root = root
        type = try withoutActuallyEscaping(types) { (types) throws(ExpressionError) -> ExpressionType in
            try ExpressionChecker(typeOf: types).check(root)
        }
        references = Self.references(of: root)
    }

    /// The field references of a tree, in the order written.
    static func references(of root: ExpressionNode) -> [(id: String, column: Int)] {
        var found: [(id: String, column: Int)] = []
        var pending = [root]
        while let node = pending.popLast() {
            if case .field(let id) = node.kind { found.append((id, node.column)) }
            pending += node.children
        }
        return found.sorted { $0.column < $1.column }
    }

    /// The column of the expression's first character (after leading spaces).
    var startColumn: Int { root.start }

    /// Whether the expression calls `today()` or `now()`: one that does not gives the same value
    /// whatever the clock.
    var readsClock: Bool {
        var pending = [root]
        while let node = pending.popLast() {
            if case .call(let function, _) = node.kind, function == .today || function == .now { return true }
            pending += node.children
        }
        return false
    }

    /// The value of the expression, reading each field's current value (`null` when empty or
    /// hidden) and `clock`.
    public func evaluate(values: (String) -> ExpressionValue, clock: ExpressionClock) -> ExpressionValue {
        withoutActuallyEscaping(values) { values in
            ExpressionEvaluator(reader: ExpressionClosureReader(read: values), clock: clock).evaluate(root)
        }
    }

    /// The expression with each `$id` given the slot `slot(id)` (-1 for `nil`), for an evaluation
    /// that reads the fields' values by position (``ExpressionSlotReader``).
    func resolvingSlots(_ slot: (String) -> Int?) -> Expression {
        var resolved = self
        resolved.root = Self.resolving(root, slot)
        return resolved
    }

    private static func resolving(_ node: ExpressionNode, _ slot: (String) -> Int?) -> ExpressionNode {
        var node = node
        switch node.kind {
        case .literal:
            break
        case .field(let id):
            node.slot = slot(id) ?? -1
        case .unary(let operation, let operand):
            node.kind = .unary(operation, resolving(operand, slot))
        case .binary(let operation, let left, let right):
            node.kind = .binary(operation, resolving(left, slot), resolving(right, slot))
        case .call(let function, let arguments):
            node.kind = .call(function, arguments.map { resolving($0, slot) })
        }
        return node
    }
}
