import XpediteProtocol

/// The height of a table's rows and header (docs/protocol/components/table.md: "row height grows
/// with `lines`"). Rows arrive after the screen is laid out (data requests), so a renderer asks for
/// each row's height as it draws the row; the columns' widths are the layout's
/// ``LayoutPart/Kind/column`` parts.
///
/// A row is as tall as its tallest cell plus ``verticalPadding``, and at least
/// ``LayoutMetrics/rowHeight``. A cell's text is measured with the configuration's
/// ``TextMeasurer`` at its column's width less ``horizontalPadding``, with its font (the
/// column's `font`/`fontsize`, then the table's, then `setDefaults`, then the default size), and
/// is cut at `lines` lines (`1` by default; `0` is unlimited).
public struct TableRowLayout: Sendable {
    /// Space above and below a cell's text, in total.
    public static let verticalPadding = 20.0
    /// Space left and right of a cell's text, in total.
    public static let horizontalPadding = 16.0

    private let configuration: LayoutConfiguration
    private let defaultFont: TextFont
    private let tableFont: String?
    private let tableFontSize: Double?

    /// Creates the row layout of `table` with the screen's `defaults`.
    public init(table: Component.Table, defaults: Defaults = Defaults(),
                configuration: LayoutConfiguration = LayoutConfiguration()) {
        self.configuration = configuration
        var size = configuration.defaultFontSize
        if case .set(let defaultSize)? = defaults.fontsize, defaultSize > 0, defaultSize.isFinite { size = defaultSize }
        var name: String?
        if case .set(let defaultName)? = defaults.font { name = defaultName }
        defaultFont = TextFont(name: name, size: size > 0 && size.isFinite ? size : 17)
        tableFont = table.font
        tableFontSize = table.fontsize
    }

    /// The font of a column's text.
    public func font(of column: Component.Table.Column?) -> TextFont {
        let own = (column?.fontsize ?? tableFontSize).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let name = column?.font ?? tableFont ?? defaultFont.name
        // A text-style name brings its own size (docs/protocol/values.md#fonts); `fontsize` still
        // overrides it.
        return TextFont(name: name, size: own ?? name.flatMap(TextStyle.init(name:))?.size ?? defaultFont.size)
    }

    /// The height of a row (or the header) whose cells show `texts` in `columns`, each as wide
    /// as `widths` (matched by index; a missing column is one line of the default font).
    public func height(texts: [String], columns: [Component.Table.Column?], widths: [Double]) -> Double {
        var tallest = 0.0
        for (index, text) in texts.enumerated() {
            let column = index < columns.count ? columns[index] : nil
            let width = index < widths.count ? widths[index] : 0
            tallest = max(tallest, cellHeight(text, column: column, width: width))
        }
        let height = max(LayoutMetrics.rowHeight, tallest + Self.verticalPadding)
        return LayoutRun.rounded(min(height, configuration.coordinateLimit), to: configuration.roundingIncrement)
    }

    /// The height of one cell's text, cut at its `lines`.
    public func cellHeight(_ text: String, column: Component.Table.Column?, width: Double) -> Double {
        let font = font(of: column)
        let measurer = configuration.textMeasurer
        let available = max(0, width - Self.horizontalPadding)
        let measured = measurer.height(of: text.isEmpty ? " " : text, font: font, width: available)
        let lines = column?.lines ?? 1
        guard lines > 0 else { return measured.isFinite ? max(0, measured) : 0 }
        let line = measurer.height(of: "X", font: font, width: 1_000_000)
        let capped = min(measured, line * Double(lines))
        return capped.isFinite ? max(0, capped) : 0
    }
}
