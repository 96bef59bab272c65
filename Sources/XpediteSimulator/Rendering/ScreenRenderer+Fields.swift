import XpediteClient
import XpediteLayout
import XpediteProtocol

extension ScreenRenderer {
    /// An input: its title part (inside a form) and its control, filled from the engine's value.
    func field(_ component: Component, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        let value = state.values[node.indexPath]
        let path = node.indexPathText
        w.element("div", box(node, background: Self.background(of: component))) { w in
            var controlFrame = LayoutRect(x: 0, y: 0, width: node.frame.width, height: node.frame.height)
            if let field = node.parts.first(where: { $0.kind == .field }) { controlFrame = field.frame }
            if let title = node.parts.first(where: { $0.kind == .title }), let text = Self.title(of: component) {
                var style = CSSStyle()
                style.frame(title.frame)
                w.element("div", [.init("class", "x-field-title"), .init("style", style.text)], text: text)
            }
            if case .radio(let radio) = component {
                radioOptions(radio, node, value, &w)
                return
            }
            var style = CSSStyle()
            style.frame(controlFrame)
            w.element("div", [.init("class", "x-control"), .init("style", style.text),
                              .init("data-focus", state.focusedField == node.indexPath ? "1" : nil)]) { w in
                control(component, path: path, value: value, inForm: node.parts.contains { $0.kind == .field }, &w)
            }
        }
    }

    static func title(of component: Component) -> String? {
        switch component {
        case .textbox(let c): c.title
        case .password(let c): c.title
        case .textview(let c): c.title
        case .checkbox(let c): c.title
        case .date(let c): c.title
        case .select(let c): c.title
        case .radio(let c): c.title
        default: nil
        }
    }

    static func background(of component: Component) -> Colour? {
        switch component {
        case .textbox(let c): c.background
        case .password(let c): c.background
        case .textview(let c): c.background
        case .checkbox(let c): c.background
        case .date(let c): c.background
        case .select(let c): c.background
        case .radio(let c): c.background
        default: nil
        }
    }

    /// Outside a form a date or select shows its `title` in the row, before the control (inside
    /// a form the title is the row label, a layout part).
    private func inlineTitle(_ title: String?, inForm: Bool, _ w: inout HTMLWriter) {
        guard !inForm, let title, !title.isEmpty else { return }
        w.element("span", [.init("class", "x-inline-title")], text: title)
    }

    /// A standalone text field's `title` is a floating label in the top of its box, above the typed
    /// text (docs/protocol/components/inputs.md#textbox: "a floating label above the field"; the
    /// old dialect's title "appears within the border of the text field"): it stays when the field
    /// has a value or a placeholder. Inside a form the title has a row of its own (a layout part)
    /// instead.
    private func floatingTitle(_ title: String?, inForm: Bool, _ w: inout HTMLWriter) {
        guard !inForm, let title, !title.isEmpty else { return }
        w.element("span", [.init("class", "x-floating-title")], text: title)
    }

    private func control(_ component: Component, path: String, value: FieldValue?, inForm: Bool, _ w: inout HTMLWriter) {
        switch component {
        case .textbox(let box):
            var attributes = textAttributes(path: path, value: value, placeholder: box.placeholder)
            attributes.append(.init("type", Self.inputType(box.keyboard)))
            attributes.append(.init("inputmode", Self.inputMode(box.keyboard)))
            attributes.append(.init("enterkeyhint", box.returnkey.map(Self.enterKeyHint)))
            // `autotext` (docs/protocol/components/inputs.md#textbox): "disable"/false turns
            // correction and capitalisation off, true on.
            switch box.autotext {
            case .disabled?:
                attributes += [.init("autocapitalize", "off"), .init("autocorrect", "off"), .init("spellcheck", "false")]
            case .enabled?:
                attributes += [.init("autocorrect", "on"), .init("spellcheck", "true")]
            case nil:
                break
            }
            attributes.append(.init("style", textStyle(box.color, box.fontsize, box.font, box.align)))
            floatingTitle(box.title, inForm: inForm, &w)
            w.void("input", attributes)
        case .password(let password):
            var attributes = textAttributes(path: path, value: value, placeholder: password.placeholder)
            attributes.append(.init("type", "password"))
            attributes.append(.init("inputmode", Self.inputMode(password.keyboard)))
            attributes.append(.init("enterkeyhint", password.returnkey.map(Self.enterKeyHint)))
            // A password's autotext is always off (docs/protocol/components/inputs.md#password).
            attributes += [.init("autocapitalize", "off"), .init("autocorrect", "off"), .init("spellcheck", "false")]
            attributes.append(.init("autocomplete", "current-password"))
            attributes.append(.init("style", textStyle(password.color, password.fontsize, password.font, password.align)))
            floatingTitle(password.title, inForm: inForm, &w)
            w.void("input", attributes)
            w.element("button", [.init("type", "button"), .init("class", "x-eye"), .init("data-toggle", "eye"),
                                 .init("aria-label", "show password")], text: "◉")
        case .textview(let view):
            // A text view has no title row, in a form or not
            // (docs/protocol/layout.md#default-sizes): its title floats in the top of its box,
            // above the text, so it shows with a value and with a placeholder.
            var attributes = textAttributes(path: path, value: value, placeholder: view.placeholder)
            attributes.append(.init("style", textStyle(view.color, view.fontsize, view.font, nil)))
            floatingTitle(view.title, inForm: false, &w)
            w.element("textarea", attributes, text: Self.text(value))
        case .checkbox(let checkbox):
            w.element("label", [.init("class", "x-check")]) { w in
                var attributes: [HTMLWriter.Attribute] = [.init("type", "checkbox"), .init("data-action", "set"),
                                                          .init("data-kind", "checked"), .init("data-path", path)]
                if case .checked(true)? = value { attributes.append(.init("checked", "")) }
                w.void("input", attributes)
                w.element("span", [], text: inForm ? "" : checkbox.title ?? "")
            }
        case .date(let date):
            inlineTitle(date.title, inForm: inForm, &w)
            var day = ""
            if case .date(let text)? = value { day = text }
            w.void("input", [.init("type", "date"), .init("data-action", "set"), .init("data-kind", "date"),
                             .init("data-path", path), .init("value", day)])
        case .select(let select):
            let chosen: Set<String> = switch value {
            case .option(let key)?: [key]
            case .options(let keys)?: Set(keys)
            default: []
            }
            let multiple = select.multi == true
            inlineTitle(select.title, inForm: inForm, &w)
            w.element("select", [.init("data-action", "set"), .init("data-kind", multiple ? "options" : "option"),
                                 .init("data-path", path), .init("multiple", multiple ? "" : nil),
                                 .init("disabled", select.disabled == true ? "" : nil)]) { w in
                for key in Options.sortedKeys(select.options) {
                    w.element("option", [.init("value", key), .init("selected", chosen.contains(key) ? "" : nil)],
                              text: select.options[key] ?? key)
                }
            }
        default:
            break
        }
    }

    private func radioOptions(_ radio: Component.Radio, _ node: LayoutNode, _ value: FieldValue?, _ w: inout HTMLWriter) {
        let chosen: String? = if case .option(let key)? = value { key } else { nil }
        for part in node.parts where part.kind == .option {
            guard let key = part.key else { continue }
            var style = CSSStyle()
            style.frame(part.frame)
            w.element("label", [.init("class", "x-radio-option"), .init("style", style.text)]) { w in
                w.void("input", [.init("type", "radio"), .init("name", "radio-\(node.indexPathText)"), .init("value", key),
                                 .init("data-action", "set"), .init("data-kind", "option"),
                                 .init("data-path", node.indexPathText), .init("checked", chosen == key ? "" : nil)])
                w.element("span", [], text: radio.options[key] ?? key)
            }
        }
    }

    private func textAttributes(path: String, value: FieldValue?, placeholder: String?) -> [HTMLWriter.Attribute] {
        [.init("data-action", "set"), .init("data-kind", "text"), .init("data-path", path),
         .init("value", Self.text(value)), .init("placeholder", placeholder)]
    }

    private func textStyle(_ colour: Colour?, _ size: Double?, _ font: String?, _ align: Alignment?) -> String? {
        var style = CSSStyle()
        style.color(colour)
        style.fontSize(size)
        style.font(font)
        style.align(align)
        return style.text
    }

    static func text(_ value: FieldValue?) -> String {
        if case .text(let text)? = value { return text }
        return ""
    }

    /// The HTML input type of a `keyboard` (docs/protocol/components/inputs.md#textbox).
    static func inputType(_ keyboard: Component.Keyboard?) -> String {
        switch keyboard {
        case .email?: "email"
        case .phone?: "tel"
        case .url?: "url"
        case .number?, .default?, nil: "text"
        }
    }

    static func inputMode(_ keyboard: Component.Keyboard?) -> String? {
        switch keyboard {
        case .number?: "decimal"
        case .email?: "email"
        case .phone?: "tel"
        case .url?: "url"
        case .default?, nil: nil
        }
    }

    static func enterKeyHint(_ key: Component.ReturnKey) -> String {
        switch key {
        case .next: "next"
        case .done: "done"
        case .go: "go"
        case .search: "search"
        case .default: "enter"
        }
    }
}
