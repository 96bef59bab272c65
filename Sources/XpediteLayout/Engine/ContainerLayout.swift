import XpediteProtocol

/// Lays out one `components` array inside its container: each stacking child through a
/// ``FrameResolver`` (docs/protocol/layout.md#the-rules), navigation menus and dialog forms outside
/// the flow through ``WindowLayout``, and every container's children recursively
/// (docs/protocol/layout.md#containers).
///
/// Every component is visited once and every container's children are laid out once, so a
/// layout takes time linear in the number of components.
enum ContainerLayout {
    /// What a laid-out `components` array gives its container.
    struct Result {
        /// One node per component, in array order (a stray `menuEntry` has none).
        var nodes: [LayoutNode]
        /// `B` at the end: the content height.
        var contentHeight: Double
    }

    /// Lays out `components`, the children of the component at `parent`, in a container of
    /// `width` × `visibleHeight`.
    static func layout(_ components: [Component], under parent: [Int], width: Double, visibleHeight: Double,
                       insideForm: Bool, depth: Int, run: inout LayoutRun) -> Result {
        var resolver = FrameResolver(containerWidth: width, visibleHeight: visibleHeight, insideForm: insideForm)
        var nodes: [LayoutNode] = []
        nodes.reserveCapacity(components.count)
        for (index, component) in components.enumerated() {
            let indexPath = parent + [index]
            switch component {
            case .navigation(let navigation):
                nodes.append(WindowLayout.navigation(navigation, at: indexPath, run: &run))
            case .form(let form) where form.style == .dialog:
                nodes.append(WindowLayout.dialog(form, at: indexPath, depth: depth, run: &run))
            case .menuEntry:
                run.warn(.misplacedComponent, at: indexPath, "a menuEntry belongs in a navigation's components; not laid out")
            default:
                nodes.append(place(component, at: indexPath, with: &resolver, depth: depth, run: &run))
            }
        }
        return Result(nodes: nodes, contentHeight: resolver.bottom)
    }

    /// Lays out the children of a container nested `depth` levels deep, unless that is too deep.
    static func children(_ components: [Component], under parent: [Int], width: Double, visibleHeight: Double,
                         insideForm: Bool, depth: Int, run: inout LayoutRun) -> Result {
        guard depth <= run.configuration.maximumDepth else {
            if !components.isEmpty {
                run.warn(.nestingTooDeep, at: parent,
                         "containers nested more than \(run.configuration.maximumDepth) deep; the children of this one are not laid out")
            }
            return Result(nodes: [], contentHeight: 0)
        }
        return layout(components, under: parent, width: width, visibleHeight: visibleHeight, insideForm: insideForm,
                      depth: depth, run: &run)
    }

    /// Places one stacking component and builds its node: content area, parts and children.
    private static func place(_ component: Component, at indexPath: [Int], with resolver: inout FrameResolver,
                              depth: Int, run: inout LayoutRun) -> LayoutNode {
        // Fit-to-content containers have no height of their own: their children's `%` keys refer to
        // the enclosing container's visible height (the screen's at the top level,
        // docs/protocol/layout.md#containers).
        let inheritedHeight = resolver.visibleHeight
        let childrenInsideForm = resolver.insideForm || component.type == "form"
        var laidOut: Result?
        let placed = resolver.place(component, at: indexPath, run: &run) { width, run in
            let result = children(component.children, under: indexPath, width: width, visibleHeight: inheritedHeight,
                                  insideForm: childrenInsideForm, depth: depth + 1, run: &run)
            laidOut = result
            return result.contentHeight
        }
        let frame = placed.frame
        var node = LayoutNode(indexPath: indexPath, type: component.type, id: component.id, frame: frame)
        // An old box's content is inside its inset; every other container's is as wide as it.
        let contentWidth: Double = if case .section(let section) = component, section.isBox {
            run.rounded(section.boxContentWidth(in: frame.width))
        } else {
            frame.width
        }

        /// The children, laid out now if the height did not need them.
        func content(visibleHeight: Double) -> Result {
            laidOut ?? children(component.children, under: indexPath, width: contentWidth, visibleHeight: visibleHeight,
                                insideForm: childrenInsideForm, depth: depth + 1, run: &run)
        }

        switch component {
        case .form(let form):
            // An inline form: title row, content, footer
            // (docs/protocol/components/containers.md#form).
            let result = content(visibleHeight: inheritedHeight)
            let title = form.titleRowHeight
            let footer = form.footerHeight
            let visible = placed.heightFromSize ? run.rounded(max(0, frame.height - title - footer)) : result.contentHeight
            node.content = ContentLayout(frame: LayoutRect(x: 0, y: title, width: frame.width, height: visible),
                                         height: result.contentHeight, visibleHeight: inheritedHeight)
            if title > 0 {
                node.parts.append(LayoutPart(kind: .titleRow, frame: LayoutRect(x: 0, y: 0, width: frame.width, height: title)))
            }
            if footer > 0 {
                node.parts.append(LayoutPart(kind: .footer, frame: LayoutRect(x: 0, y: run.rounded(frame.height - footer),
                                                                              width: frame.width, height: footer)))
            }
            node.children = result.nodes
        case .section(let section) where section.isBox:
            // An old box (docs/protocol/components/containers.md#section): the caption row, then
            // the content inside the inset (the border included), the inset again below it. With a
            // height key the content area is what the caption row and the bottom inset leave.
            let result = content(visibleHeight: inheritedHeight)
            let top = section.boxContentTop
            let visible = placed.heightFromSize ? run.rounded(max(0, frame.height - top - LayoutMetrics.boxInset)) : result.contentHeight
            node.content = ContentLayout(frame: LayoutRect(x: LayoutMetrics.boxInset, y: top, width: contentWidth, height: visible),
                                         height: result.contentHeight, visibleHeight: inheritedHeight)
            if section.boxTitleHeight > 0 {
                node.parts.append(LayoutPart(kind: .titleRow, frame: LayoutRect(x: 0, y: 0, width: frame.width,
                                                                                height: section.boxTitleHeight)))
            }
            node.children = result.nodes
        case .scrollview(let scrollView):
            // Its visible height is its frame height when a size key sets it
            // (docs/protocol/layout.md#containers).
            let visibleHeight = placed.heightFromSize ? frame.height : inheritedHeight
            let contentHeight: Double
            if scrollView.components != nil {
                let result = content(visibleHeight: visibleHeight)
                contentHeight = result.contentHeight
                node.children = result.nodes
            } else {
                contentHeight = placed.heightFromSize
                    ? run.rounded(run.measure(scrollView.text ?? "", font: run.defaultFont, width: frame.width))
                    : frame.height
            }
            node.content = ContentLayout(frame: LayoutRect(x: 0, y: 0, width: frame.width, height: frame.height),
                                         height: contentHeight, visibleHeight: visibleHeight)
        case .radio(let radio):
            node.parts = radioParts(radio, width: frame.width)
        case .table(let table):
            node.parts = TableColumns.parts(of: table, width: frame.width, height: frame.height, at: indexPath, run: &run)
        case .textbox(let field):
            node.parts = fieldParts(title: field.title, frame: frame, resolver: resolver, run: run)
        case .password(let field):
            node.parts = fieldParts(title: field.title, frame: frame, resolver: resolver, run: run)
        case .date(let field):
            node.parts = fieldParts(title: field.title, frame: frame, resolver: resolver, run: run)
        case .select(let field):
            node.parts = fieldParts(title: field.title, frame: frame, resolver: resolver, run: run)
        default:
            break
        }
        return node
    }

    /// A radio group: the title row (22) and one 44 pt row per option, sorted by key
    /// (docs/protocol/components/inputs.md#radio, docs/protocol/values.md#options).
    private static func radioParts(_ radio: Component.Radio, width: Double) -> [LayoutPart] {
        var parts: [LayoutPart] = []
        let title = radio.titleHeight
        if title > 0 {
            parts.append(LayoutPart(kind: .title, frame: LayoutRect(x: 0, y: 0, width: width, height: title)))
        }
        for (index, key) in radio.options.keys.sorted().enumerated() {
            let top = title + Double(index) * LayoutMetrics.optionHeight
            parts.append(LayoutPart(kind: .option, index: index, key: key,
                                    frame: LayoutRect(x: 0, y: top, width: width, height: LayoutMetrics.optionHeight)))
        }
        return parts
    }

    /// A field inside a form with a title: the title row (22) above the control
    /// (docs/protocol/layout.md#default-sizes).
    private static func fieldParts(title: String?, frame: LayoutRect, resolver: FrameResolver,
                                   run: LayoutRun) -> [LayoutPart] {
        guard resolver.showsFieldTitle(title) else { return [] }
        let titleHeight = LayoutMetrics.fieldTitleHeight
        return [
            LayoutPart(kind: .title, frame: LayoutRect(x: 0, y: 0, width: frame.width, height: titleHeight)),
            LayoutPart(kind: .field, frame: LayoutRect(x: 0, y: titleHeight, width: frame.width,
                                                       height: run.rounded(max(0, frame.height - titleHeight)))),
        ]
    }
}
