import XpediteClient
import XpediteLayout
import XpediteProtocol

extension ScreenRenderer {
    /// The children of a container inside its content area.
    func children(of node: LayoutNode, _ state: ScreenState, scrolls: Bool, _ w: inout HTMLWriter) {
        guard let content = node.content else { return }
        var style = CSSStyle()
        style.frame(content.frame)
        w.element("div", [.init("class", scrolls ? "x-inner x-scrolls" : "x-inner"), .init("style", style.text),
                          .init("data-scroll", scrolls ? node.indexPathText : nil)]) { w in
            var canvas = CSSStyle()
            canvas.height(content.height)
            w.element("div", [.init("class", "x-canvas"), .init("style", canvas.text)]) { w in
                for child in node.children { self.node(child, state, &w) }
            }
        }
    }

    /// An inline form (title row, content, Cancel/Save footer) or a dialog form (a modal with a
    /// header bar holding ✕, the title and ✓) (docs/protocol/components/containers.md#form).
    func form(_ form: Component.Form, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        let path = node.indexPathText
        let isDialog = node.placement == .window
        if isDialog { w.open("div", [.init("class", "x-modal x-dialog-shade")]) }
        w.element("div", box(node, isDialog ? "x-dialog" : "x-inline", background: form.background)) { w in
            for part in node.parts {
                var style = CSSStyle()
                style.frame(part.frame)
                switch part.kind {
                case .titleRow:
                    w.element("div", [.init("class", "x-form-title"), .init("style", style.text)], text: form.title ?? "")
                case .headerBar:
                    w.element("div", [.init("class", "x-form-header"), .init("style", style.text)]) { w in
                        if form.cancel != nil || form.cancelNavigation != nil {
                            w.element("button", [.init("type", "button"), .init("class", "x-form-cancel"), .init("data-action", "cancel"),
                                                 .init("data-path", path), .init("aria-label", form.cancelNavigation ?? "Cancel")], text: "✕")
                        }
                        w.element("span", [.init("class", "x-form-header-title")], text: form.title ?? "")
                        if form.save != nil {
                            w.element("button", [.init("type", "button"), .init("class", "x-form-save"), .init("data-action", "save"),
                                                 .init("data-path", path), .init("aria-label", form.saveNavigation ?? "Save")], text: "✓")
                        }
                    }
                case .footer:
                    w.element("div", [.init("class", "x-form-footer"), .init("style", style.text)]) { w in
                        if form.cancel != nil || form.cancelNavigation != nil {
                            w.element("button", [.init("type", "button"), .init("class", "x-form-cancel"), .init("data-action", "cancel"),
                                                 .init("data-path", path)], text: form.cancelNavigation ?? "Cancel")
                        }
                        if form.save != nil {
                            w.element("button", [.init("type", "button"), .init("class", "x-form-save"), .init("data-action", "save"),
                                                 .init("data-path", path)], text: form.saveNavigation ?? "Save")
                        }
                    }
                default:
                    break
                }
            }
            children(of: node, state, scrolls: isDialog, &w)
        }
        if isDialog { w.close("div") }
    }

    /// A section: a header row, or the old dialect's box holding components
    /// (docs/protocol/components/containers.md#section), its caption in the caption row and its
    /// components in the content area the layout gives them.
    func section(_ section: Component.Section, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        w.element("div", box(node, section.isBox ? "x-box" : "x-header-row", background: section.background)) { w in
            if section.isBox {
                if let title = section.title, let row = node.parts.first(where: { $0.kind == .titleRow }) {
                    var style = CSSStyle()
                    style.frame(row.frame)
                    w.element("div", [.init("class", "x-box-title"), .init("style", style.text)], text: title)
                }
                children(of: node, state, scrolls: false, &w)
            } else {
                w.element("span", [], text: section.title ?? "")
            }
        }
    }

    /// A scroll view: its own scrolling content, or the old dialect's text
    /// (docs/protocol/components/display.md#scrollview).
    func scrollView(_ view: Component.ScrollView, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        w.element("div", box(node, background: view.background)) { w in
            if let text = view.text, view.components == nil {
                w.element("div", [.init("class", "x-inner x-scrolls x-scroll-text"), .init("data-scroll", node.indexPathText)],
                          text: text)
            } else {
                children(of: node, state, scrolls: true, &w)
            }
        }
    }

    /// A navigation menu (docs/protocol/components/navigation.md#navigation): a slide-in panel with
    /// a shade behind it, opened by its bar button; or a bar button that calls its single entry or
    /// drops its entries down.
    func navigation(_ navigation: Component.Navigation, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        let path = node.indexPathText
        let entries = state.menuEntries(ofNavigation: node.indexPath)
        let implementation = navigation.implementation
        let isPanel = implementation?.style != .button
        let side = implementation?.position == .right ? "right" : "left"
        let single = !isPanel && entries.count == 1
        let menuID = "menu-\(path)"
        // A panel's bar button is a part relative to the panel; a `button` menu's frame is the bar
        // button itself (XpediteLayout's WindowLayout).
        let barFrame: LayoutRect? = if let bar = node.parts.first(where: { $0.kind == .barButton }) {
            LayoutRect(x: node.frame.x + bar.frame.x, y: node.frame.y + bar.frame.y,
                       width: bar.frame.width, height: bar.frame.height)
        } else if !isPanel, implementation != nil {
            node.frame
        } else {
            nil
        }
        if let barFrame {
            var style = CSSStyle()
            style.frame(barFrame)
            // The bar button shows `implementation.image` (an image id, or the old dialect's button
            // icon file), then `icon`, then ☰ (a panel) or … (a dropdown)
            // (docs/protocol/components/navigation.md#navigation).
            let glyph = implementation?.icon.map(SymbolGlyphs.glyph) ?? (isPanel ? "☰" : "…")
            let image = implementation?.image.flatMap { imageURL(reference: $0, state) }
            let text = single ? entries[0].text : nil
            w.element("button", [.init("type", "button"), .init("class", "x-bar-button"), .init("style", style.text),
                                 .init("data-path", path), .init("aria-label", isPanel ? "menu" : "actions"),
                                 .init("data-action", single ? "bar" : nil), .init("data-toggle", single ? nil : menuID)]) { w in
                if let text {
                    w.text(text)
                } else if let image {
                    w.void("img", [.init("class", "x-icon"), .init("src", image), .init("alt", ""), .init("data-image", "")])
                } else {
                    w.text(glyph)
                }
            }
        }
        guard !single else { return }
        // `shade%` defaults to 0: an invisible shade that still closes the panel on a tap
        // (docs/protocol/components/navigation.md#navigation).
        var shade = CSSStyle()
        shade.opacity((navigation.effects?.shadePercent ?? 0) / 100)
        if isPanel {
            // `shrink%` (old dialect): the screen's content shrinks about its centre while the panel is out.
            let shrink = navigation.effects?.shrinkPercent.map { CSSStyle.number(1 - max(0, min(100, $0)) / 100) }
            w.element("div", [.init("class", "x-shade"), .init("data-close", menuID), .init("style", shade.text),
                              .init("data-shrink", shrink)])
        }
        var panelStyle = CSSStyle()
        if isPanel {
            panelStyle.frame(node.frame)
        } else if let barFrame, let bounds = state.frames?.bounds {
            // The dropdown hangs below its bar button, aligned with the button's outer edge.
            panelStyle.dropdown(below: barFrame, side: implementation?.position ?? .right, in: bounds)
        }
        panelStyle.background(navigation.background)
        panelStyle.color(navigation.color)
        panelStyle.fontSize(navigation.fontsize)
        panelStyle.font(navigation.font)
        w.element("nav", [.init("class", isPanel ? "x-panel x-\(side)" : "x-dropdown x-\(side)"), .init("id", menuID),
                          .init("data-menu", menuID), .init("data-path", path), .init("style", panelStyle.text)]) { w in
            for (index, entry) in entries.enumerated() {
                if entry.isSeparator {
                    w.void("hr", [.init("class", "x-separator")])
                } else if entry.method == nil {
                    w.element("div", [.init("class", "x-menu-header")], text: entry.text ?? "")
                } else {
                    w.element("button", [.init("type", "button"), .init("class", "x-menu-entry"), .init("data-action", "menu"),
                                         .init("data-path", path), .init("data-entry", String(index))]) { w in
                        // A panel entry's `icon` is an image (id or old file name); a dropdown
                        // entry's `symbol` a symbol
                        // (docs/protocol/components/navigation.md#menuentry). Each falls back on
                        // the other.
                        let image = entry.icon.flatMap { imageURL(reference: $0, state) }
                        if let image, isPanel || entry.symbol == nil {
                            w.void("img", [.init("class", "x-icon"), .init("src", image), .init("alt", ""), .init("data-image", "")])
                        } else if let symbol = entry.symbol ?? entry.icon {
                            w.element("span", [.init("class", "x-glyph")], text: SymbolGlyphs.glyph(for: symbol))
                        }
                        w.text(entry.text ?? "")
                    }
                }
            }
        }
    }
}
