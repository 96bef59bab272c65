import XpediteClient
import XpediteLayout
import XpediteProtocol

/// Renders an engine `ScreenState` as the HTML of the phone's screen: every component at its
/// XpediteLayout frame (absolute positions inside its container), the title bar, menus and
/// dialogs, alerts, the offline badge. Interactive elements carry `data-action` and the
/// component's index path (`data-path="2.0"`), which the browser sends back as a
/// `BrowserMessage` that becomes a `ClientAction`. All text is escaped by
/// ``HTMLWriter``.
public struct ScreenRenderer: Sendable {
    /// Where the page gets a tab's images from its engine; without one, image URLs are given to
    /// the browser as they are (absolute `http(s)` URLs only).
    let imageRoute: ImageRoute?
    /// The layout configuration the engine lays screens out with (table rows are measured
    /// with its text measurer).
    let layout = LayoutConfiguration()

    /// Creates a renderer whose images the browser loads itself from their absolute URLs.
    public init() {
        imageRoute = nil
    }

    /// Creates a renderer whose images come from the tab's engine, at
    /// `{basePath}/tab/{tab}/image` (see ``Simulator``).
    public init(basePath: String, tab: String) {
        imageRoute = ImageRoute(basePath: basePath, tab: tab)
    }

    init(imageRoute: ImageRoute?) {
        self.imageRoute = imageRoute
    }

    /// The screen of `state` as an HTML fragment.
    public func render(_ state: ScreenState) -> String {
        var writer = HTMLWriter()
        var screenStyle = CSSStyle()
        if case .set(let colour)? = state.defaults.color {
            // Text inherits it; a plain button takes it instead of the tint
            // (docs/protocol/components/display.md#button: setDefaults, then tint).
            screenStyle.color(colour)
            screenStyle.fixed("--x-default-color:\(colour.hex)")
        }
        if case .set(let size)? = state.defaults.fontsize { screenStyle.fontSize(size) }
        if case .set(let font)? = state.defaults.font { screenStyle.font(font) }
        var background = state.packet?.background
        if background == nil, case .set(let colour)? = state.defaults.background { background = colour }
        screenStyle.background(background)
        writer.element("div", [.init("class", "x-screen"), .init("style", screenStyle.text),
                               .init("data-revision", String(state.revision))]) { w in
            if let frames = state.frames {
                titleBar(state, frames, &w)
                content(state, frames, &w)
                for node in frames.components where node.placement == .window {
                    self.node(node, state, &w)
                }
            } else {
                w.element("div", [.init("class", "x-empty")], text: state.isLoading ? "Connecting…" : "No screen yet")
            }
            if state.isOffline { w.element("div", [.init("class", "x-offline-badge")], text: "Offline") }
            if state.isLoading {
                // A screen request is in flight: the phone takes no taps until it is answered
                // (docs/protocol/packets.md#transport).
                w.element("div", [.init("class", "x-loading"), .init("aria-label", "loading")])
                w.element("div", [.init("class", "x-busy")])
            }
            alerts(state.alerts, &w)
        }
        return writer.html
    }

    private func titleBar(_ state: ScreenState, _ frames: FrameTree, _ w: inout HTMLWriter) {
        guard let bar = frames.screen.navigationBar else { return }
        var style = CSSStyle()
        style.frame(bar)
        w.element("header", [.init("class", "x-titlebar"), .init("style", style.text)]) { w in
            w.element("span", [.init("class", "x-title")], text: state.packet?.title ?? "")
        }
    }

    private func content(_ state: ScreenState, _ frames: FrameTree, _ w: inout HTMLWriter) {
        var style = CSSStyle()
        style.frame(frames.screen.frame)
        w.element("div", [.init("class", "x-content"), .init("style", style.text), .init("data-scroll", "screen")]) { w in
            var canvas = CSSStyle()
            canvas.height(max(frames.screen.contentHeight, frames.screen.frame.height))
            w.element("div", [.init("class", "x-canvas"), .init("style", canvas.text)]) { w in
                for node in frames.components where node.placement == .flow {
                    self.node(node, state, &w)
                }
            }
        }
    }

    /// One laid-out component.
    func node(_ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        guard let component = state.component(at: node.indexPath) else { return }
        switch component {
        case .label(let label): self.label(label, node, &w)
        case .button(let button): self.button(button, node, state, &w)
        case .image(let image): self.image(image, node, state, &w)
        case .textbox, .password, .textview, .checkbox, .date, .select, .radio:
            field(component, node, state, &w)
        case .form(let form): self.form(form, node, state, &w)
        case .section(let section): self.section(section, node, state, &w)
        case .scrollview(let scrollView): self.scrollView(scrollView, node, state, &w)
        case .web(let web): self.web(web, node, state, &w)
        case .table(let table): self.table(table, node, state, &w)
        case .navigation(let navigation): self.navigation(navigation, node, state, &w)
        case .menuEntry: break
        }
    }

    /// The attributes every component's box has: class, index path, id and frame.
    func box(_ node: LayoutNode, _ extraClass: String? = nil, background: Colour? = nil,
             style extra: (inout CSSStyle) -> Void = { _ in }) -> [HTMLWriter.Attribute] {
        var style = CSSStyle()
        style.frame(node.frame)
        style.background(background)
        extra(&style)
        let classes = ["x-node", "x-\(node.type)", extraClass].compactMap { $0 }.joined(separator: " ")
        return [.init("class", classes), .init("data-path", node.indexPathText), .init("data-id", node.id),
                .init("style", style.text)]
    }

    private func label(_ label: Component.Label, _ node: LayoutNode, _ w: inout HTMLWriter) {
        w.element("div", box(node, background: label.background) { style in
            style.color(label.color)
            style.fontSize(label.fontsize)
            style.font(label.font)
            style.align(label.align)
        }, text: label.text)
    }

    private func button(_ button: Component.Button, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        let style = button.style == .button ? "x-bordered" : "x-plain"
        var attributes = box(node, style, background: button.background) { css in
            css.color(button.color)
            css.fontSize(button.fontsize)
            css.font(button.font)
            css.flexAlign(button.align)
        }
        attributes.append(.init("type", "button"))
        attributes.append(.init("data-action", button.method == nil ? nil : "press"))
        w.element("button", attributes) { w in
            // An SF Symbol name, or else a preloaded image id
            // (docs/protocol/components/display.md#button), before the text.
            if let icon = button.icon {
                if let glyph = SymbolGlyphs.knownGlyph(for: icon) {
                    w.element("span", [.init("class", "x-glyph"), .init("title", icon)], text: glyph)
                } else if let image = imageURL(reference: icon, state) {
                    w.void("img", [.init("class", "x-icon"), .init("src", image), .init("alt", ""), .init("data-image", "")])
                } else {
                    w.element("span", [.init("class", "x-glyph"), .init("title", icon)], text: SymbolGlyphs.glyph(for: icon))
                }
            }
            if let text = button.text { w.element("span", [.init("class", "x-button-text")], text: text) }
        }
    }

    private func image(_ image: Component.Image, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        let source = imageRoute.map { route in
            image.id != nil || (image.url ?? image.name) != nil ? route.url(id: image.id, url: image.url ?? image.name) : nil
        } ?? ImageSource.url(for: image, packet: state.packet)
        w.element("div", box(node, "x-placeholder", background: image.background)) { w in
            if let source {
                w.void("img", [.init("src", source), .init("alt", image.name ?? image.id ?? ""), .init("loading", "lazy"),
                               .init("data-image", "")])
            } else {
                w.element("span", [.init("class", "x-image-name")], text: image.name ?? image.url ?? "image")
            }
        }
    }

    /// The page's URL of an image named by a reference that may be an image id, a URL or an old
    /// file name: the tab's image route, or (without one) a web URL the browser loads itself.
    func imageURL(reference: String, _ state: ScreenState) -> String? {
        imageRoute.map { $0.url(id: reference, url: reference) } ?? ImageSource.url(reference: reference, packet: state.packet)
    }

    private func web(_ web: Component.Web, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        // Web content always runs in a sandbox without scripts, forms or same-origin access.
        // A web view's own background shows through its page (an iframe is white otherwise).
        w.element("div", box(node, web.background == nil ? nil : "x-has-background", background: web.background)) { w in
            // `web` > `content` > `data.html` (normalised into `content`) > `data.dynamic`
            // (docs/protocol/components/display.md#web).
            if let url = web.web {
                // A URL that is not http(s) is not loaded, and the HTML does not stand in for it.
                if url.hasPrefix("https://") || url.hasPrefix("http://") {
                    w.element("iframe", [.init("sandbox", ""), .init("src", url), .init("title", "web content"),
                                         .init("referrerpolicy", "no-referrer")])
                }
            } else if let html = web.content ?? state.webContent[node.indexPath] {
                w.element("iframe", [.init("sandbox", ""), .init("srcdoc", html), .init("title", "web content")])
            }
        }
    }

    private func alerts(_ alerts: [ClientAlert], _ w: inout HTMLWriter) {
        guard !alerts.isEmpty else { return }
        w.element("div", [.init("class", "x-modal x-alerts"), .init("role", "alertdialog")]) { w in
            w.element("div", [.init("class", "x-alert")]) { w in
                for alert in alerts {
                    let kind = switch alert.kind {
                    case .returnCode: "rc"
                    case .connection: "connection"
                    case .protocolError: "protocol"
                    case .componentErrors: "components"
                    }
                    w.element("p", [.init("class", "x-alert-message"), .init("data-kind", kind)], text: alert.message)
                }
                w.element("button", [.init("type", "button"), .init("class", "x-alert-ok"),
                                     .init("data-action", "dismiss")], text: "OK")
            }
        }
    }
}
