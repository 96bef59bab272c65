extension Component {
    /// `table`: rows from a dynamic server function, paged, with optional pull-to-refresh and row
    /// taps (docs/protocol/components/table.md).
    public struct Table: Sendable, Hashable {
        /// Where the rows come from.
        public enum DataSource: Sendable, Hashable {
            /// Paged data requests to a server function (the documented form).
            case dynamic(DynamicSource)
            /// Static rows, no paging (accepted from servers; the SDK does not emit it).
            case rows([JSONObject])

            var json: JSONValue {
                switch self {
                case .dynamic(let source): source.json
                case .rows(let rows): .array(rows.map(JSONValue.object))
                }
            }
        }

        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// `data`: the rows (or the HTML of a dynamic web view).
        public var data: DataSource
        /// How each row is drawn, column by column.
        public var cell: [Column]?
        /// Column headings.
        public var header: [Column]?
        /// What a row tap calls; with `selected`, the row's field value is sent.
        public var clickRow: MethodCall?
        /// The pull-to-refresh title; no pull-to-refresh when absent.
        public var refresh: String?
        /// Old dialect: default font of every column.
        public var font: String?
        /// Old dialect: default font size of every column.
        public var fontsize: Double?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a table.
        public init(id: String? = nil, data: DataSource, cell: [Column]? = nil, header: [Column]? = nil,
                    clickRow: MethodCall? = nil, refresh: String? = nil, font: String? = nil, fontsize: Double? = nil,
                    size: SizeSpec? = nil, background: Colour? = nil) {
            self.id = id
            self.data = data
            self.cell = cell
            self.header = header
            self.clickRow = clickRow
            self.refresh = refresh
            self.font = font
            self.fontsize = fontsize
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("table", "A list of rows from a dynamic source.", [
            .init("data", .anyOf([.object("dynamic"), .array(.map(.any))]), required: true,
                  "{\"dynamic\": function}: rows are fetched in pages."),
            .init("cell", .array(.object("column")), "Columns of each row."),
            .init("header", .array(.object("column")), "Column headings."),
            .init("clickRow", .object("method"), "Called when a row is tapped."),
            .init("refresh", .string, "Pull-to-refresh title."),
            .init("font", .string, "Old dialect: default font of every column."),
            .init("fontsize", .boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: true),
                  "Old dialect: default font size of every column."),
        ])

        init(reading reader: ObjectReader) {
            let data: DataSource = switch reader[.data] {
            case .array(let rows)?: .rows(rows.compactMap(\.objectValue))
            default: reader.object(.data).flatMap(DynamicSource.init(reading:)).map(DataSource.dynamic)
                ?? .rows([])
            }
            self.init(id: reader.string(.id), data: data, cell: Column.read(reader, .cell),
                      header: Column.read(reader, .header), clickRow: reader.method(.clickRow),
                      refresh: reader.string(.refresh), font: reader.string(.font),
                      fontsize: reader.number(.fontsize), size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "table")
            writer.set(.id, id)
            writer.set(.data, data.json)
            writer.set(.cell, cell.map { JSONValue.array($0.map(\.json)) })
            writer.set(.header, header.map { JSONValue.array($0.map(\.json)) })
            writer.set(.clickRow, clickRow)
            writer.set(.refresh, refresh)
            writer.set(.font, font)
            writer.set(.fontsize, fontsize)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}

extension Component.Table {
    /// One column of a table's `cell` or `header` (docs/protocol/components/table.md).
    public struct Column: Sendable, Hashable {
        /// `scroll`: whether the header scrolls with the rows.
        public enum Scroll: String, Sendable, Hashable, CaseIterable {
            /// The header row scrolls away with the rows: the default.
            case on
            /// The header row stays fixed above the rows.
            case off
        }

        /// Cells only: the row field shown.
        public var field: String?
        /// Headers only: the heading text.
        public var text: String?
        /// Width as a percentage of the table; columns without it share the rest equally.
        public var widthPercent: Double?
        /// The text alignment, `align`.
        public var align: Alignment?
        /// A text-style name (`headline`, `body`, …) or a font name.
        public var font: String?
        /// The `fontsize` in points; `setDefaults` when absent.
        public var fontsize: Double?
        /// The text `color`; `setDefaults`, then the system label colour, when absent.
        public var color: Colour?
        /// Maximum lines; 0 is unlimited, 1 when absent.
        public var lines: Int?
        /// Headers only.
        public var scroll: Scroll?

        /// Creates a column.
        public init(field: String? = nil, text: String? = nil, widthPercent: Double? = nil, align: Alignment? = nil,
                    font: String? = nil, fontsize: Double? = nil, color: Colour? = nil, lines: Int? = nil,
                    scroll: Scroll? = nil) {
            self.field = field
            self.text = text
            self.widthPercent = widthPercent
            self.align = align
            self.font = font
            self.fontsize = fontsize
            self.color = color
            self.lines = lines
            self.scroll = scroll
        }

        static let shape = ObjectShape(name: "column", displayName: "table column", expectation: "a table column object", summary: "A table column (cell or header).", properties: [
            .init("field", .string, "Cell only: the row field shown."),
            .init("text", .string, "Header only: the heading."),
            .init("width%", .boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: false),
                  "Width as a percentage of the table width."),
            .init("align", .oneOf(["left", "centre", "center", "right"]), "Text alignment."),
            .init("font", .string, "Text-style name or font name."),
            .init("fontsize", .boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: true), "Point size override."),
            .init("color", .colour, "Text colour."),
            .init("lines", .boundedInteger(minimum: 0), "Maximum lines; 0 is unlimited."),
            .init("scroll", .oneOf(Scroll.allCases.map(\.rawValue)), "Header only: on scrolls with the rows, off stays fixed."),
        ])

        init(reading reader: ObjectReader) {
            self.init(field: reader.string(.field), text: reader.string(.text), widthPercent: reader.number(.widthPercent),
                      align: reader.enum(.align), font: reader.string(.font), fontsize: reader.number(.fontsize),
                      color: reader.colour(.color), lines: reader.int(.lines), scroll: reader.enum(.scroll))
        }

        static func read(_ reader: ObjectReader, _ key: WireKey) -> [Column]? {
            guard let elements = reader[key]?.arrayValue else { return nil }
            let base = reader.path.appending(key.name)
            return elements.enumerated().compactMap { index, element in
                element.objectValue.map {
                    Column(reading: ObjectReader($0, at: base.appending(index), context: reader.context))
                }
            }
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter()
            writer.set(.field, field)
            writer.set(.text, text)
            writer.set(.widthPercent, widthPercent)
            writer.set(.align, align)
            writer.set(.font, font)
            writer.set(.fontsize, fontsize)
            writer.set(.color, color)
            writer.set(.lines, lines)
            writer.set(.scroll, scroll)
            return writer.json
        }
    }
}
