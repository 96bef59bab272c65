/// Works out the type of an expression against the types of the payload's fields, or the first
/// error at its column (docs/notify.md#expressions), as `js/expressions/checker.js` does: children
/// left to right, then the node.
struct ExpressionChecker {
    /// The type of each input field by id; `nil` when no input field has the id.
    let typeOf: (String) -> ExpressionType?

    func check(_ node: ExpressionNode) throws(ExpressionError) -> ExpressionType {
        switch node.kind {
        case .literal(let value):
            switch value {
            case .number: return .number
            case .string: return .string
            case .boolean: return .boolean
            default: return .null
            }
        case .field(let id):
            guard let type = typeOf(id) else {
                throw ExpressionError(.unknownField, column: node.column, "unknown field $\(id): no input field has this id")
            }
            return type
        case .unary(let operation, let operand):
            let type = try check(operand)
            let wanted: ExpressionType = operation == .not ? .boolean : .number
            guard type == wanted || type.isLoose else {
                throw ExpressionError(.type, column: node.column, "\(operation.rawValue) needs \(wanted.described), got \(type.described)")
            }
            return wanted
        case .binary(let operation, let leftNode, let rightNode):
            return try checkBinary(operation, leftNode, rightNode, column: node.column)
        case .call(let function, let arguments):
            return try checkCall(function, arguments)
        }
    }

    /// The type of `node` as `other`'s partner in a comparison or `days()`: a text literal next to
    /// a date (date-time) is read as one, and must be one.
    private func beside(_ node: ExpressionNode, _ type: ExpressionType, _ other: ExpressionType) throws(ExpressionError) -> ExpressionType {
        guard type == .string, case .literal(.string(let text)) = node.kind else { return type }
        switch other {
        case .date:
            guard ExpressionCalendar.date(text) != nil else {
                throw ExpressionError(.type, column: node.column, "expected a date like '2026-11-27', got '\(text)'")
            }
            return .date
        case .datetime:
            guard ExpressionCalendar.dateTime(text) != nil else {
                throw ExpressionError(.type, column: node.column, "expected a date-time like '2026-11-27T09:30:00+01:00', got '\(text)'")
            }
            return .datetime
        default:
            return type
        }
    }

    private func checkBinary(_ operation: ExpressionNode.BinaryOperator, _ leftNode: ExpressionNode, _ rightNode: ExpressionNode,
                             column: Int) throws(ExpressionError) -> ExpressionType {
        var left = try check(leftNode)
        var right = try check(rightNode)
        func failure() -> ExpressionError {
            ExpressionError(.type, column: column, "\(operation.rawValue) cannot take \(left.described) and \(right.described)")
        }
        switch operation {
        case .and, .or:
            guard left == .boolean || left.isLoose, right == .boolean || right.isLoose else { throw failure() }
            return .boolean
        case .equal, .notEqual:
            left = try beside(leftNode, left, right)
            right = try beside(rightNode, right, left)
            guard left.unified(with: right) != nil else { throw failure() }
            return .boolean
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            left = try beside(leftNode, left, right)
            right = try beside(rightNode, right, left)
            guard left.isOrdered || left.isLoose, right.isOrdered || right.isLoose, left.unified(with: right) != nil else { throw failure() }
            return .boolean
        case .plus:
            guard left.unified(with: right) != nil else { throw failure() }
            let known = left.isLoose ? right : left
            if known.isLoose { return .any }
            guard known == .number || known == .string else { throw failure() }
            return known
        case .minus, .times, .divided:
            guard left == .number || left.isLoose, right == .number || right.isLoose else { throw failure() }
            return .number
        }
    }

    private func checkCall(_ function: ExpressionFunction, _ arguments: [ExpressionNode]) throws(ExpressionError) -> ExpressionType {
        var types: [ExpressionType] = []
        for argument in arguments { types.append(try check(argument)) }
        func failure(_ index: Int, _ wanted: String) -> ExpressionError {
            ExpressionError(.type, column: arguments[index].start, "\(function.rawValue) needs \(wanted), got \(types[index].described)")
        }
        switch function {
        case .empty:
            return .boolean
        case .count:
            return .number
        case .len:
            guard types[0] == .string || types[0].isLoose else { throw failure(0, "a text") }
            return .number
        case .round:
            for (index, type) in types.enumerated() where type != .number && !type.isLoose { throw failure(index, "a number") }
            return .number
        case .min, .max:
            var result = ExpressionType.null
            for (index, type) in types.enumerated() {
                guard type.isOrdered || type.isLoose else { throw failure(index, "numbers, texts, dates or date-times") }
                guard let joined = result.unified(with: type) else { throw failure(index, "values of one type, \(result.described) before") }
                result = joined
            }
            return result
        case .if:
            guard types[0] == .boolean || types[0].isLoose else { throw failure(0, "a boolean condition") }
            guard let result = types[1].unified(with: types[2]) else {
                throw failure(2, "the same type in both branches, \(types[1].described) first")
            }
            return result
        case .today:
            return .date
        case .now:
            return .datetime
        case .days:
            let first = try beside(arguments[0], types[0], types[1])
            let second = try beside(arguments[1], types[1], first)
            types[0] = first
            types[1] = second
            guard first == .date || first == .datetime || first.isLoose else { throw failure(0, "a date or a date-time") }
            guard second == .date || second == .datetime || second.isLoose else { throw failure(1, "a date or a date-time") }
            guard first.unified(with: second) != nil else { throw failure(1, "\(first.described) like the first argument") }
            return .number
        }
    }
}
