import XpediteProtocol

/// One column of a ``Table``: its heading and its cell together, so the two always line up
/// (docs/protocol/components/table.md matches `header` and `cell` by index).
///
/// Width, alignment and the title are shared; `font`, `fontSize`, `color` and `lines` style the
/// cells, and the `header…` modifiers style the heading.
///
/// ```swift
/// Column("Name", field: "name", width: .percent(60)).headerFont("headline")
/// Column("Score", field: "score", width: .percent(40), align: .right).color(.rgb(0x007AFF))
/// ```
public struct Column: Sendable, Hashable {
    /// The alignment of a column's text; columns have no `justify`.
    public enum Align: String, Sendable, Hashable, CaseIterable {
        /// Left-aligned (the default).
        case left
        /// Centred.
        case centre
        /// Right-aligned, e.g. for numbers.
        case right

        var alignment: Alignment {
            switch self {
            case .left: .left
            case .centre: .centre
            case .right: .right
            }
        }
    }

    /// A column width: a percentage of the table width (`width%`). Columns without one share
    /// the rest equally.
    public struct Width: Sendable, Hashable {
        /// The percentage of the table width.
        public var percent: Double

        /// `percent` % of the table width.
        public static func percent(_ value: Double) -> Width {
            Width(percent: value)
        }
    }

    var headerWire: Component.Table.Column
    var cellWire: Component.Table.Column

    /// A column.
    ///
    /// - Parameters:
    ///   - title: the heading; a table whose columns have no title and no heading style has no header.
    ///   - field: the field of each row record shown in the cell.
    ///   - width: the column's share of the table width.
    ///   - align: the alignment of heading and cell (`left` by default).
    public init(_ title: String? = nil, field: String, width: Width? = nil, align: Align? = nil) {
        headerWire = Component.Table.Column(text: title, widthPercent: width?.percent, align: align?.alignment)
        cellWire = Component.Table.Column(field: field, widthPercent: width?.percent, align: align?.alignment)
    }

    /// The heading.
    public var title: String? { headerWire.text }

    /// The row field shown in the cell.
    public var field: String { cellWire.field ?? "" }

    /// Sets the cells' font: a text-style name (`headline`, `body`, `footnote`, …) or a font name.
    public func font(_ font: String?) -> Column {
        var copy = self
        copy.cellWire.font = font
        return copy
    }

    /// Sets the cells' point size, overriding the style's size.
    public func fontSize(_ size: Int?) -> Column {
        var copy = self
        copy.cellWire.fontsize = size.map(Double.init)
        return copy
    }

    /// Sets the cells' text colour.
    public func color(_ colour: Colour?) -> Column {
        var copy = self
        copy.cellWire.color = colour
        return copy
    }

    /// Sets the cells' maximum number of lines; `0` is unlimited, `1` by default.
    public func lines(_ lines: Int?) -> Column {
        var copy = self
        copy.cellWire.lines = lines
        return copy
    }

    /// Sets the heading's font: a text-style name (`headline` by default) or a font name.
    public func headerFont(_ font: String?) -> Column {
        var copy = self
        copy.headerWire.font = font
        return copy
    }

    /// Sets the heading's point size, overriding the style's size.
    public func headerFontSize(_ size: Int?) -> Column {
        var copy = self
        copy.headerWire.fontsize = size.map(Double.init)
        return copy
    }

    /// Sets the heading's text colour.
    public func headerColor(_ colour: Colour?) -> Column {
        var copy = self
        copy.headerWire.color = colour
        return copy
    }

    /// Sets the heading's maximum number of lines; `0` is unlimited, `1` by default.
    public func headerLines(_ lines: Int?) -> Column {
        var copy = self
        copy.headerWire.lines = lines
        return copy
    }

    /// Whether the heading carries anything beyond the shared width and alignment.
    var hasHeading: Bool {
        headerWire.text != nil || headerWire.font != nil || headerWire.fontsize != nil || headerWire.color != nil
            || headerWire.lines != nil
    }
}
