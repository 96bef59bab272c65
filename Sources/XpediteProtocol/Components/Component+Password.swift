extension Component {
    /// `password`: a masked text input with an eye button; every textbox key but `autotext`,
    /// which is always off (docs/protocol/components/inputs.md#password).
    public struct Password: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `name`: the key of the field's value in `formdata`.
        public var name: String
        /// The `title`: the field's label.
        public var title: String?
        /// The `placeholder`, shown while the field is empty.
        public var placeholder: String?
        /// The initial `value`.
        public var value: String?
        /// The `keyboard` the field asks for.
        public var keyboard: Keyboard?
        /// The label of the return key, `returnkey`.
        public var returnkey: ReturnKey?
        /// `onEnter`: the `id` of the field to focus on return (old dialect: a method name).
        public var onEnter: String?
        /// The text `color`; `setDefaults`, then the system label colour, when absent.
        public var color: Colour?
        /// The `font`: a font name or family (docs/protocol/values.md#fonts); `setDefaults` when
        /// absent.
        public var font: String?
        /// The `fontsize` in points; `setDefaults` when absent.
        public var fontsize: Double?
        /// The text alignment, `align`.
        public var align: Alignment?
        /// `focus`: the field takes focus when the screen appears.
        public var focus: Bool?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a password field.
        public init(id: String? = nil, name: String, title: String? = nil, placeholder: String? = nil,
                    value: String? = nil, keyboard: Keyboard? = nil, returnkey: ReturnKey? = nil,
                    onEnter: String? = nil, color: Colour? = nil, font: String? = nil, fontsize: Double? = nil,
                    align: Alignment? = nil, focus: Bool? = nil, size: SizeSpec? = nil, background: Colour? = nil) {
            self.id = id
            self.name = name
            self.title = title
            self.placeholder = placeholder
            self.value = value
            self.keyboard = keyboard
            self.returnkey = returnkey
            self.onEnter = onEnter
            self.color = color
            self.font = font
            self.fontsize = fontsize
            self.align = align
            self.focus = focus
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("password", "A masked text input.", TextEntry.properties(autotext: false))

        init(reading reader: ObjectReader) {
            let entry = TextEntry(reading: reader)
            self.init(id: reader.string(.id), name: entry.name, title: entry.title, placeholder: entry.placeholder,
                      value: entry.value, keyboard: entry.keyboard, returnkey: entry.returnkey, onEnter: entry.onEnter,
                      color: entry.style.color, font: entry.style.font, fontsize: entry.style.fontsize,
                      align: entry.style.align, focus: entry.focus, size: reader.size(),
                      background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "password")
            writer.set(.id, id)
            TextEntry(name: name, title: title, placeholder: placeholder, value: value, keyboard: keyboard,
                      returnkey: returnkey, onEnter: onEnter, focus: focus,
                      style: TextStyle(color: color, font: font, fontsize: fontsize, align: align)).write(into: &writer)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
