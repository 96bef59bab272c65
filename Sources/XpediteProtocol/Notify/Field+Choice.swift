extension Field {
    /// `droplist` and `radioButtons` (docs/notify.md#field-types), which have the same structure:
    /// one value chosen from `values`, given as plain strings or as `{label, value}` objects.
    public struct Choice: Sendable, Hashable {
        /// How `values` was written.
        public enum Form: Sendable, Hashable {
            /// `["Red", "Green", "Blue"]`: each string is both label and value.
            case simple
            /// `[{"label": "Red", "value": 1}, …]`: the value (a string or a number) is what the response holds.
            case labelled
        }

        /// One choice.
        public struct Option: Sendable, Hashable {
            /// The text shown.
            public var label: String
            /// The value the response holds: a string, or (labelled form) a string or a number.
            public var value: JSONValue

            /// Creates an option.
            public init(label: String, value: JSONValue) {
                self.label = label
                self.value = value
            }

            static let shape = ObjectShape(
                name: "notify.choice", displayName: "choice", expectation: "a choice {label, value}",
                summary: "One choice of a droplist or radioButtons: the label shown and the value returned.",
                properties: [
                    .init("label", .string, required: true, "The text shown."),
                    .init("value", .anyOf([.string, .number]), required: true, "The value returned: a string or a number."),
                ])
        }

        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()
        /// `values`: the choices, in order.
        public var values: [Option]
        /// How `values` was written (kept for the canonical form).
        public var form: Form
        /// `default`: the initially selected value; must be one of the values.
        public var defaultValue: JSONValue?
        /// `optional`: adds a dummy `null` item at the front; a skipped field is returned as `null`.
        public var optional: Bool?
        /// `placeholder`: the prompt shown before a choice is made.
        public var placeholder: String?

        /// Creates a `droplist` or `radioButtons` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(), values: [Option],
                    form: Form, defaultValue: JSONValue? = nil, optional: Bool? = nil, placeholder: String? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.values = values
            self.form = form
            self.defaultValue = defaultValue
            self.optional = optional
            self.placeholder = placeholder
        }

        /// Creates a choice in the simple form: each string is both label and value.
        public init(id: String, label: String? = nil, simpleValues: [String], defaultValue: String? = nil,
                    optional: Bool? = nil) {
            self.init(id: id, label: label, values: simpleValues.map { Option(label: $0, value: .string($0)) },
                      form: .simple, defaultValue: defaultValue.map(JSONValue.string), optional: optional)
        }

        /// How the field must be answered (docs/notify.md#optional-and-default).
        public var requirement: Requirement { .of(default: defaultValue, optional: optional) }

        /// Whether `value` is one of the choices' values.
        public func contains(_ value: JSONValue) -> Bool { values.contains { $0.value == value } }

        static func shape(_ type: String) -> ObjectShape {
            ObjectShape.field(type, type == "droplist" ? "A drop-down list of choices; the value is the chosen one."
                                                       : "Radio buttons over choices; the value is the chosen one.",
                              id: .required, styled: true, [
                .init("values", .array(.anyOf([.string, .object("notify.choice")])), required: true,
                      "The choices: all strings, or all {label, value} objects."),
                .init("default", .anyOf([.string, .number]), "The initially selected value; one of the values."),
                .init("optional", .boolean, "Adds a dummy null item at the front; a skipped field is returned as null."),
                .init("placeholder", .string, "The prompt shown before a choice is made."),
            ])
        }

        init(reading members: JSONObject) {
            let elements = members["values"]?.arrayValue ?? []
            let labelled = elements.contains { $0.objectValue != nil }
            let options = elements.compactMap { element -> Option? in
                switch element {
                case .string(let text): return labelled ? nil : Option(label: text, value: element)
                case .object(let object):
                    guard let value = object["value"], value.stringValue != nil || value.numberValue != nil else { return nil }
                    return Option(label: object.string("label") ?? "", value: value)
                default: return nil
                }
            }
            self.init(id: members.string("id"), label: members.string("label"), labelStyle: LabelStyle(reading: members),
                      values: options, form: labelled ? .labelled : .simple, defaultValue: members["default"],
                      optional: members.bool("optional"), placeholder: members.string("placeholder"))
            rules = Rules(reading: members)
        }

        /// The canonical JSON, written as `type`.
        func json(type: String) -> JSONValue {
            var writer = ObjectWriter(type: type)
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            let values: [JSONValue] = values.map { option in
                form == .simple ? option.value : .object(["label": .string(option.label), "value": option.value])
            }
            writer.set(name: "values", JSONValue.array(values))
            writer.set(name: "default", defaultValue)
            writer.set(name: "optional", optional)
            writer.set(name: "placeholder", placeholder)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
