import XpediteProtocol

/// Places the children of one container, one after the other, exactly as
/// docs/protocol/layout.md#the-rules says; the default heights of
/// docs/protocol/layout.md#default-sizes are at the end of this file.
///
/// To follow one component's frame from its `size` dict, read ``place(_:at:run:content:)`` from
/// top to bottom: ① width, ② x, ③ height, ④ y, then the frame and the bottom edge. The names
/// are the ones of docs/protocol/layout.md#the-rules: `W`, `H`, `s`, `P`, `B`, `w`, `x`, `h`, `y`.
///
/// Each container (the screen, an inline form, an old section box, a scroll view, a dialog form)
/// runs its own resolver, with its own previous frame `P` and bottom edge `B`
/// (docs/protocol/layout.md#containers). Children that take no part in stacking (navigation, dialog
/// forms) never reach it.
struct FrameResolver {
    /// `W`: the container width.
    let containerWidth: Double
    /// `H`: the container's visible height; `y%`, `height%` and vertical centring refer to it.
    let visibleHeight: Double
    /// Whether the container is a form or lies inside one: a field with a `title` then shows the
    /// title above it (docs/protocol/layout.md#default-sizes).
    let insideForm: Bool
    /// `P`: the previous frame placed in this container; `nil` before the first.
    private(set) var previous: LayoutRect?
    /// `B`: the bottom edge of everything placed so far; at the end, the content height.
    private(set) var bottom: Double = 0

    init(containerWidth: Double, visibleHeight: Double, insideForm: Bool) {
        self.containerWidth = containerWidth
        self.visibleHeight = visibleHeight
        self.insideForm = insideForm
    }

    /// One placed component.
    struct Placed {
        /// The frame, relative to the container's content area.
        var frame: LayoutRect
        /// Whether a size key (`height`, `height%`, `relative-height%`) gave the height; when
        /// `false` it is the default of docs/protocol/layout.md#default-sizes.
        var heightFromSize: Bool
    }

    /// Places `component` below (or beside) the ones placed before it.
    ///
    /// - Parameter content: lays out a container's children at a width and returns their
    ///   content height; called only when a container's height is its content's (docs/protocol/layout.md#default-sizes).
    mutating func place(_ component: Component, at indexPath: [Int], run: inout LayoutRun,
                        content: (_ width: Double, _ run: inout LayoutRun) -> Double) -> Placed {
        let s = component.size ?? SizeSpec()
        let W = containerWidth
        let H = visibleHeight
        let P = previous
        let B = bottom
        reportConflictingKeys(s, at: indexPath, run: &run)
        if s.xAfter != nil, P == nil {
            run.warn(.noPreviousComponent, at: indexPath,
                     "\"x+\" on the first component of its container; measured from the container's left edge")
        }

        // The left edge the position keys give, centring aside (relative > absolute > percent).
        // It does not depend on the width, so step 1 can use it for "fill to the right edge".
        let xFromKeys: Double? =
            if let gap = s.xAfter { (P?.maxX ?? 0) + gap }
            else if let x = s.x { x }
            else if let percentX = s.xPercent { percent(percentX, of: W) }
            else { nil }

        // ① width: absolute > percent > fill from x to the right edge > the container width.
        var w: Double =
            if let width = s.width { width }
            else if let percentWidth = s.widthPercent { percent(percentWidth, of: W) }
            else if let x = xFromKeys { max(0, W - x) }
            else { W }
        w = run.limited(w, "width", at: indexPath)

        // ② x: centre > relative > absolute > percent > the left edge.
        var x: Double =
            if let offset = s.centreX { (W - w) / 2 + offset }
            else { xFromKeys ?? 0 }
        x = run.limited(x, "x", at: indexPath)

        // The top edge the position keys give, centring aside; web views and tables fill from it to
        // the bottom of the visible area (docs/protocol/layout.md#default-sizes), so step 3 needs
        // it before step 4.
        let stackedY: Double =
            if let gap = s.yBelow { B + gap }                  // a gap below everything so far
            else if let y = s.y { y }
            else if let percentY = s.yPercent { percent(percentY, of: H) }
            else if s.xAfter != nil { P?.y ?? B }              // same row as the previous one
            else { B }                                         // stack below everything so far

        // ③ height: absolute > percent > relative to the previous component > default
        // (docs/protocol/layout.md#default-sizes). Text is measured, and a container's children
        // laid out, at the frame's final width.
        let contentWidth = run.rounded(max(0, w))
        var heightFromSize = true
        var h: Double
        if let height = s.height {
            h = height
        } else if let percentHeight = s.heightPercent {
            h = percent(percentHeight, of: H)
        } else if let relative = s.relativeHeightPercent {
            if P == nil {
                run.warn(.noPreviousComponent, at: indexPath,
                         "\"relative-height%\" on the first component of its container; relative to the visible height")
            }
            h = (P?.height ?? H) * relative / 100
        } else {
            heightFromSize = false
            h = defaultHeight(of: component, width: contentWidth, top: s.centreY == nil ? stackedY : 0,
                              at: indexPath, run: &run, content: content)
        }
        h = run.limited(h, "height", at: indexPath)

        // ④ y: centre > relative > absolute > percent > beside the previous one (x+) > stacked.
        var y: Double =
            if let offset = s.centreY { (H - h) / 2 + offset }
            else { stackedY }
        y = run.limited(y, "y", at: indexPath)

        // The frame; sizes are never negative.
        if w < 0 {
            run.warn(.negativeSize, at: indexPath, "width resolves to \(LayoutRun.format(run.rounded(w))); drawn 0 wide")
        }
        if h < 0 {
            run.warn(.negativeSize, at: indexPath, "height resolves to \(LayoutRun.format(run.rounded(h))); drawn 0 high")
        }
        let frame = LayoutRect(x: run.rounded(x), y: run.rounded(y), width: contentWidth, height: run.rounded(max(0, h)))
        reportOverflow(frame, at: indexPath, run: &run)

        // The bottom edge and the previous frame for the next component.
        bottom = run.rounded(max(B, frame.maxY))
        previous = frame
        return Placed(frame: frame, heightFromSize: heightFromSize)
    }

    /// `value` per cent of `base`.
    private func percent(_ value: Double, of base: Double) -> Double {
        value * base / 100
    }

    /// Warns about two keys for one quantity; the first of each group below wins, as in
    /// docs/protocol/layout.md#the-rules.
    private func reportConflictingKeys(_ s: SizeSpec, at indexPath: [Int], run: inout LayoutRun) {
        let groups: [(quantity: String, keys: [(String, Double?)])] = [
            ("horizontal position", [("centrex", s.centreX), ("x+", s.xAfter), ("x", s.x), ("x%", s.xPercent)]),
            ("vertical position", [("centrey", s.centreY), ("y+", s.yBelow), ("y", s.y), ("y%", s.yPercent)]),
            ("width", [("width", s.width), ("width%", s.widthPercent)]),
            ("height", [("height", s.height), ("height%", s.heightPercent), ("relative-height%", s.relativeHeightPercent)]),
        ]
        for group in groups {
            let given = group.keys.filter { $0.1 != nil }.map(\.0)
            guard given.count > 1, let winner = given.first else { continue }
            let keys = given.map { "\"\($0)\"" }.joined(separator: " and ")
            run.warn(.conflictingSizeKeys, at: indexPath, "\(keys) both set the \(group.quantity); \"\(winner)\" wins")
        }
    }

    /// Warns when a frame reaches past the left or right edge, or above the top, of its container.
    private func reportOverflow(_ frame: LayoutRect, at indexPath: [Int], run: inout LayoutRun) {
        let tolerance = 0.005
        if frame.maxX > containerWidth + tolerance || frame.x < -tolerance {
            run.warn(.overflow, at: indexPath,
                     "spans x = \(LayoutRun.format(frame.x))…\(LayoutRun.format(frame.maxX)), past the edges of its container (width \(LayoutRun.format(containerWidth)))")
        }
        if frame.y < -tolerance {
            run.warn(.overflow, at: indexPath, "starts at y = \(LayoutRun.format(frame.y)), above the top of its container")
        }
    }

    // MARK: - Default sizes per component (docs/protocol/layout.md#default-sizes)

    /// The height of a component when no height key resolves
    /// (docs/protocol/layout.md#default-sizes). `width` is the resolved width; `top` the top edge a
    /// fill-to-the-bottom view starts at.
    private func defaultHeight(of component: Component, width: Double, top: Double, at indexPath: [Int],
                               run: inout LayoutRun, content: (Double, inout LayoutRun) -> Double) -> Double {
        switch component {
        case .label(let label):
            // All lines of the text, wrapped at the frame width
            // (docs/protocol/components/display.md#label).
            return run.measure(label.text, font: run.font(name: label.font, size: label.fontsize), width: width)
        case .image(let image):
            // The aspect ratio once the image is known; 0 until then
            // (docs/protocol/components/display.md#image).
            guard let size = run.imageSize(of: image) else {
                run.warn(.imageSizeUnknown, at: indexPath,
                         "the image's size is not known yet; height 0 until it loads, then the screen is laid out again")
                return 0
            }
            return size.width > 0 ? width * size.height / size.width : 0
        case .button, .checkbox:
            return LayoutMetrics.rowHeight
        case .textbox(let field):
            return fieldHeight(title: field.title)
        case .password(let field):
            return fieldHeight(title: field.title)
        case .date(let field):
            return fieldHeight(title: field.title)
        case .select(let field):
            return fieldHeight(title: field.title)
        case .textview(let field):
            return field.initialHeight ?? LayoutMetrics.textViewHeight
        case .radio(let radio):
            return Double(radio.options.count) * LayoutMetrics.optionHeight + radio.titleHeight
        case .section(let section):
            guard section.isBox else { return LayoutMetrics.sectionHeaderHeight }
            // The caption row (or the top inset), the content at the inner width, the bottom inset.
            return section.boxContentTop + content(run.rounded(section.boxContentWidth(in: width)), &run) + LayoutMetrics.boxInset
        case .form(let form):
            return form.titleRowHeight + content(width, &run) + form.footerHeight
        case .scrollview(let scrollView):
            if scrollView.components != nil { return content(width, &run) }
            return run.measure(scrollView.text ?? "", font: run.defaultFont, width: width)
        case .web, .table:
            return max(LayoutMetrics.minimumFillHeight, visibleHeight - top)
        case .navigation, .menuEntry:
            return 0
        }
    }

    /// A text box, password, date or select: one row, plus a title row above it inside a form.
    private func fieldHeight(title: String?) -> Double {
        LayoutMetrics.rowHeight + (showsFieldTitle(title) ? LayoutMetrics.fieldTitleHeight : 0)
    }

    /// Whether a field shows its title in a row of its own above it: inside a form, when it has one.
    func showsFieldTitle(_ title: String?) -> Bool {
        insideForm && Component.shows(title)
    }
}

extension Component {
    /// Whether a title is shown: present and not empty.
    static func shows(_ title: String?) -> Bool {
        title.map { !$0.isEmpty } ?? false
    }
}

extension Component.Form {
    /// The title row of an inline form: 44 with a `title`, else none
    /// (docs/protocol/components/containers.md#form, docs/protocol/layout.md#default-sizes).
    var titleRowHeight: Double {
        Component.shows(title) ? LayoutMetrics.formTitleRowHeight : 0
    }

    /// The footer of an inline form: 52 when it has a Cancel or Save button to show, else none.
    var footerHeight: Double {
        save != nil || cancel != nil ? LayoutMetrics.formFooterHeight : 0
    }
}

extension Component.Section {
    /// The caption row of an old box: 32 with a `title`, else none
    /// (docs/protocol/components/containers.md#section).
    var boxTitleHeight: Double {
        Component.shows(title) ? LayoutMetrics.boxTitleHeight : 0
    }

    /// Where an old box's content starts: below the caption row, or the inset without one.
    var boxContentTop: Double {
        Component.shows(title) ? LayoutMetrics.boxTitleHeight : LayoutMetrics.boxInset
    }

    /// The width of an old box's content area in a box `width` wide: inside the inset on each side.
    func boxContentWidth(in width: Double) -> Double {
        max(0, width - 2 * LayoutMetrics.boxInset)
    }
}

extension Component.Radio {
    /// The group title above the options: 22 with a `title`
    /// (docs/protocol/components/inputs.md#radio).
    var titleHeight: Double {
        Component.shows(title) ? LayoutMetrics.fieldTitleHeight : 0
    }
}
