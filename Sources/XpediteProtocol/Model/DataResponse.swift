/// The answer to a data request: a batch of table rows (docs/protocol/tables.md#the-data-answer),
/// the records of an old dynamic menu, or the HTML of an old dynamic web view
/// (docs/protocol/menus.md#old-dialect-menus). It never replaces the screen.
public struct DataResponse: Sendable, Hashable {
    /// The payload of a data response.
    public enum Payload: Sendable, Hashable {
        /// Row records keyed by field name.
        case rows([JSONObject])
        /// HTML for a dynamic web view.
        case html(String)

        var json: JSONValue {
            switch self {
            case .rows(let rows): .array(rows.map(JSONValue.object))
            case .html(let html): .string(html)
            }
        }
    }

    /// `rc`: the return code; `0` is success.
    public var rc: ReturnCode
    /// `data`: the rows (or the HTML of a dynamic web view).
    public var data: Payload
    /// The total number of rows; present only while more rows are available.
    public var max: Int?
    /// A token update, honoured like any other (docs/protocol/packets.md#tokens-and-sessions).
    public var token: String?

    /// Creates a data response.
    public init(rc: ReturnCode = .ok, data: Payload, max: Int? = nil, token: String? = nil) {
        self.rc = rc
        self.data = data
        self.max = max
        self.token = token
    }

    /// Whether more rows exist after `loadedCount` rows: `max` is present and larger
    /// (docs/protocol/tables.md#the-data-answer).
    public func hasMore(afterLoading loadedCount: Int) -> Bool {
        guard let max, case .rows(let rows) = data, !rows.isEmpty else { return false }
        return loadedCount < max
    }

    static let shape = ObjectShape(name: "dataResponse", displayName: "data response", summary: "A batch of rows for a table or menu.", properties: [
        .init("rc", ReturnCode.shape, required: true, "Return code: 0 is success."),
        .init("data", .anyOf([.array(.map(.any)), .string]), required: true,
              "Row records, or the HTML of a dynamic web view."),
        .init("max", .boundedInteger(minimum: 0), "Total rows available; omitted on the final batch."),
        .init("token", .string, "Session token."),
    ])

    init?(reading reader: ObjectReader) {
        guard let rc = ReturnCode(reader[.rc]) else { return nil }
        let data: Payload
        switch reader[.data] {
        case .array(let rows)?: data = .rows(rows.compactMap(\.objectValue))
        case .string(let html)?: data = .html(html)
        default: return nil
        }
        self.init(rc: rc, data: data, max: reader.int(.max), token: reader.string(.token))
    }

    /// The canonical JSON tree.
    public var json: JSONValue {
        var writer = ObjectWriter()
        writer.set(.rc, rc.json)
        writer.set(.data, data.json)
        writer.set(.max, max)
        writer.set(.token, token)
        return writer.json
    }
}
