/// The functions of the expression language (docs/notify.md#expressions) and how many arguments
/// each takes.
enum ExpressionFunction: String, Sendable, Hashable, CaseIterable {
    case empty, len, count, round, min, max
    case `if`
    case today, now, days

    /// The fewest arguments.
    var least: Int {
        switch self {
        case .today, .now: 0
        case .empty, .len, .count, .round, .min, .max: 1
        case .days: 2
        case .if: 3
        }
    }

    /// The most arguments; `nil`: any number.
    var most: Int? {
        switch self {
        case .today, .now: 0
        case .empty, .len: 1
        case .round, .days: 2
        case .if: 3
        case .count, .min, .max: nil
        }
    }

    /// "1 argument", "2 to 3 arguments", "at least 1 argument".
    var arity: String {
        guard let most else { return "at least \(least) argument\(least == 1 ? "" : "s")" }
        if least == most { return least == 1 ? "1 argument" : "\(least) arguments" }
        return "\(least) to \(most) arguments"
    }
}
