import XpediteProtocol

/// The column widths of a table (docs/protocol/components/table.md): columns with `width%` take
/// their share of the table width first, the others share what is left equally; when the `width%`
/// values add up to more than 100 they are all scaled down proportionally, leaving nothing for the
/// others.
///
/// `cell` and `header` columns are matched by index; there are as many columns as the longer
/// of the two has (one when neither is given: the first field). A column's `width%` is the
/// cell column's, else the header column's. Negative (or infinite) percentages count as 0.
enum TableColumns {
    /// The column parts of `table`, each the full table height, relative to the table's frame.
    static func parts(of table: Component.Table, width: Double, height: Double, at indexPath: [Int],
                      run: inout LayoutRun) -> [LayoutPart] {
        let cells = table.cell ?? []
        let headers = table.header ?? []
        let count = max(1, cells.count, headers.count)
        let given: [Double?] = (0..<count).map { index in
            (index < cells.count ? cells[index].widthPercent : nil)
                ?? (index < headers.count ? headers[index].widthPercent : nil)
        }
        let shares = percentages(given)
        if shares.scaled {
            let total = given.reduce(0) { $0 + max(0, $1 ?? 0) }
            run.warn(.columnsScaled, at: indexPath,
                     "the columns' width% values add up to \(LayoutRun.format(run.rounded(total))); scaled down to 100")
        }
        var parts: [LayoutPart] = []
        parts.reserveCapacity(count)
        var start = 0.0
        for (index, share) in shares.percentages.enumerated() {
            let left = run.rounded(start * width / 100)
            let right = run.rounded((start + share) * width / 100)
            parts.append(LayoutPart(kind: .column, index: index,
                                    frame: LayoutRect(x: left, y: 0, width: run.rounded(right - left), height: height)))
            start += share
        }
        return parts
    }

    /// Each column's share of the table width, in per cent, from the `width%` given per column.
    static func percentages(_ given: [Double?]) -> (percentages: [Double], scaled: Bool) {
        let fixed = given.map { $0.map { $0.isFinite ? max(0, $0) : 0 } }
        let total = fixed.reduce(0) { $0 + ($1 ?? 0) }
        if total > 100 {
            return (fixed.map { ($0 ?? 0) * 100 / total }, true)
        }
        let free = fixed.filter { $0 == nil }.count
        let rest = free > 0 ? (100 - total) / Double(free) : 0
        return (fixed.map { $0 ?? rest }, false)
    }
}
