extension Field {
    /// The alignment of a field's label (docs/notify.md#field-types).
    public enum LabelAlignment: String, Sendable, Hashable, Codable, CaseIterable {
        /// Aligned to the left.
        case left
        /// Aligned to the right.
        case right
        /// Centred.
        case center
    }

    /// The style of a label's or a button's text (docs/notify.md#field-types).
    public enum TextWeight: String, Sendable, Hashable, Codable, CaseIterable {
        /// Regular text.
        case plain
        /// Bold text.
        case bold
        /// Italic text.
        case italic
        /// Bold italic text, `"bold-italic"` on the wire.
        case boldItalic = "bold-italic"
    }

    /// The four styling properties a field's `label` allows: `size`, `align`, `color`, `style`
    /// (docs/notify.md#field-types). Each is `nil` when absent; the `resolved…` values apply the
    /// defaults.
    public struct LabelStyle: Sendable, Hashable {
        /// `size`: the label's font size (not the Xpedite `size` dict). A numeric string is read as its number.
        public var size: Double?
        /// `align`.
        public var align: LabelAlignment?
        /// `color`.
        public var color: Colour?
        /// `style`.
        public var style: TextWeight?

        /// The default font size, `"18"`.
        public static let defaultSize: Double = 18
        /// The default alignment, `center`.
        public static let defaultAlign = LabelAlignment.center
        /// The default colour, `#000000`.
        public static let defaultColor = Colour(red: 0, green: 0, blue: 0)
        /// The default style, `plain`.
        public static let defaultStyle = TextWeight.plain

        /// Creates a label style; absent properties take their defaults.
        public init(size: Double? = nil, align: LabelAlignment? = nil, color: Colour? = nil, style: TextWeight? = nil) {
            self.size = size
            self.align = align
            self.color = color
            self.style = style
        }

        /// The font size, defaults applied.
        public var resolvedSize: Double { size ?? Self.defaultSize }
        /// The alignment, defaults applied.
        public var resolvedAlign: LabelAlignment { align ?? Self.defaultAlign }
        /// The colour, defaults applied.
        public var resolvedColor: Colour { color ?? Self.defaultColor }
        /// The style, defaults applied.
        public var resolvedStyle: TextWeight { style ?? Self.defaultStyle }

        /// `label` and its four styling properties, as every styled field declares them.
        static let properties: [ObjectShape.Property] = [
            .init("label", .string, "Title shown above the widget."),
            .init("size", FontSize.shape, "Font size of the label: a number or a numeric string; \"18\" by default."),
            .init("align", .oneOf(LabelAlignment.allCases.map(\.rawValue)), "Alignment of the label; center by default."),
            .init("color", .colour, "Colour of the label; #000000 by default."),
            .init("style", .oneOf(TextWeight.allCases.map(\.rawValue)), "Style of the label; plain by default."),
        ]

        init(reading members: JSONObject) {
            self.init(size: members.fontSize("size"), align: members.enum("align"), color: members.colour("color"),
                      style: members.enum("style"))
        }

        func write(into writer: inout ObjectWriter) {
            writer.set(name: "size", size)
            writer.set(name: "align", align)
            writer.set(name: "color", color)
            writer.set(name: "style", style)
        }
    }
}
