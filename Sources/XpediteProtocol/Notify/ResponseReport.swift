/// The outcome of checking a response (or a device's submission) against its payload.
public struct ResponseReport: Sendable, Hashable {
    /// Every issue, in document order, with paths such as `$.values.color`.
    public var issues: [ValidationIssue]
    /// The completed `values` (docs/notify.md#optional-and-default): one member per input field in
    /// field order, the default filled in for an absent defaulted field, `null` for an absent
    /// optional one, locations in the simple form, a computed field's computed value; a field
    /// hidden by its `showIf` is left out (docs/notify.md#rules). `nil` when there are errors.
    public var values: JSONObject?
    /// The `submitValue`; `nil` when there are errors.
    public var submitValue: Int?

    /// Whether the response has no errors (warnings allowed).
    public var isValid: Bool { !issues.hasErrors }
}
