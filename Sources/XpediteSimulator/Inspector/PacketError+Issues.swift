import XpediteProtocol

extension PacketError {
    /// The error as issues for the inspector: a parse failure at the root, or the validator's.
    var issues: [ValidationIssue] {
        switch self {
        case .notJSON(let detail):
            [ValidationIssue(path: .root, code: IssueCode(rawValue: "not-json"), severity: .error, message: "not JSON: \(detail)")]
        case .invalid(let issues):
            issues
        }
    }
}
