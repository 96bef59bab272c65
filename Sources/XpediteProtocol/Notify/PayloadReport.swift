/// The outcome of validating one notification payload.
public struct PayloadReport: Sendable, Hashable {
    /// Every issue, in document order.
    public var issues: [ValidationIssue]
    /// The payload as a tolerant reader builds it (wrong-typed members absent, unknown field
    /// types kept as ``Field/unknown(type:members:)``); `nil` when the root is not an object.
    public var payload: Payload?

    /// Whether the payload has no errors (warnings allowed).
    public var isValid: Bool { !issues.hasErrors }
}
