extension Field {
    /// `dashboard` (docs/notify.md#field-types): opens a dashboard; no value.
    public struct Dashboard: Sendable, Hashable {
        /// `id`: optional; unique within `fields` when given.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `startTab`: the label of the tab to open.
        public var startTab: String?
        /// `placeholder`: the prompt shown in the field's body before it is used.
        public var placeholder: String?

        /// The default `placeholder`.
        public static let defaultPlaceholder: String = "View the Dashboard"

        /// Creates a `dashboard` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(),
                    startTab: String? = nil, placeholder: String? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.startTab = startTab
            self.placeholder = placeholder
        }

        /// `placeholder`, or its default.
        public var resolvedPlaceholder: String { placeholder ?? Self.defaultPlaceholder }

        static let shape = ObjectShape.field("dashboard", "Opens a dashboard; no value.", id: .optional, styled: true, [
            .init("startTab", .string, "The label of the tab to open."),
            .init("placeholder", .string, "The prompt shown in the field's body before it is used."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      startTab: members.string("startTab"),
                      placeholder: members.string("placeholder"))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "dashboard")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "startTab", startTab)
            writer.set(name: "placeholder", placeholder)
            return writer.json
        }
    }
}
