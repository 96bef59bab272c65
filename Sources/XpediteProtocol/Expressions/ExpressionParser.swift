/// Parses an expression into its tree (docs/notify.md#expressions) by recursive descent, as
/// `js/expressions/parser.js` does. The nesting of parentheses, calls and unary operators is
/// counted before each step down and every node's depth when it is made, so that no input can go
/// deeper than ``Expression/maxDepth``: a 10,000-character expression or one nested 1,000 deep is
/// refused at once, never a stack overflow.
struct ExpressionParser {
    private let tokens: [ExpressionToken]
    private var position = 0
    private var nesting = 0

    /// Parses `text`.
    static func parse(_ text: String) throws(ExpressionError) -> ExpressionNode {
        var lexer = ExpressionLexer(text)
        var parser = ExpressionParser(tokens: try lexer.tokens())
        let root = try parser.parseOr()
        let token = parser.peek
        guard token.kind == .end else { throw ExpressionError(.syntax, column: token.column, "unexpected \(token.described)") }
        return root
    }

    private init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    private var peek: ExpressionToken {
        position < tokens.count ? tokens[position] : tokens[tokens.count - 1]
    }

    private mutating func next() -> ExpressionToken {
        let token = peek
        if token.kind != .end { position += 1 }
        return token
    }

    private static func tooDeep(_ column: Int) -> ExpressionError {
        ExpressionError(.tooDeep, column: column, "the expression is nested more than \(Expression.maxDepth) deep")
    }

    /// One level deeper: refused past the limit, at the token that opens it.
    private mutating func enter(_ token: ExpressionToken) throws(ExpressionError) {
        nesting += 1
        if nesting > Expression.maxDepth { throw Self.tooDeep(token.column) }
    }

    private mutating func leave() {
        nesting -= 1
    }

    /// A node, its depth checked.
    private func node(_ kind: ExpressionNode.Kind, column: Int, start: Int) throws(ExpressionError) -> ExpressionNode {
        var node = ExpressionNode(kind: kind, column: column, start: start, depth: 0)
        node.depth = (node.children.map(\.depth).max() ?? 0) + 1
        if node.depth > Expression.maxDepth { throw Self.tooDeep(column) }
        return node
    }

    private mutating func binary(_ symbol: ExpressionToken, _ left: ExpressionNode, _ right: ExpressionNode) throws(ExpressionError) -> ExpressionNode {
        // Every operator reaching here is one of BinaryOperator's raw values.
        let operation = ExpressionNode.BinaryOperator(rawValue: symbol.text) ?? .plus
        return try node(.binary(operation, left, right), column: symbol.column, start: left.start)
    }

    private mutating func parseOr() throws(ExpressionError) -> ExpressionNode {
        var left = try parseAnd()
        while peek.isName("or") {
            let token = next()
            let right = try parseAnd()
            left = try binary(token, left, right)
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionError) -> ExpressionNode {
        var left = try parseNot()
        while peek.isName("and") {
            let token = next()
            let right = try parseNot()
            left = try binary(token, left, right)
        }
        return left
    }

    private mutating func parseNot() throws(ExpressionError) -> ExpressionNode {
        guard peek.isName("not") else { return try parseComparison() }
        let token = next()
        try enter(token)
        let operand = try parseNot()
        leave()
        return try node(.unary(.not, operand), column: token.column, start: token.column)
    }

    private static let comparisons: Set<String> = ["==", "!=", "<", "<=", ">", ">="]

    private static func isComparison(_ token: ExpressionToken) -> Bool {
        token.kind == .symbol && comparisons.contains(token.text)
    }

    private mutating func parseComparison() throws(ExpressionError) -> ExpressionNode {
        let left = try parseAdditive()
        let token = peek
        guard Self.isComparison(token) else { return left }
        _ = next()
        let right = try parseAdditive()
        let after = peek
        if Self.isComparison(after) {
            throw ExpressionError(.syntax, column: after.column,
                                  "comparisons cannot be chained: \(after.text) after \(token.text); join them with and")
        }
        return try binary(token, left, right)
    }

    private mutating func parseAdditive() throws(ExpressionError) -> ExpressionNode {
        var left = try parseMultiplicative()
        while peek.isSymbol("+") || peek.isSymbol("-") {
            let token = next()
            let right = try parseMultiplicative()
            left = try binary(token, left, right)
        }
        return left
    }

    private mutating func parseMultiplicative() throws(ExpressionError) -> ExpressionNode {
        var left = try parseUnary()
        while peek.isSymbol("*") || peek.isSymbol("/") {
            let token = next()
            let right = try parseUnary()
            left = try binary(token, left, right)
        }
        return left
    }

    private mutating func parseUnary() throws(ExpressionError) -> ExpressionNode {
        guard peek.isSymbol("-") else { return try parsePrimary() }
        let token = next()
        try enter(token)
        let operand = try parseUnary()
        leave()
        return try node(.unary(.negate, operand), column: token.column, start: token.column)
    }

    private mutating func parsePrimary() throws(ExpressionError) -> ExpressionNode {
        let token = next()
        switch token.kind {
        case .number(let value):
            return try node(.literal(.number(value)), column: token.column, start: token.column)
        case .string(let value):
            return try node(.literal(.string(value)), column: token.column, start: token.column)
        case .field:
            return try node(.field(token.text), column: token.column, start: token.column)
        case .name:
            return try parseName(token)
        case .symbol where token.text == "(":
            try enter(token)
            let inner = try parseOr()
            try expectClosing()
            leave()
            return inner
        default:
            throw ExpressionError(.syntax, column: token.column, "expected a value, got \(token.described)")
        }
    }

    private mutating func parseName(_ token: ExpressionToken) throws(ExpressionError) -> ExpressionNode {
        let name = token.text
        switch name {
        case "true", "false":
            return try node(.literal(.boolean(name == "true")), column: token.column, start: token.column)
        case "null":
            return try node(.literal(.null), column: token.column, start: token.column)
        case "and", "or", "not":
            throw ExpressionError(.syntax, column: token.column, "expected a value, got \(name)")
        default:
            break
        }
        guard peek.isSymbol("(") else {
            throw ExpressionError(.syntax, column: token.column, "unknown name \(name): a field is written $\(name), a text '\(name)'")
        }
        guard let function = ExpressionFunction(rawValue: name) else {
            throw ExpressionError(.unknownFunction, column: token.column, "unknown function \(name)")
        }
        let open = next()
        try enter(open)
        var arguments: [ExpressionNode] = []
        if !peek.isSymbol(")") {
            arguments.append(try parseOr())
            while peek.isSymbol(",") {
                _ = next()
                arguments.append(try parseOr())
            }
        }
        try expectClosing()
        leave()
        if arguments.count < function.least || arguments.count > (function.most ?? Int.max) {
            throw ExpressionError(.arguments, column: token.column, "\(name) takes \(function.arity), got \(arguments.count)")
        }
        return try node(.call(function, arguments), column: token.column, start: token.column)
    }

    private mutating func expectClosing() throws(ExpressionError) {
        let token = peek
        guard token.isSymbol(")") else {
            throw ExpressionError(.syntax, column: token.column, "expected ), got \(token.described)")
        }
        _ = next()
    }
}
