extension Field {
    /// The rules an input field may carry (docs/notify.md#rules), each an expression
    /// (docs/notify.md#expressions): `showIf` (the field is shown and sent only when it is true),
    /// `requiredIf` (a value is required when it is true, and may be left out otherwise), `check`
    /// with `checkMessage` (the answer is refused with that message when it is false).
    public struct Rules: Sendable, Hashable {
        /// `showIf`: the field is shown, and its value sent, only when this is true.
        public var showIf: String?
        /// `requiredIf`: a value is required when this is true; otherwise the field may be left
        /// empty (`null`), whatever `optional` says.
        public var requiredIf: String?
        /// `check`: the value is refused when this is false (not when it is `null`).
        public var check: String?
        /// `checkMessage`: the message of a failed `check`, shown at the field.
        public var checkMessage: String?

        /// Creates rules; none by default.
        public init(showIf: String? = nil, requiredIf: String? = nil, check: String? = nil, checkMessage: String? = nil) {
            self.showIf = showIf
            self.requiredIf = requiredIf
            self.check = check
            self.checkMessage = checkMessage
        }

        /// Whether the field has no rule.
        public var isEmpty: Bool { showIf == nil && requiredIf == nil && check == nil }

        /// The expression attributes, by key, in the order of the docs.
        public var expressions: [(key: String, text: String)] {
            [("showIf", showIf), ("requiredIf", requiredIf), ("check", check)].compactMap { key, text in
                text.map { (key, $0) }
            }
        }

        /// The four keys, added to every input field's definition.
        static let properties: [ObjectShape.Property] = [
            .init("showIf", .string, "An expression (docs/notify.md#expressions): the field is shown and sent only when it is true."),
            .init("requiredIf", .string, "An expression: a value is required when it is true, and may be left empty otherwise."),
            .init("check", .string, "An expression: the answer is refused with checkMessage when it is false."),
            .init("checkMessage", .string, "The message of a failed check, shown at the field."),
        ]

        /// The keys of a `computed` field: it is never typed in, so it has no `requiredIf`.
        static let computedProperties = properties.filter { $0.key != "requiredIf" }

        init(reading members: JSONObject) {
            self.init(showIf: members.string("showIf"), requiredIf: members.string("requiredIf"), check: members.string("check"),
                      checkMessage: members.string("checkMessage"))
        }

        func write(into writer: inout ObjectWriter) {
            writer.set(name: "showIf", showIf)
            writer.set(name: "requiredIf", requiredIf)
            writer.set(name: "check", check)
            writer.set(name: "checkMessage", checkMessage)
        }
    }
}

extension ObjectShape {
    /// This definition with more keys.
    func adding(_ more: [Property]) -> ObjectShape {
        ObjectShape(name: name, displayName: displayName, expectation: expectation, summary: summary, properties: properties + more)
    }
}
