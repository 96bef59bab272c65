/// The rules of a payload (``PayloadRules``) evaluated against a form's values
/// (docs/notify.md#rules): which fields are hidden, every field's current value (computed ones
/// worked out), which `requiredIf` are true and which `check`s failed.
///
/// Kept by the fields' positions among the compiled rules, as the evaluation made them (a server
/// checks an answer by position, decision 0605); the sets and the dictionary below are made when
/// asked for.
public struct RuleEvaluation: Sendable {
    /// The state of a hidden field (its `showIf` is not true).
    static let hiddenState: UInt8 = 1
    /// The state bit of a field whose `requiredIf` is true.
    static let requiredState: UInt8 = 2
    /// The state bit of a shown field whose `check` is false.
    static let failedCheckState: UInt8 = 4

    /// The input fields' ids, by position.
    let ids: [String]
    /// Each field's position, by id.
    let positions: [String: Int]
    /// Each field's current value, by position.
    let slots: [ExpressionValue]
    /// Each field's state bits, by position.
    let states: [UInt8]

    /// The ids of the input fields whose `showIf` is not true.
    public var hidden: Set<String> { ids(with: Self.hiddenState) }
    /// Every input field's current value as expressions see it: `null` when empty or hidden; a
    /// computed field's computed value.
    public var values: [String: ExpressionValue] {
        Dictionary(zip(ids, slots), uniquingKeysWith: { first, _ in first })
    }
    /// The ids of the fields whose `requiredIf` is true.
    public var required: Set<String> { ids(with: Self.requiredState) }
    /// The ids of the shown fields whose `check` is false.
    public var failedChecks: Set<String> { ids(with: Self.failedCheckState) }

    /// Whether the field is shown.
    public func isShown(_ id: String) -> Bool {
        positions[id].map(isShown(at:)) ?? true
    }

    /// Whether the field at `position` is shown.
    func isShown(at position: Int) -> Bool { states[position] & Self.hiddenState == 0 }
    /// Whether the `requiredIf` of the field at `position` is true.
    func isRequired(at position: Int) -> Bool { states[position] & Self.requiredState != 0 }
    /// Whether the `check` of the shown field at `position` failed.
    func failedCheck(at position: Int) -> Bool { states[position] & Self.failedCheckState != 0 }
    /// The current value of the field at `position`.
    func value(at position: Int) -> ExpressionValue { slots[position] }

    private func ids(with state: UInt8) -> Set<String> {
        Set(ids.indices.lazy.filter { states[$0] & state != 0 }.map { ids[$0] })
    }
}
