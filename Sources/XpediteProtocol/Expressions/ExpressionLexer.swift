/// Splits an expression into tokens (docs/notify.md#expressions), columns counted in Unicode
/// scalars from 1, as `js/expressions/lexer.js` does.
struct ExpressionLexer {
    private static let symbols = ["==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "(", ")", ","]
    private static let escapes: [Unicode.Scalar: Unicode.Scalar] = ["\\": "\\", "'": "'", "\"": "\"", "n": "\n", "t": "\t"]

    private let scalars: [Unicode.Scalar]
    private var position = 0

    /// Prepares to read `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Every token, ending with an `end` token; refuses an expression over
    /// ``Expression/maxLength`` scalars before reading it.
    mutating func tokens() throws(ExpressionError) -> [ExpressionToken] {
        if scalars.count > Expression.maxLength {
            throw ExpressionError(.tooLong, column: Expression.maxLength + 1,
                                  "the expression is longer than \(Expression.maxLength) characters")
        }
        var tokens: [ExpressionToken] = []
        while let scalar = at(position) {
            let column = position + 1
            if Self.isSpace(scalar) {
                position += 1
            } else if Self.isDigit(scalar) {
                tokens.append(try number(column: column))
            } else if scalar == "'" || scalar == "\"" {
                tokens.append(try string(quote: scalar, column: column))
            } else if scalar == "$" {
                tokens.append(try field(column: column))
            } else if Self.isNameStart(scalar) {
                let start = position
                while let next = at(position), Self.isNamePart(next) { position += 1 }
                tokens.append(ExpressionToken(kind: .name, text: text(start, position), column: column))
            } else {
                tokens.append(try symbol(scalar, column: column))
            }
        }
        tokens.append(ExpressionToken(kind: .end, text: "", column: scalars.count + 1))
        return tokens
    }

    private func at(_ index: Int) -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private func text(_ start: Int, _ end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    private func isDigit(at index: Int) -> Bool {
        at(index).map(Self.isDigit) ?? false
    }

    private mutating func number(column: Int) throws(ExpressionError) -> ExpressionToken {
        let start = position
        while isDigit(at: position) { position += 1 }
        if at(position) == "." {
            guard isDigit(at: position + 1) else {
                throw ExpressionError(.syntax, column: position + 1, "expected a digit after the decimal point")
            }
            position += 1
            while isDigit(at: position) { position += 1 }
        }
        if at(position) == "e" || at(position) == "E" {
            let exponent = position
            position += 1
            if at(position) == "+" || at(position) == "-" { position += 1 }
            guard isDigit(at: position) else {
                throw ExpressionError(.syntax, column: exponent + 1, "expected digits after the exponent")
            }
            while isDigit(at: position) { position += 1 }
        }
        let written = text(start, position)
        guard let value = Double(written), value.isFinite else {
            throw ExpressionError(.syntax, column: column, "the number \(written) is too large")
        }
        return ExpressionToken(kind: .number(value), text: written, column: column)
    }

    private mutating func string(quote: Unicode.Scalar, column: Int) throws(ExpressionError) -> ExpressionToken {
        position += 1
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = at(position) else {
                throw ExpressionError(.syntax, column: column, "the text has no closing quote")
            }
            if scalar == quote { break }
            if scalar == "\\" {
                guard let next = at(position + 1), let escaped = Self.escapes[next] else {
                    throw ExpressionError(.syntax, column: position + 1, "unknown escape; use \\\\, \\', \\\", \\n or \\t")
                }
                value.append(escaped)
                position += 2
            } else {
                value.append(scalar)
                position += 1
            }
        }
        position += 1
        return ExpressionToken(kind: .string(String(value)), text: text(column - 1, position), column: column)
    }

    private mutating func field(column: Int) throws(ExpressionError) -> ExpressionToken {
        position += 1
        var id = String.UnicodeScalarView()
        if at(position) == "{" {
            position += 1
            while let scalar = at(position), scalar != "}" {
                id.append(scalar)
                position += 1
            }
            guard at(position) != nil else {
                throw ExpressionError(.syntax, column: column, "the field reference has no closing }")
            }
            position += 1
        } else {
            while let scalar = at(position), Self.isNamePart(scalar) {
                id.append(scalar)
                position += 1
            }
        }
        guard !id.isEmpty else { throw ExpressionError(.syntax, column: column, "expected a field id after $") }
        return ExpressionToken(kind: .field, text: String(id), column: column)
    }

    private mutating func symbol(_ scalar: Unicode.Scalar, column: Int) throws(ExpressionError) -> ExpressionToken {
        let one = String(Character(scalar))
        let two = at(position + 1).map { one + String(Character($0)) } ?? one
        guard let symbol = Self.symbols.first(where: { $0 == two }) ?? Self.symbols.first(where: { $0 == one }) else {
            switch scalar {
            case "=": throw ExpressionError(.syntax, column: column, "unexpected =; compare with ==")
            case "!": throw ExpressionError(.syntax, column: column, "unexpected !; use not, or != to compare")
            default: throw ExpressionError(.syntax, column: column, "unexpected character \(Self.quoted(scalar))")
            }
        }
        position += symbol.unicodeScalars.count
        return ExpressionToken(kind: .symbol, text: symbol, column: column)
    }

    /// A character as JSON writes it, as `JSON.stringify` does in the web app's message.
    private static func quoted(_ scalar: Unicode.Scalar) -> String {
        "\"" + String(Character(scalar)) + "\""
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
    }

    static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || isDigit(scalar)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
