import Foundation
import XpediteProtocol

extension PayloadForm {
    /// The rules of the payload's fields (docs/notify.md#rules) evaluated against the form's
    /// values as they stand, as the server will evaluate them: which fields are hidden, every
    /// computed value, the `requiredIf`s that are true and the failed checks. A hidden field's
    /// value is kept in the form and left out of ``submission(submitValue:)``.
    ///
    /// ```swift
    /// let rules = form.rules()
    /// rules.isShown("photo")             // false while $state == 'OK'
    /// form.computedValue("total")        // 3 for 2 adults and 1 child
    /// ```
    public func rules(clock: ExpressionClock = .system()) -> RuleEvaluation {
        PayloadRules(fields: payload.fields ?? []).evaluate(values: values, clock: clock)
    }

    /// The input fields shown now (every input field without a `showIf`, and those whose
    /// `showIf` is true), in order.
    public func visibleFields(clock: ExpressionClock = .system()) -> [Field] {
        let rules = rules(clock: clock)
        return inputFields.filter { field in field.id.map(rules.isShown) ?? true }
    }

    /// The value of the computed field `id` now (`null` while it is hidden or its expression
    /// gives none); `nil` when `id` is not a computed field.
    public func computedValue(_ id: String, clock: ExpressionClock = .system()) -> JSONValue? {
        guard case .computed? = field(id) else { return nil }
        return rules(clock: clock).values[id]?.json ?? .null
    }

    /// The values an answer carries: the form's, without the hidden fields', each computed
    /// field with its computed value.
    func answerValues(clock: ExpressionClock = .system()) -> JSONObject {
        let rules = PayloadRules(fields: payload.fields ?? [])
        guard !rules.isEmpty else { return values }
        let evaluation = rules.evaluate(values: values, clock: clock)
        var object = JSONObject()
        for field in inputFields {
            guard let id = field.id, evaluation.isShown(id) else { continue }
            if case .computed = field {
                object[id] = evaluation.values[id]?.json ?? .null
            } else if let value = value(id) {
                object[id] = value
            }
        }
        return object
    }
}
