import XpediteProtocol

/// Thrown by ``Screen/validated(options:)`` when a screen breaks the protocol: every issue
/// `PacketValidator` found, each with its JSON path.
///
/// It prints one error per line, as the validator does:
///
/// ```
/// $.components[1].id: duplicate component id "name"; first used at $.components[0]
/// ```
public struct ScreenValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every issue found, errors and warnings, in document order.
    public var issues: [ValidationIssue]

    /// Creates an error from the validator's issues.
    public init(issues: [ValidationIssue]) {
        self.issues = issues
    }

    /// The errors only: why the screen was refused.
    public var errors: [ValidationIssue] { issues.errors }

    /// The warnings found alongside the errors.
    public var warnings: [ValidationIssue] { issues.warnings }

    /// The errors, one `path: message` line each.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
