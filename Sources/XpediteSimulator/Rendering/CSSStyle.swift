import XpediteLayout
import XpediteProtocol

/// The value of a `style` attribute, built only from numbers, colours (`#rrggbbaa`) and
/// sanitised font names, so no packet text can add a declaration. The whole attribute is still
/// escaped by ``HTMLWriter``.
struct CSSStyle {
    private(set) var declarations: [String] = []

    /// `position:absolute` at `frame`.
    mutating func frame(_ frame: LayoutRect) {
        declarations.append("left:\(Self.number(frame.x))px;top:\(Self.number(frame.y))px;"
            + "width:\(Self.number(frame.width))px;height:\(Self.number(frame.height))px")
    }

    /// A fixed declaration written in this module (never packet text).
    mutating func fixed(_ fixed: String) {
        declarations.append(fixed)
    }

    /// A drop-down menu's place: its top at the bottom of the bar button `anchor`, its left edge
    /// at the button's left edge (`.left`) or its right edge at the button's right edge
    /// (`.right`), inside `bounds`.
    mutating func dropdown(below anchor: LayoutRect, side: Component.Navigation.Implementation.Position, in bounds: LayoutRect) {
        let top = "top:\(Self.number(anchor.y + anchor.height))px"
        switch side {
        case .left: declarations.append("\(top);left:\(Self.number(max(0, anchor.x - bounds.x)))px")
        case .right: declarations.append("\(top);right:\(Self.number(max(0, bounds.x + bounds.width - anchor.x - anchor.width)))px")
        }
    }

    mutating func height(_ value: Double) {
        declarations.append("height:\(Self.number(value))px")
    }

    mutating func color(_ colour: Colour?) {
        if let colour { declarations.append("color:\(colour.hex)") }
    }

    mutating func background(_ colour: Colour?) {
        if let colour { declarations.append("background:\(colour.hex)") }
    }

    mutating func fontSize(_ size: Double?) {
        if let size, size.isFinite, size > 0 { declarations.append("font-size:\(Self.number(size))px") }
    }

    /// A protocol font name (docs/protocol/components/display.md#label,
    /// docs/protocol/values.md#fonts): a text-style name (`footnote`, `title2`, …) sets the style's
    /// size (unless a `font-size` is already set: `fontsize` overrides it) and weight; a weight
    /// word sets the weight, anything else names a family, keeping only letters, digits, spaces and
    /// hyphens, followed by faces of its kind (``FontStack``).
    mutating func font(_ name: String?) {
        guard let name, !name.isEmpty else { return }
        if let style = TextStyle(name: name) {
            if !declarations.contains(where: { $0.hasPrefix("font-size:") }) {
                declarations.append("font-size:\(Self.number(style.size))px")
            }
            if style.isSemibold { declarations.append("font-weight:600") }
            return
        }
        let lowered = name.lowercased()
        if lowered.contains("bold") { declarations.append("font-weight:600") }
        if lowered.contains("italic") { declarations.append("font-style:italic") }
        // "Helvetica-Bold" is the family Helvetica in bold.
        var familyName = name
        for suffix in ["-BoldOblique", "-BoldItalic", "-Bold", "-Italic", "-Oblique"] where familyName.hasSuffix(suffix) {
            familyName.removeLast(suffix.count)
            break
        }
        let family = String(familyName.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-" })
        if !family.isEmpty, !["bold", "italic", "system"].contains(lowered) {
            // The family, then faces of its kind: Georgia falls back to a serif face
            // (docs/protocol/values.md#fonts).
            declarations.append("font-family:\(FontStack.css(family: family))")
        }
    }

    mutating func align(_ alignment: Alignment?) {
        guard let alignment else { return }
        let value = switch alignment {
        case .left: "left"
        case .right: "right"
        case .centre, .center: "center"
        case .justify: "justify"
        }
        declarations.append("text-align:\(value)")
    }

    /// The alignment of a flex box's content (a button's `align`,
    /// docs/protocol/components/display.md#button): its text-align and the matching
    /// justify-content.
    mutating func flexAlign(_ alignment: Alignment?) {
        guard let alignment else { return }
        align(alignment)
        let value = switch alignment {
        case .left, .justify: "flex-start"
        case .right: "flex-end"
        case .centre, .center: "center"
        }
        declarations.append("justify-content:\(value)")
    }

    /// A line clamp for table cells (`lines`, docs/protocol/components/table.md).
    mutating func lines(_ count: Int?) {
        if let count, count > 0 { declarations.append("-webkit-line-clamp:\(count)") }
    }

    mutating func opacity(_ value: Double) {
        declarations.append("opacity:\(Self.number(max(0, min(1, value))))")
    }

    /// The attribute value, or `nil` when empty.
    var text: String? {
        declarations.isEmpty ? nil : declarations.joined(separator: ";")
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return JSONValue.format(number: (value * 100).rounded() / 100)
    }
}
