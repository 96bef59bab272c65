/// One token of an expression (docs/notify.md#expressions).
struct ExpressionToken: Sendable, Hashable {
    /// What kind of token it is.
    enum Kind: Sendable, Hashable {
        case number(Double)
        case string(String)
        /// A function name or one of `true`, `false`, `null`, `and`, `or`, `not`.
        case name
        /// `$id` or `${id}`; `text` is the id.
        case field
        /// `==`, `!=`, `<=`, `>=`, `<`, `>`, `+`, `-`, `*`, `/`, `(`, `)`, `,`.
        case symbol
        case end
    }

    var kind: Kind
    /// The operator or name, the number as written, the string with its quotes, or the field's id.
    var text: String
    /// The column of its first character, from 1, in Unicode scalars.
    var column: Int

    /// How error messages name the token.
    var described: String {
        switch kind {
        case .end: "the end of the expression"
        case .field: "$" + text
        default: text
        }
    }

    func isSymbol(_ symbol: String) -> Bool {
        kind == .symbol && text == symbol
    }

    func isName(_ name: String) -> Bool {
        kind == .name && text == name
    }
}
