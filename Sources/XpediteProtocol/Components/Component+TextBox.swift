extension Component {
    /// `textbox`: a single-line text input, captured under its `name`
    /// (docs/protocol/components/inputs.md#textbox).
    public struct TextBox: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The key of the value in `formdata`.
        public var name: String
        /// The field's label.
        public var title: String?
        /// The `placeholder`, shown while the field is empty.
        public var placeholder: String?
        /// The initial value.
        public var value: String?
        /// The `keyboard` the field asks for.
        public var keyboard: Keyboard?
        /// The label of the return key, `returnkey`.
        public var returnkey: ReturnKey?
        /// The `id` of the field to focus on return (old dialect: a method name).
        public var onEnter: String?
        /// `autotext`: `"disable"` turns autocorrect and auto-capitalisation off.
        public var autotext: AutoText?
        /// The text `color`; `setDefaults`, then the system label colour, when absent.
        public var color: Colour?
        /// The `font`: a font name or family (docs/protocol/values.md#fonts); `setDefaults` when
        /// absent.
        public var font: String?
        /// The `fontsize` in points; `setDefaults` when absent.
        public var fontsize: Double?
        /// The text alignment, `align`.
        public var align: Alignment?
        /// Whether the field takes focus when the screen appears.
        public var focus: Bool?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a text box.
        public init(id: String? = nil, name: String, title: String? = nil, placeholder: String? = nil,
                    value: String? = nil, keyboard: Keyboard? = nil, returnkey: ReturnKey? = nil,
                    onEnter: String? = nil, autotext: AutoText? = nil, color: Colour? = nil, font: String? = nil,
                    fontsize: Double? = nil, align: Alignment? = nil, focus: Bool? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.name = name
            self.title = title
            self.placeholder = placeholder
            self.value = value
            self.keyboard = keyboard
            self.returnkey = returnkey
            self.onEnter = onEnter
            self.autotext = autotext
            self.color = color
            self.font = font
            self.fontsize = fontsize
            self.align = align
            self.focus = focus
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("textbox", "A single-line text input.", TextEntry.properties(autotext: true))

        init(reading reader: ObjectReader) {
            let entry = TextEntry(reading: reader)
            self.init(id: reader.string(.id), name: entry.name, title: entry.title, placeholder: entry.placeholder,
                      value: entry.value, keyboard: entry.keyboard, returnkey: entry.returnkey, onEnter: entry.onEnter,
                      autotext: AutoText(reader[.autotext]), color: entry.style.color, font: entry.style.font,
                      fontsize: entry.style.fontsize, align: entry.style.align, focus: entry.focus,
                      size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "textbox")
            writer.set(.id, id)
            TextEntry(name: name, title: title, placeholder: placeholder, value: value, keyboard: keyboard,
                      returnkey: returnkey, onEnter: onEnter, focus: focus,
                      style: TextStyle(color: color, font: font, fontsize: fontsize, align: align)).write(into: &writer)
            writer.set(.autotext, autotext?.json)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }

    /// The keyboard a text input asks for.
    public enum Keyboard: String, Sendable, Hashable, CaseIterable {
        /// For email addresses.
        case email
        /// Digits and a decimal point.
        case number
        /// A phone pad.
        case phone
        /// For web addresses.
        case url
        /// The ordinary keyboard: the default.
        case `default`
    }

    /// The label of the return key.
    public enum ReturnKey: String, Sendable, Hashable, CaseIterable {
        /// "Next": usually moves to the next field (see `onEnter`).
        case next
        /// "Done".
        case done
        /// "Go".
        case go
        /// "Search".
        case search
        /// The system's return key: the default.
        case `default`
    }

    /// `autotext`: new `"disable"` turns autocorrect and auto-capitalisation off; old `true` turns
    /// suggestions on (docs/protocol/components/inputs.md#textbox).
    public enum AutoText: Sendable, Hashable {
        /// No autocorrection and no automatic capitals (new `"disable"`, old `false`).
        case disabled
        /// Suggestions on (old `true`).
        case enabled

        init?(_ value: JSONValue?) {
            switch value {
            case .string("disable")?, .bool(false)?: self = .disabled
            case .bool(true)?: self = .enabled
            default: return nil
            }
        }

        var json: JSONValue { self == .disabled ? .string("disable") : .bool(true) }
    }
}

/// The keys text boxes and password fields share.
struct TextEntry {
    var name: String
    var title: String?
    var placeholder: String?
    var value: String?
    var keyboard: Component.Keyboard?
    var returnkey: Component.ReturnKey?
    var onEnter: String?
    var focus: Bool?
    var style: TextStyle

    static func properties(autotext: Bool) -> [ObjectShape.Property] {
        var properties: [ObjectShape.Property] = [
            .init("name", .string, required: true, "Key of the value in formdata."),
            .init("title", .string, "The field's label."),
            .init("placeholder", .string, "Shown while the field is empty."),
            .init("value", .string, "Initial value."),
            .init("keyboard", .oneOf(Component.Keyboard.allCases.map(\.rawValue)), "Keyboard type."),
            .init("returnkey", .oneOf(Component.ReturnKey.allCases.map(\.rawValue)), "Return key label."),
            .init("onEnter", .string, "The id of the next field to focus on return."),
        ]
        if autotext {
            properties.append(.init("autotext", .anyOf([.oneOf(["disable"]), .boolean]),
                                    "\"disable\" turns autocorrect and auto-capitalisation off."))
        }
        properties += TextStyle.properties
        properties.append(.init("focus", .boolean, "Take focus when the screen appears."))
        return properties
    }

    init(name: String, title: String?, placeholder: String?, value: String?, keyboard: Component.Keyboard?,
         returnkey: Component.ReturnKey?, onEnter: String?, focus: Bool?, style: TextStyle) {
        self.name = name
        self.title = title
        self.placeholder = placeholder
        self.value = value
        self.keyboard = keyboard
        self.returnkey = returnkey
        self.onEnter = onEnter
        self.focus = focus
        self.style = style
    }

    init(reading reader: ObjectReader) {
        self.init(name: reader.string(.name) ?? "", title: reader.string(.title),
                  placeholder: reader.string(.placeholder), value: reader.string(.value),
                  keyboard: reader.enum(.keyboard), returnkey: reader.enum(.returnkey),
                  onEnter: reader.string(.onEnter), focus: reader.bool(.focus), style: TextStyle(reading: reader))
    }

    func write(into writer: inout ObjectWriter) {
        writer.set(.name, name)
        writer.set(.title, title)
        writer.set(.placeholder, placeholder)
        writer.set(.value, value)
        writer.set(.keyboard, keyboard)
        writer.set(.returnkey, returnkey)
        writer.set(.onEnter, onEnter)
        writer.set(.focus, focus)
        style.write(into: &writer)
    }
}
