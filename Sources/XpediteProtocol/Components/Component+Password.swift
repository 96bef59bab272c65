extension Component {
    /// `password`: a masked text input with an eye button; every textbox key but `autotext`,
    /// which is always off (PROTOCOL.md §4.5).
    public struct Password: Sendable, Hashable {
        public var id: String?
        public var name: String
        public var title: String?
        public var placeholder: String?
        public var value: String?
        public var keyboard: Keyboard?
        public var returnkey: ReturnKey?
        public var onEnter: String?
        public var color: Colour?
        public var font: String?
        public var fontsize: Double?
        public var align: Alignment?
        public var focus: Bool?
        public var size: SizeSpec?
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
