extension Component {
    /// `button`: calls a method when tapped (docs/protocol/components/display.md#button).
    public struct Button: Sendable, Hashable {
        /// `plain` (text only, the default) or `button` (bordered, rounded corners).
        public enum Style: String, Sendable, Hashable, CaseIterable {
            /// Text only, no border: the default.
            case plain
            /// Bordered, with rounded corners.
            case button
        }

        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `text`.
        public var text: String?
        /// The `style`.
        public var style: Style?
        /// The text `color`; `setDefaults`, then the system label colour, when absent.
        public var color: Colour?
        /// The `font`: a font name or family (docs/protocol/values.md#fonts); `setDefaults` when
        /// absent.
        public var font: String?
        /// The `fontsize` in points; `setDefaults` when absent.
        public var fontsize: Double?
        /// The text alignment, `align`.
        public var align: Alignment?
        /// An SF Symbol name, falling back to a preloaded image id; shown before the text.
        public var icon: String?
        /// What a tap calls; a button without one does nothing.
        public var method: MethodCall?
        /// Old dialect: a method name called on the return key.
        public var onEnter: String?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a button.
        public init(id: String? = nil, text: String? = nil, style: Style? = nil, color: Colour? = nil, font: String? = nil,
                    fontsize: Double? = nil, align: Alignment? = nil, icon: String? = nil, method: MethodCall? = nil,
                    onEnter: String? = nil, size: SizeSpec? = nil, background: Colour? = nil) {
            self.id = id
            self.text = text
            self.style = style
            self.color = color
            self.font = font
            self.fontsize = fontsize
            self.align = align
            self.icon = icon
            self.method = method
            self.onEnter = onEnter
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("button", "Calls a server method when tapped.", [
            .init("text", .string, "Caption."),
            .init("style", .oneOf(Style.allCases.map(\.rawValue)), "plain (default) or button (bordered)."),
        ] + TextStyle.properties + [
            .init("icon", .string, "SF Symbol name (or a preloaded image id) shown before the text."),
            .init("method", .object("method"), "What a tap calls."),
            .init("onEnter", .string, "Old dialect: method called on the return key."),
        ])

        init(reading reader: ObjectReader) {
            let style = TextStyle(reading: reader)
            self.init(id: reader.string(.id), text: reader.string(.text), style: reader.enum(.style),
                      color: style.color, font: style.font, fontsize: style.fontsize, align: style.align,
                      icon: reader.string(.icon), method: reader.method(.method), onEnter: reader.string(.onEnter),
                      size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "button")
            writer.set(.id, id)
            writer.set(.text, text)
            writer.set(.style, style)
            TextStyle(color: color, font: font, fontsize: fontsize, align: align).write(into: &writer)
            writer.set(.icon, icon)
            writer.set(.method, method)
            writer.set(.onEnter, onEnter)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
