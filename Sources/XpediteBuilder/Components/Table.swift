import XpediteProtocol

/// `table`: rows fetched page by page from a server function, drawn column by column, with optional
/// pull-to-refresh and row taps (docs/protocol/components/table.md, docs/protocol/tables.md).
///
/// ```swift
/// Table(data: .dynamic("listCustomers"), refresh: "Pull to refresh",
///       clickRow: .call("viewCustomer", selected: "id")) {
///     Column("Name", field: "name", width: .percent(60)).headerFont("headline")
///     Column("Score", field: "score", width: .percent(40), align: .right)
/// }
/// .fixedHeader()
/// .id("customers")
/// ```
public struct Table: Placeable, BackgroundStylable, IDAssignable, Hashable {
    /// What a row tap calls (`clickRow`).
    public struct RowAction: Sendable, Hashable {
        /// The method dict.
        public var method: MethodCall

        /// A call to `function` when a row is tapped.
        ///
        /// - Parameters:
        ///   - function: the server function a tap calls.
        ///   - parameters: static arguments, echoed back under `parameters`.
        ///   - formdata: whether the screen's captured input goes with the call.
        ///   - navigation: the screen-stack hint; only `.root` exists.
        ///   - selected: the row field whose value is sent as `selected`; without it the
        ///     0-based row index is sent as `row`.
        public static func call(_ function: String, parameters: [String: JSONValue]? = nil, formdata: Bool = false,
                                navigation: MethodCall.NavigationHint? = nil, selected: String? = nil) -> RowAction {
            RowAction(method: MethodCall(function: function, parameters: parameters, formdata: formdata,
                                         navigation: navigation?.rawValue, selected: selected))
        }
    }

    var wire: Component.Table
    /// The columns, in order.
    public private(set) var columns: [Column]
    /// `true` when the header scrolls with the rows (`scroll: "on"`), `false` when it stays
    /// fixed above them (`"off"`), `nil` when the key is left out (the phone scrolls it).
    public private(set) var headerScrolls: Bool?
    public var placement = Placement()

    /// A table.
    ///
    /// - Parameters:
    ///   - data: where the rows come from: `.dynamic("function")`.
    ///   - refresh: the pull-to-refresh title; no pull-to-refresh when `nil`.
    ///   - clickRow: what a row tap calls; a tap does nothing when `nil`.
    ///   - columns: the columns; one column showing the first field when empty.
    public init(data: DynamicSource, refresh: String? = nil, clickRow: RowAction? = nil,
                @ColumnBuilder columns: () -> [Column] = { [] }) {
        wire = Component.Table(data: .dynamic(data), clickRow: clickRow?.method, refresh: refresh)
        self.columns = columns()
    }

    public var id: String? {
        get { wire.id }
        set { wire.id = newValue }
    }

    public var background: Colour? {
        get { wire.background }
        set { wire.background = newValue }
    }

    /// Keeps the header fixed above the rows (`scroll: "off"` on every heading), or with `false`
    /// makes it scroll with them (`"on"`). One setting for the whole header, so the headings
    /// always agree (docs/protocol/components/table.md).
    public func fixedHeader(_ fixed: Bool = true) -> Table {
        var copy = self
        copy.headerScrolls = !fixed
        return copy
    }

    /// The protocol value.
    public var component: Component {
        var table = wire
        if !columns.isEmpty {
            table.cell = columns.map(\.cellWire)
            if columns.contains(where: \.hasHeading) {
                let scroll: Component.Table.Column.Scroll? = headerScrolls.map { $0 ? .on : .off }
                table.header = columns.map { column in
                    var heading = column.headerWire
                    heading.scroll = scroll
                    return heading
                }
            }
        }
        table.size = placement.sizeSpec
        return .table(table)
    }

    public func makeComponents() -> [Component] { [component] }
}
