extension Field {
    /// How an input field must be answered: the three cases of docs/notify.md#optional-and-default.
    public enum Requirement: Sendable, Hashable {
        /// The user must give a value (the default).
        case required
        /// The field starts with this value and counts as satisfied; the response holds it unless
        /// the user changed it. `default` wins over `optional` when both are given.
        case defaulted(JSONValue)
        /// `optional: true` with no `default`: a skipped field is returned as `null`.
        case optional

        /// The requirement of a field with these `default` and `optional` values.
        static func of(default value: JSONValue?, optional: Bool?) -> Requirement {
            if let value { return .defaulted(value) }
            return optional == true ? .optional : .required
        }
    }
}
