/// A form field that is missing or does not hold what the app's type expects. The SDK turns it
/// into an `rc` message naming the field, and the phone keeps the form with what was typed.
public struct FormError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the field. A struct rather than an enum, so that new kinds can be
    /// added without breaking code that switches over it; compare values with `==`.
    public struct Problem: Sendable, Hashable {
        fileprivate enum Kind: Sendable, Hashable {
            case missing
            case invalid(expected: String)
            case notAllowed
            case unsupported
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// No value under the field's name (the lookup order of
        /// docs/protocol/forms.md#the-lookup-order).
        public static var missing: Problem { Problem(.missing) }

        /// The value is not of the expected kind; `expected` says what was expected,
        /// e.g. `"a whole number"`, `"a date (yyyy-MM-dd)"`, `"\"1\" or \"0\""`.
        public static func invalid(expected: String) -> Problem { Problem(.invalid(expected: expected)) }

        /// The value is not one the field allows (an unknown select or radio key).
        public static var notAllowed: Problem { Problem(.notAllowed) }

        /// The app's type asks for something form data cannot hold (a nested object).
        public static var unsupported: Problem { Problem(.unsupported) }
    }

    /// The field's `name`.
    public var field: String
    /// What is wrong.
    public var problem: Problem

    /// Creates a form error.
    public init(field: String, problem: Problem) {
        self.field = field
        self.problem = problem
    }

    /// The sentence the phone shows, e.g. `The field "age" must be a whole number.`
    public var message: String {
        switch problem.kind {
        case .missing: "The field \"\(field)\" is required."
        case .invalid(let expected): "The field \"\(field)\" must be \(expected)."
        case .notAllowed: "The field \"\(field)\" has a value that is not allowed."
        case .unsupported: "The field \"\(field)\" cannot be read from form data."
        }
    }

    public var description: String { message }
}
