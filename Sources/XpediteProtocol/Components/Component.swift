/// One entry of a screen's `components` array (docs/protocol/components/README.md), in the new
/// dialect.
///
/// Each case carries the wire type of its family, nested under `Component` so the names never
/// clash with UI frameworks: `Component.Button`, `Component.Form`, …
public enum Component: Sendable, Hashable {
    /// `label`: static text.
    case label(Label)
    /// `image`: a picture.
    case image(Image)
    /// `button`: calls a method when tapped.
    case button(Button)
    /// `textbox`: one line of input.
    case textbox(TextBox)
    /// `password`: masked input.
    case password(Password)
    /// `textview`: several lines of input.
    case textview(TextView)
    /// `checkbox`: an on/off switch.
    case checkbox(Checkbox)
    /// `date`: a date picker.
    case date(DatePicker)
    /// `select`: a picker over `options`.
    case select(Select)
    /// `radio`: a group of radio buttons.
    case radio(Radio)
    /// `form`: input fields with Save and Cancel.
    case form(Form)
    /// `section`: a header row in a form, or (old) a box around components.
    case section(Section)
    /// `scrollview`: a scrolling area.
    case scrollview(ScrollView)
    /// `web`: HTML or a web page.
    case web(Web)
    /// `table`: rows from a server function, paged.
    case table(Table)
    /// `navigation`: a slide-in panel or a bar-button menu.
    case navigation(Navigation)
    /// `menuEntry`: an entry of a navigation menu.
    case menuEntry(MenuEntry)

    /// The wire `type` of every component, in the order of
    /// docs/protocol/components/README.md#keys-every-component-has.
    public static let types: [String] = [
        "label", "image", "button", "textbox", "password", "textview", "checkbox", "date", "select",
        "radio", "form", "section", "scrollview", "web", "table", "navigation", "menuEntry",
    ]

    /// The definitions of every component type, keyed by `type`.
    static let shapes: [String: ObjectShape] = {
        let all = [Label.shape, Image.shape, Button.shape, TextBox.shape, Password.shape, TextView.shape,
                   Checkbox.shape, DatePicker.shape, Select.shape, Radio.shape, Form.shape, Section.shape,
                   ScrollView.shape, Web.shape, Table.shape, Navigation.shape, MenuEntry.shape]
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }()

    /// The wire `type`.
    public var type: String {
        switch self {
        case .label: "label"
        case .image: "image"
        case .button: "button"
        case .textbox: "textbox"
        case .password: "password"
        case .textview: "textview"
        case .checkbox: "checkbox"
        case .date: "date"
        case .select: "select"
        case .radio: "radio"
        case .form: "form"
        case .section: "section"
        case .scrollview: "scrollview"
        case .web: "web"
        case .table: "table"
        case .navigation: "navigation"
        case .menuEntry: "menuEntry"
        }
    }

    /// The component's `id`, if it has one. For an image it names the preloaded image.
    public var id: String? {
        switch self {
        case .label(let c): c.id
        case .image(let c): c.id
        case .button(let c): c.id
        case .textbox(let c): c.id
        case .password(let c): c.id
        case .textview(let c): c.id
        case .checkbox(let c): c.id
        case .date(let c): c.id
        case .select(let c): c.id
        case .radio(let c): c.id
        case .form(let c): c.id
        case .section(let c): c.id
        case .scrollview(let c): c.id
        case .web(let c): c.id
        case .table(let c): c.id
        case .navigation(let c): c.id
        case .menuEntry: nil
        }
    }

    /// The `size` dict, if the component has one.
    public var size: SizeSpec? {
        switch self {
        case .label(let c): c.size
        case .image(let c): c.size
        case .button(let c): c.size
        case .textbox(let c): c.size
        case .password(let c): c.size
        case .textview(let c): c.size
        case .checkbox(let c): c.size
        case .date(let c): c.size
        case .select(let c): c.size
        case .radio(let c): c.size
        case .form(let c): c.size
        case .section(let c): c.size
        case .scrollview(let c): c.size
        case .web(let c): c.size
        case .table(let c): c.size
        case .navigation(let c): c.size
        case .menuEntry: nil
        }
    }

    /// The input `name` of a field (textbox, password, textview, checkbox, date, select, radio).
    public var fieldName: String? {
        switch self {
        case .textbox(let c): c.name
        case .password(let c): c.name
        case .textview(let c): c.name
        case .checkbox(let c): c.name
        case .date(let c): c.name
        case .select(let c): c.name
        case .radio(let c): c.name
        default: nil
        }
    }

    /// The nested components of a container (form, old section box, scrollview, navigation).
    public var children: [Component] {
        switch self {
        case .form(let c): c.components
        case .section(let c): c.components ?? []
        case .scrollview(let c): c.components ?? []
        case .navigation(let c): c.components ?? []
        default: []
        }
    }

    /// Builds a component from a checked object; `nil` when `type` is missing or unknown.
    init?(reading reader: ObjectReader) {
        switch reader.string(.type) {
        case "label": self = .label(Label(reading: reader))
        case "image": self = .image(Image(reading: reader))
        case "button": self = .button(Button(reading: reader))
        case "textbox": self = .textbox(TextBox(reading: reader))
        case "password": self = .password(Password(reading: reader))
        case "textview": self = .textview(TextView(reading: reader))
        case "checkbox": self = .checkbox(Checkbox(reading: reader))
        case "date": self = .date(DatePicker(reading: reader))
        case "select": self = .select(Select(reading: reader))
        case "radio": self = .radio(Radio(reading: reader))
        case "form": self = .form(Form(reading: reader))
        case "section": self = .section(Section(reading: reader))
        case "scrollview": self = .scrollview(ScrollView(reading: reader))
        case "web": self = .web(Web(reading: reader))
        case "table": self = .table(Table(reading: reader))
        case "navigation": self = .navigation(Navigation(reading: reader))
        case "menuEntry": self = .menuEntry(MenuEntry(reading: reader))
        default: return nil
        }
    }

    /// The canonical JSON of the component.
    public var json: JSONValue {
        switch self {
        case .label(let c): c.json
        case .image(let c): c.json
        case .button(let c): c.json
        case .textbox(let c): c.json
        case .password(let c): c.json
        case .textview(let c): c.json
        case .checkbox(let c): c.json
        case .date(let c): c.json
        case .select(let c): c.json
        case .radio(let c): c.json
        case .form(let c): c.json
        case .section(let c): c.json
        case .scrollview(let c): c.json
        case .web(let c): c.json
        case .table(let c): c.json
        case .navigation(let c): c.json
        case .menuEntry(let c): c.json
        }
    }
}

extension ObjectShape {
    /// A component definition: `type`, then the component's own keys, then `id`, `size` and
    /// `background`, which every component accepts
    /// (docs/protocol/components/README.md#keys-every-component-has).
    static func component(_ type: String, _ summary: String, _ properties: [Property],
                          id idSummary: String = "Optional identifier; used in error messages and as the duplicate guard.")
        -> ObjectShape
    {
        var all: [Property] = [.init("type", .oneOf([type]), required: true, "The component type.")]
        all += properties
        if type != "menuEntry" {
            if !properties.contains(where: { $0.key == "id" }) {
                all.append(.init("id", .string, idSummary))
            }
            all.append(.init("size", .object("size"), "Placement and size (docs/protocol/layout.md)."))
            if !properties.contains(where: { $0.key == "background" }) {
                all.append(.init("background", .colour, "Background colour; transparent by default."))
            }
        }
        return ObjectShape(name: type, summary: summary, properties: all)
    }
}
