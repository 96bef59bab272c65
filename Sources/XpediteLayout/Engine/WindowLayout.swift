import XpediteProtocol

/// The components that take no part in stacking (docs/protocol/layout.md#the-rules): navigation
/// menus and dialog forms. Their frames are in the coordinates of the bounds
/// (``LayoutNode/Placement/window``).
enum WindowLayout {
    /// A navigation menu (docs/protocol/components/navigation.md#navigation).
    ///
    /// - `slidefrom`: the frame is the open panel, 80 % of the screen width and at most 320 pt
    ///   (or the old `size` dict's `width`/`width%` and `height`/`height%`), the full height of the
    ///   bounds, against the `position` edge; a ``LayoutPart/Kind/barButton`` part is the bar
    ///   button that also toggles it.
    /// - `button`: the frame is the bar button.
    ///
    /// Bar buttons are 44 × 44 in the navigation bar, from the `position` edge of the safe area
    /// inwards, in document order. A cache stub has no definition to place: an empty frame and
    /// a warning.
    static func navigation(_ navigation: Component.Navigation, at indexPath: [Int], run: inout LayoutRun) -> LayoutNode {
        var node = LayoutNode(indexPath: indexPath, type: "navigation", id: navigation.id, placement: .window,
                              frame: .zero)
        guard let implementation = navigation.implementation else {
            run.warn(.navigationStub, at: indexPath,
                     "a navigation without an implementation (a cache stub) is placed by its cached definition")
            return node
        }
        let size = LayoutMetrics.barButtonSize
        let area = run.safeArea
        let button: LayoutRect
        switch implementation.position {
        case .left:
            button = LayoutRect(x: run.rounded(area.x + Double(run.barButtons.left) * size), y: area.y,
                                width: size, height: size)
            run.barButtons.left += 1
        case .right:
            button = LayoutRect(x: run.rounded(area.maxX - Double(run.barButtons.right + 1) * size), y: area.y,
                                width: size, height: size)
            run.barButtons.right += 1
        }
        switch implementation.style {
        case .button:
            node.frame = button
        case .slidefrom:
            let bounds = run.bounds
            let s = navigation.size ?? SizeSpec()
            var width = s.width ?? s.widthPercent.map { $0 * bounds.width / 100 }
                ?? min(LayoutMetrics.panelWidthFraction * bounds.width, LayoutMetrics.maximumPanelWidth)
            var height = s.height ?? s.heightPercent.map { $0 * bounds.height / 100 } ?? bounds.height
            width = max(0, run.limited(width, "panel width", at: indexPath))
            height = max(0, run.limited(height, "panel height", at: indexPath))
            let x = implementation.position == .left ? bounds.x : bounds.maxX - width
            let panel = LayoutRect(x: run.rounded(x), y: bounds.y, width: run.rounded(width), height: run.rounded(height))
            node.frame = panel
            node.parts = [LayoutPart(kind: .barButton,
                                     frame: LayoutRect(x: run.rounded(button.x - panel.x), y: run.rounded(button.y - panel.y),
                                                       width: size, height: size))]
        }
        return node
    }

    /// A dialog form (docs/protocol/components/containers.md#form): shown modally over the whole
    /// safe area, with a header bar (✕, title, ✓) as tall as the navigation bar; its children are
    /// laid out in the content area below the bar, whose height is their visible height
    /// (docs/protocol/layout.md#containers). Its `size` is not used.
    static func dialog(_ form: Component.Form, at indexPath: [Int], depth: Int, run: inout LayoutRun) -> LayoutNode {
        let area = run.safeArea
        let bar = min(area.height, run.rounded(run.configuration.navigationBarHeight))
        let visibleHeight = run.rounded(max(0, area.height - bar))
        let result = ContainerLayout.children(form.components, under: indexPath, width: area.width,
                                              visibleHeight: visibleHeight, insideForm: true, depth: depth + 1, run: &run)
        return LayoutNode(
            indexPath: indexPath, type: "form", id: form.id, placement: .window, frame: area,
            content: ContentLayout(frame: LayoutRect(x: 0, y: bar, width: area.width, height: visibleHeight),
                                   height: result.contentHeight, visibleHeight: visibleHeight),
            parts: [LayoutPart(kind: .headerBar, frame: LayoutRect(x: 0, y: 0, width: area.width, height: bar))],
            children: result.nodes)
    }
}
