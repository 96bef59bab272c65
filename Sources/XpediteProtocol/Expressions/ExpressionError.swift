/// Why an expression of a payload rule cannot be used (docs/notify.md#expressions): a stable
/// ``Code``, the column of the error (1-based, counted in Unicode scalars) and a sentence.
///
/// The codes and columns are the same in the web app's implementation
/// (`js/expressions/errors.js`); the conformance corpus (`Tests/Fixtures/expressions`) holds both
/// to them.
public struct ExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of error.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The text does not parse: an unexpected character or token, a text without its closing quote.
        case syntax
        /// The expression is longer than ``Expression/maxLength`` characters.
        case tooLong = "too-long"
        /// The expression is nested deeper than ``Expression/maxDepth``.
        case tooDeep = "too-deep"
        /// A `$id` that names no input field of the payload.
        case unknownField = "unknown-field"
        /// A call of a function the language does not have.
        case unknownFunction = "unknown-function"
        /// A function called with too few or too many arguments.
        case arguments
        /// Operands or arguments of types that cannot work together (`$photo > 3`).
        case type
        /// Fields whose `showIf` or `expression` depend on each other in a circle.
        case cycle
    }

    /// The kind of error.
    public var code: Code
    /// The column of the error in the expression, from 1, in Unicode scalars.
    public var column: Int
    /// A sentence for a person, without the column.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, column: Int, _ message: String) {
        self.code = code
        self.column = column
        self.message = message
    }

    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }
}
