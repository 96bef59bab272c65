/// Where an evaluation reads the current value of a field (`$id`): `null` when empty or hidden.
protocol ExpressionFieldReader {
    /// The value of the field `id`; `slot` is the node's ``ExpressionNode/slot``.
    func value(_ id: String, slot: Int) -> ExpressionValue
}

/// Reads each field by its id through a closure.
struct ExpressionClosureReader: ExpressionFieldReader {
    let read: (String) -> ExpressionValue

    func value(_ id: String, slot: Int) -> ExpressionValue { read(id) }
}

/// Reads each field by its slot in a buffer of values, without hashing its id or counting a
/// reference (the rules of a payload, ``PayloadRules``, evaluated once per answer on a server); a
/// reference without a slot is `null`. The buffer is the evaluation's own, alive while it runs.
struct ExpressionSlotReader: ExpressionFieldReader {
    let slots: UnsafeBufferPointer<ExpressionValue>

    func value(_ id: String, slot: Int) -> ExpressionValue {
        slots.indices.contains(slot) ? slots[slot] : .null
    }
}

/// Evaluates a checked expression (docs/notify.md#expressions), as `js/expressions/evaluator.js`
/// does. Total: every tree the checker accepts gives a value; what cannot be computed (a division
/// by zero, an empty field in arithmetic, an overflow) is `null`.
struct ExpressionEvaluator<Reader: ExpressionFieldReader> {
    /// The current value of each field: `null` when empty or hidden.
    let reader: Reader
    /// What `today()` and `now()` read.
    let clock: ExpressionClock

    private static func finite(_ number: Double) -> ExpressionValue {
        number.isFinite ? .number(number) : .null
    }

    func evaluate(_ node: ExpressionNode) -> ExpressionValue {
        switch node.kind {
        case .literal(let literal):
            return literal
        case .field(let id):
            return reader.value(id, slot: node.slot)
        case .unary(.not, let operand):
            guard case .boolean(let flag) = evaluate(operand) else { return .null }
            return .boolean(!flag)
        case .unary(.negate, let operand):
            guard case .number(let number) = evaluate(operand) else { return .null }
            return .number(-number)
        case .binary(let operation, let left, let right):
            return binary(operation, left, right)
        case .call(let function, let arguments):
            return call(function, arguments)
        }
    }

    private func binary(_ operation: ExpressionNode.BinaryOperator, _ leftNode: ExpressionNode, _ rightNode: ExpressionNode) -> ExpressionValue {
        let left = evaluate(leftNode)
        switch operation {
        case .and:
            if case .boolean(false) = left { return .boolean(false) }
            let right = evaluate(rightNode)
            if case .boolean(false) = right { return .boolean(false) }
            if case .boolean(true) = left, case .boolean(true) = right { return .boolean(true) }
            return .null
        case .or:
            if case .boolean(true) = left { return .boolean(true) }
            let right = evaluate(rightNode)
            if case .boolean(true) = right { return .boolean(true) }
            if case .boolean(false) = left, case .boolean(false) = right { return .boolean(false) }
            return .null
        default:
            break
        }
        let right = evaluate(rightNode)
        switch operation {
        case .equal:
            return .boolean(left.equals(right))
        case .notEqual:
            return .boolean(!left.equals(right))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = left.compare(right) else { return .null }
            switch operation {
            case .less: return .boolean(order < 0)
            case .lessOrEqual: return .boolean(order <= 0)
            case .greater: return .boolean(order > 0)
            default: return .boolean(order >= 0)
            }
        case .plus:
            switch (left, right) {
            case (.number(let a), .number(let b)): return Self.finite(a + b)
            case (.string(let a), .string(let b)): return .string(a + b)
            default: return .null
            }
        default:
            break
        }
        guard case .number(let a) = left, case .number(let b) = right else { return .null }
        switch operation {
        case .minus: return Self.finite(a - b)
        case .times: return Self.finite(a * b)
        default: return b == 0 ? .null : Self.finite(a / b)
        }
    }

    private func call(_ function: ExpressionFunction, _ arguments: [ExpressionNode]) -> ExpressionValue {
        switch function {
        case .empty:
            let argument = evaluate(arguments[0])
            if case .string(let text) = argument { return .boolean(text.isEmpty) }
            return .boolean(argument.isNull)
        case .len:
            guard case .string(let text) = evaluate(arguments[0]) else { return .null }
            return .number(Double(text.unicodeScalars.count))
        case .count:
            var total = 0
            for argument in arguments {
                switch evaluate(argument) {
                case .null, .boolean(false): continue
                case .string(let text) where text.isEmpty: continue
                default: total += 1
                }
            }
            return .number(Double(total))
        case .round:
            guard case .number(let number) = evaluate(arguments[0]) else { return .null }
            let places = arguments.count > 1 ? evaluate(arguments[1]) : .number(0)
            guard case .number(let count) = places, count.rounded(.towardZero) == count, count >= 0,
                  count < Double(ExpressionPowers.values.count) else { return .null }
            let power = ExpressionPowers.values[Int(count)]
            let rounded = (abs(number) * power + 0.5).rounded(.down) / power
            return Self.finite(number < 0 ? -rounded : rounded)
        case .min, .max:
            var best = ExpressionValue.null
            for argument in arguments {
                let candidate = evaluate(argument)
                if candidate.isNull { continue }
                if best.isNull {
                    best = candidate
                    continue
                }
                guard let order = candidate.compare(best) else { return .null }
                if function == .min ? order < 0 : order > 0 { best = candidate }
            }
            return best
        case .if:
            if case .boolean(true) = evaluate(arguments[0]) { return evaluate(arguments[1]) }
            return evaluate(arguments[2])
        case .today:
            return clock.today
        case .now:
            return clock.now
        case .days:
            let first = evaluate(arguments[0])
            let second = evaluate(arguments[1])
            let a = first.beside(second)
            let b = second.beside(a)
            switch (a, b) {
            case (.date(let x, _), .date(let y, _)): return .number(Double(y - x))
            case (.dateTime(let x, _), .dateTime(let y, _)): return Self.finite((y - x) / 86_400_000)
            default: return .null
            }
        }
    }
}

/// Powers of ten for `round()`, written out so that Swift and JavaScript use the same numbers
/// (a generic type has no stored static properties).
private enum ExpressionPowers {
    static let values: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
}
