import Foundation
import GRDB

/// Keyset ("seek") paging of a GRDB request for a table handler: page after page is one indexed
/// query, however deep the user scrolls, instead of an `OFFSET` that reads and skips every
/// earlier row.
///
/// The phone only sends `offset`/`limit` (PROTOCOL.md §3.7.2), so the pager remembers, in the
/// session, the key of the last row it sent and the offset that follows it. When the next request
/// asks for exactly that offset it seeks (`WHERE key > last ORDER BY key LIMIT n`); a first page
/// or pull-to-refresh (`offset` 0) starts over, and any other offset falls back to `OFFSET`.
///
/// ```swift
/// app.on("listCustomers") { call in
///     try await KeysetPaging(Table("customer").select(Column("id"), Column("name")), key: "id")
///         .page(for: call, in: database)
/// }
/// ```
///
/// `key` must be a unique, non-null column (an integer primary key is ideal); rows are sorted by
/// it ascending, replacing any ordering of `request`. Rows become records keyed by column name
/// (integers and reals as numbers, text as strings, blobs as base64, NULL as null).
public struct KeysetPaging<RowDecoder>: Sendable {
    /// The rows to page through (filters and selection applied, ordering replaced).
    public var request: QueryInterfaceRequest<RowDecoder>
    /// The unique, non-null column the rows are ordered by.
    public var key: String
    /// The name of the session value holding the cursor; by default one per method and parameters.
    public var cursorName: String?

    /// Creates a pager.
    public init(_ request: QueryInterfaceRequest<RowDecoder>, key: String, cursorName: String? = nil) {
        self.request = request
        self.key = key
        self.cursorName = cursorName
    }

    /// Where the previous batch ended.
    struct Cursor: Codable, Sendable, Hashable {
        var nextOffset: Int
        var lastKey: JSONValue
    }

    /// The batch `call.page` asks for; the cursor is kept in `call.session`.
    public func page(for call: XpediteCall, in reader: any DatabaseReader) async throws -> TablePage {
        let page = call.page
        let cursorKey = SessionKey<Cursor>(cursorName ?? Self.cursorName(for: call))
        let cursor = page.offset == 0 ? nil : try call.session.value(for: cursorKey)
        let column = Column(key)
        var rows = request.asRequest(of: Row.self).order(column)
        if let cursor, cursor.nextOffset == page.offset, let last = Self.databaseValue(cursor.lastKey) {
            rows = rows.filter(column > last).limit(page.limit + 1)
        } else {
            rows = rows.limit(page.limit + 1, offset: page.offset)
        }
        let (records, lastKey, hasMore) = try await reader.read { [rows, key] db in
            let fetched = try Row.fetchAll(db, rows)
            let batch = fetched.prefix(page.limit)
            return (batch.map(Self.record(from:)), batch.last.map { Self.json($0[key] as DatabaseValue) },
                    fetched.count > page.limit)
        }
        if let lastKey {
            try call.session.set(Cursor(nextOffset: page.offset + records.count, lastKey: lastKey), for: cursorKey)
        }
        return TablePage(rows: records, hasMore: hasMore, page: page)
    }

    static func cursorName(for call: XpediteCall) -> String {
        let parameters = call.parameters
        let suffix = parameters.isEmpty ? "" : CanonicalJSON.string(.object(JSONObject(parameters)))
        return "xpedite.keyset.\(call.method)\(suffix)"
    }

    /// A row as a record keyed by column name.
    static func record(from row: Row) -> JSONObject {
        var record = JSONObject()
        for (column, value) in row { record[column] = json(value) }
        return record
    }

    static func json(_ value: DatabaseValue) -> JSONValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .number(Double(integer))
        case .double(let number): .number(number)
        case .string(let text): .string(text)
        case .blob(let data): .string(data.base64EncodedString())
        }
    }

    static func databaseValue(_ value: JSONValue) -> DatabaseValue? {
        switch value {
        case .number(let number):
            if let integer = value.intValue { return Int64(integer).databaseValue }
            return number.databaseValue
        case .string(let text): return text.databaseValue
        default: return nil
        }
    }
}
