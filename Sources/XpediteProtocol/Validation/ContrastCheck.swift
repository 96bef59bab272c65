/// Finds a screen's own text colours that do not reach 4.5:1 against the background the screen
/// itself gives them (docs/protocol/validation.md, docs/accessibility.md#colours): `setDefaults`'
/// `color` on the window background, and each component's `color` (or the default one) on its
/// own `background` or the nearest one around it. Each is a `low-contrast` warning at the colour's
/// path; the phone app still draws the text readable, but in a colour the server did not choose.
///
/// Where the screen gives no background, the text is drawn on the app's own, which differs
/// between light and dark: nothing is reported. Fields, switches and filled buttons are drawn on
/// the app's own field and button colours, so their text is checked only against a `background`
/// they set themselves.
struct ContrastCheck {
    private(set) var issues: [ValidationIssue] = []

    /// Components whose text is drawn on what is behind them (unless they set a background).
    private static let drawnOnTheirContainer: Set<String> = ["label", "section"]

    /// Checks a response (the new dialect's tree).
    mutating func check(response members: JSONObject) {
        let defaults = members[.setDefaults]?.objectValue
        let defaultText = defaults?[.color].flatMap(Self.colour)
        let window = members[.background].flatMap(Self.colour) ?? defaults?[.background].flatMap(Self.colour)
        if let defaultText, let window {
            let path = JSONPath.root.appending("setDefaults").appending("color")
            report(defaultText, on: window, at: path, what: "setDefaults' text colour")
        }
        if let components = members[.components] {
            walk(components, at: JSONPath.root.appending("components"), text: defaultText, background: window)
        }
    }

    /// Walks a components array (scroll views hold arrays of arrays).
    private mutating func walk(_ value: JSONValue, at path: JSONPath, text: Colour?, background: Colour?) {
        guard case .array(let elements) = value else { return }
        for (index, element) in elements.enumerated() {
            switch element {
            case .array:
                walk(element, at: path.appending(index), text: text, background: background)
            case .object(let members):
                check(members, at: path.appending(index), text: text, background: background)
            default:
                continue
            }
        }
    }

    private mutating func check(_ members: JSONObject, at path: JSONPath, text: Colour?, background: Colour?) {
        let type = members[.type]?.stringValue ?? ""
        let ownText = members[.color].flatMap(Self.colour)
        let ownBackground = members[.background].flatMap(Self.colour)
        let drawnOn = ownBackground ?? (Self.drawnOnTheirContainer.contains(type) || Self.isPlainButton(members) ? background : nil)
        if ownText != nil || ownBackground != nil, let colour = ownText ?? text, let drawnOn {
            report(colour, on: drawnOn, at: path.appending(ownText != nil ? "color" : "background"),
                   what: "the \(type.isEmpty ? "component" : type)'s text colour")
        }
        if let components = members[.components] {
            walk(components, at: path.appending("components"), text: text, background: ownBackground ?? background)
        }
    }

    /// A button drawn as text (no `style: "button"`): its text is on what is behind it.
    private static func isPlainButton(_ members: JSONObject) -> Bool {
        members[.type]?.stringValue == "button" && members[.style]?.stringValue != "button"
    }

    private mutating func report(_ text: Colour, on background: Colour, at path: JSONPath, what: String) {
        guard background.alpha == 255 else { return }
        let ratio = text.contrast(on: background)
        guard ratio < Colour.minimumContrast else { return }
        let shown = (ratio * 100).rounded(.down) / 100
        issues.append(.warning(.lowContrast, at: path,
                               "\(what) \(text.hex) on \(background.hex) has a contrast of \(shown):1, below 4.5:1; "
                               + "the phone app will draw it in another colour (docs/accessibility.md#colours)"))
    }

    private static func colour(_ value: JSONValue) -> Colour? {
        value.stringValue.flatMap(Colour.init(hex:))
    }
}
