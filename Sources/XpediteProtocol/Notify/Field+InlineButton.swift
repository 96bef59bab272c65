extension Field {
    /// `inlineButton` (docs/notify.md#field-types): a styled submit button inside the form; its
    /// value becomes submitValue.
    public struct InlineButton: Sendable, Hashable {
        /// `id`: optional; unique within `fields` when given.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `buttonLabel`: the button's text.
        public var buttonLabel: String
        /// `value`: the number sent as `submitValue`; unique among the payload's buttons.
        public var value: Int
        /// `buttonLabelSize`: the font size of the button text (a number or numeric string).
        public var buttonLabelSize: Double?
        /// `buttonLabelStyle`: the style of the button text.
        public var buttonLabelStyle: TextWeight?
        /// `buttonLabelColor`: the colour of the button text.
        public var buttonLabelColor: Colour?
        /// `buttonBackgroundColor`: the button's background colour.
        public var buttonBackgroundColor: Colour?

        /// The default `buttonLabelSize`.
        public static let defaultButtonLabelSize: Double = 18
        /// The default `buttonLabelStyle`.
        public static let defaultButtonLabelStyle: TextWeight = .plain
        /// The default `buttonLabelColor`.
        public static let defaultButtonLabelColor: Colour = Colour(red: 0xD0, green: 0xD0, blue: 0xD0)
        /// The default `buttonBackgroundColor`.
        public static let defaultButtonBackgroundColor: Colour = Colour(red: 0, green: 0, blue: 0)

        /// Creates an `inlineButton` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(),
                    buttonLabel: String, value: Int, buttonLabelSize: Double? = nil,
                    buttonLabelStyle: TextWeight? = nil, buttonLabelColor: Colour? = nil,
                    buttonBackgroundColor: Colour? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.buttonLabel = buttonLabel
            self.value = value
            self.buttonLabelSize = buttonLabelSize
            self.buttonLabelStyle = buttonLabelStyle
            self.buttonLabelColor = buttonLabelColor
            self.buttonBackgroundColor = buttonBackgroundColor
        }

        /// `buttonLabelSize`, or its default.
        public var resolvedButtonLabelSize: Double { buttonLabelSize ?? Self.defaultButtonLabelSize }

        /// `buttonLabelStyle`, or its default.
        public var resolvedButtonLabelStyle: TextWeight { buttonLabelStyle ?? Self.defaultButtonLabelStyle }

        /// `buttonLabelColor`, or its default.
        public var resolvedButtonLabelColor: Colour { buttonLabelColor ?? Self.defaultButtonLabelColor }

        /// `buttonBackgroundColor`, or its default.
        public var resolvedButtonBackgroundColor: Colour { buttonBackgroundColor ?? Self.defaultButtonBackgroundColor }

        static let shape = ObjectShape.field(
            "inlineButton",
            "A styled submit button inside the form; its value becomes submitValue.",
            id: .optional, styled: true, [
            .init("buttonLabel", .string, required: true, "The button's text."),
            .init("value", .integer, required: true, "The number sent as `submitValue`; unique among the payload's buttons."),
            .init("buttonLabelSize", FontSize.shape, "The font size of the button text (a number or numeric string)."),
            .init("buttonLabelStyle", .oneOf(Field.TextWeight.allCases.map(\.rawValue)), "The style of the button text."),
            .init("buttonLabelColor", .colour, "The colour of the button text."),
            .init("buttonBackgroundColor", .colour, "The button's background colour."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      buttonLabel: members.string("buttonLabel") ?? "",
                      value: members.int("value") ?? 0,
                      buttonLabelSize: members.fontSize("buttonLabelSize"),
                      buttonLabelStyle: members.enum("buttonLabelStyle"),
                      buttonLabelColor: members.colour("buttonLabelColor"),
                      buttonBackgroundColor: members.colour("buttonBackgroundColor"))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "inlineButton")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "buttonLabel", buttonLabel)
            writer.set(name: "value", value)
            writer.set(name: "buttonLabelSize", buttonLabelSize)
            writer.set(name: "buttonLabelStyle", buttonLabelStyle)
            writer.set(name: "buttonLabelColor", buttonLabelColor)
            writer.set(name: "buttonBackgroundColor", buttonBackgroundColor)
            return writer.json
        }
    }
}
