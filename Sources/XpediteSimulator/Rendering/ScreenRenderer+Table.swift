import XpediteClient
import XpediteLayout
import XpediteProtocol

extension ScreenRenderer {
    /// A table (docs/protocol/components/table.md): a header (scrolling with the rows or fixed
    /// above them), then the rows loaded so far in a scrolling body that asks for the next batch
    /// near its end (infinite scroll) and, with a `refresh` title, a pull-to-refresh row.
    func table(_ table: Component.Table, _ node: LayoutNode, _ state: ScreenState, _ w: inout HTMLWriter) {
        let path = node.indexPathText
        let loaded = state.tables[node.indexPath]
        let rows: [JSONObject] = switch table.data {
        case .rows(let rows): loaded?.rows ?? rows
        case .dynamic: loaded?.rows ?? []
        }
        let columns = table.cell ?? []
        let columnParts = node.parts.filter { $0.kind == .column }
        // Heights from the protocol's rules in XpediteLayout, at the layout's column widths.
        let rowLayout = TableRowLayout(table: table, defaults: state.defaults, configuration: layout)
        let widths = columnParts.map(\.frame.width)
        let headerHeight: Double = table.header.map { header in
            rowLayout.height(texts: header.map { $0.text ?? "" }, columns: header, widths: widths)
        } ?? 0
        // `scroll` (docs/protocol/components/table.md): "on" (the default; the first entry wins
        // when they disagree) puts the header at the top of the scrolling body, "off" keeps it
        // fixed above a shorter body.
        let headerScrolls = (table.header?.first?.scroll ?? .on) == .on
        w.element("div", box(node, background: table.background) { style in
            style.fontSize(table.fontsize)
            style.font(table.font)
        }) { w in
            if let header = table.header, !headerScrolls {
                var style = CSSStyle()
                style.frame(LayoutRect(x: 0, y: 0, width: node.frame.width, height: headerHeight))
                tableHeader(header, table: table, columnParts: columnParts, height: headerHeight, style: style, scrolls: false, &w)
            }
            let fixedHeight = headerScrolls ? 0 : headerHeight
            var bodyStyle = CSSStyle()
            bodyStyle.frame(LayoutRect(x: 0, y: fixedHeight, width: node.frame.width,
                                       height: max(0, node.frame.height - fixedHeight)))
            // The engine asks for the first batch itself; the browser asks for more only once
            // rows are in and no batch is in flight.
            let isDynamic = if case .dynamic = table.data { true } else { false }
            let hasMore = isDynamic && loaded?.hasMore == true && !rows.isEmpty && loaded?.isLoading != true
            w.element("div", [.init("class", "x-tbody"), .init("style", bodyStyle.text), .init("data-scroll", path),
                              .init("data-table", path), .init("data-more", hasMore ? "1" : nil),
                              .init("data-refresh", table.refresh == nil ? nil : "1")]) { w in
                if let refresh = table.refresh {
                    w.element("button", [.init("type", "button"), .init("class", "x-refresh"), .init("data-action", "refresh"),
                                         .init("data-path", path)], text: "↻ \(refresh)")
                }
                if let header = table.header, headerScrolls {
                    var style = CSSStyle()
                    style.height(headerHeight)
                    tableHeader(header, table: table, columnParts: columnParts, height: headerHeight, style: style, scrolls: true, &w)
                }
                for (index, row) in rows.enumerated() {
                    let texts = columns.isEmpty
                        ? [ScreenState.cellTexts(row, table: table).first ?? ""]
                        : columns.map { column in column.field.flatMap { row[$0] }.map(ScreenState.cellText) ?? column.text ?? "" }
                    let rowHeight = rowLayout.height(texts: texts, columns: columns.isEmpty ? [nil] : columns, widths: widths)
                    var rowStyle = CSSStyle()
                    rowStyle.height(rowHeight)
                    w.element("div", [.init("class", "x-row"), .init("style", rowStyle.text),
                                      .init("data-action", table.clickRow == nil ? nil : "row"), .init("data-path", path),
                                      .init("data-row", String(index))]) { w in
                        if columns.isEmpty {
                            cell(text: texts[0], column: nil, part: nil, height: rowHeight, tableFontSize: table.fontsize, &w)
                        }
                        for (index, column) in columns.enumerated() {
                            cell(text: texts[index], column: column, part: Self.part(columnParts, index), height: rowHeight,
                                 tableFontSize: table.fontsize, &w)
                        }
                    }
                }
                if loaded?.isLoading == true || hasMore {
                    w.element("div", [.init("class", "x-more")], text: loaded?.isLoading == true ? "Loading…" : "")
                }
            }
        }
    }

    /// The header row: fixed above the body, or the body's first (scrolling) row.
    private func tableHeader(_ header: [Component.Table.Column], table: Component.Table, columnParts: [LayoutPart], height: Double,
                             style: CSSStyle, scrolls: Bool, _ w: inout HTMLWriter) {
        w.element("div", [.init("class", scrolls ? "x-thead x-thead-scroll" : "x-thead"), .init("style", style.text)]) { w in
            for (index, column) in header.enumerated() {
                cell(text: column.text ?? "", column: column, part: Self.part(columnParts, index), height: height,
                     tableFontSize: table.fontsize, &w)
            }
        }
    }

    static func part(_ parts: [LayoutPart], _ index: Int) -> LayoutPart? {
        parts.first { $0.index == index } ?? (parts.indices.contains(index) ? parts[index] : nil)
    }

    /// One cell; its font size is the column's, then the table's (as `TableRowLayout` measures it).
    /// The cell (a flex box) centres its text vertically; the text itself is a block inside it,
    /// because `text-align` and `text-overflow` work on a block and not on a flex box: `align`
    /// places it, and a single line that does not fit ends in an ellipsis
    /// (docs/protocol/components/table.md).
    private func cell(text: String, column: Component.Table.Column?, part: LayoutPart?, height: Double,
                      tableFontSize: Double?, _ w: inout HTMLWriter) {
        var style = CSSStyle()
        if let part {
            style.frame(LayoutRect(x: part.frame.x, y: 0, width: part.frame.width, height: height))
        } else {
            style.fixed("left:0;top:0;right:0;height:\(CSSStyle.number(height))px")
        }
        style.align(column?.align)
        style.color(column?.color)
        style.fontSize(column?.fontsize ?? tableFontSize)
        style.font(column?.font)
        var textStyle = CSSStyle()
        textStyle.lines(column?.lines)
        w.element("div", [.init("class", (column?.lines ?? 1) != 1 ? "x-cell x-multiline" : "x-cell"), .init("style", style.text)]) { w in
            w.element("span", [.init("class", "x-cell-text"), .init("style", textStyle.text)], text: text)
        }
    }
}
