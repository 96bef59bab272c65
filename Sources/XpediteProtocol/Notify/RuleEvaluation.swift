/// The rules of a payload (``PayloadRules``) evaluated against a form's values
/// (docs/notify.md#rules): which fields are hidden, every field's current value (computed ones
/// worked out), which `requiredIf` are true and which `check`s failed.
public struct RuleEvaluation: Sendable {
    /// The ids of the input fields whose `showIf` is not true.
    public var hidden: Set<String> = []
    /// Every input field's current value as expressions see it: `null` when empty or hidden; a
    /// computed field's computed value.
    public var values: [String: ExpressionValue] = [:]
    /// The ids of the fields whose `requiredIf` is true.
    public var required: Set<String> = []
    /// The ids of the shown fields whose `check` is false.
    public var failedChecks: Set<String> = []

    /// Whether the field is shown.
    public func isShown(_ id: String) -> Bool { !hidden.contains(id) }
}
