/// One problem found in a packet: where it is, what kind it is, and what to do about it.
///
/// Issues print as `$.components[3].size.width%: expected a number, got "wide"`; warnings carry
/// `warning: ` before the message.
public struct ValidationIssue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious an issue is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// Legal but worth fixing: old-dialect keys, unknown keys, layouts that jump or overflow.
        case warning
        /// The packet breaks the protocol; strict mode refuses it.
        case error

        /// Warnings order before errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// Where the issue is.
    public var path: JSONPath
    /// What kind of issue it is; stable across releases.
    public var code: IssueCode
    /// Error or warning.
    public var severity: Severity
    /// A readable sentence for a person.
    public var message: String
    /// Whether a lenient reader repairs the problem by ignoring the value (a bad colour, a
    /// malformed optional key) instead of dropping the component that holds it.
    public var isRepairable: Bool
    /// For an issue inside an expression (docs/notify.md#expressions): the column of the error in
    /// the expression, from 1, in Unicode scalars; `nil` otherwise.
    public var column: Int?

    /// Creates an issue.
    public init(path: JSONPath, code: IssueCode, severity: Severity, message: String, isRepairable: Bool = false,
                column: Int? = nil) {
        self.path = path
        self.code = code
        self.severity = severity
        self.message = message
        self.isRepairable = isRepairable
        self.column = column
    }

    /// `path: message`, or `path: warning: message`.
    public var description: String {
        severity == .error ? "\(path): \(message)" : "\(path): warning: \(message)"
    }

    /// Creates an error.
    static func error(_ code: IssueCode, at path: JSONPath, _ message: String, repairable: Bool = false) -> ValidationIssue {
        ValidationIssue(path: path, code: code, severity: .error, message: message, isRepairable: repairable)
    }

    /// Creates a warning.
    static func warning(_ code: IssueCode, at path: JSONPath, _ message: String) -> ValidationIssue {
        ValidationIssue(path: path, code: code, severity: .warning, message: message, isRepairable: true)
    }
}

extension Array where Element == ValidationIssue {
    /// Whether any issue is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// The errors only.
    public var errors: [ValidationIssue] { filter { $0.severity == .error } }

    /// The warnings only.
    public var warnings: [ValidationIssue] { filter { $0.severity == .warning } }

    /// Issues in document order (by path), errors before warnings at one path, then by message.
    public func sortedByPath() -> [ValidationIssue] {
        sorted { lhs, rhs in
            if lhs.path != rhs.path { return lhs.path < rhs.path }
            if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
            return lhs.message < rhs.message
        }
    }
}
