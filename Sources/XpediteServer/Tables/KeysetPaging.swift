import Foundation

/// Keyset ("seek") paging for a table handler: page after page is one indexed query, however
/// deep the user scrolls, instead of an `OFFSET` that reads and skips every earlier row.
///
/// The phone only sends `offset`/`limit` (docs/protocol/tables.md#the-data-request), so the pager
/// remembers, in the session, the key of the last row it sent and the offset that follows it. When
/// the next request asks for exactly that offset it asks its ``source`` for the rows after that
/// key; a first page or pull-to-refresh (`offset` 0) starts over, and any other offset reads from
/// the offset.
///
/// The rows come from a ``KeysetRowSource``, which only ever sees a position and a limit — never
/// the request or the session: `SQLiteKeysetSource` (XpediteServerSQLite) and `PostgresKeysetSource`
/// (XpediteServerPostgres) implement it, both made in one shape (decision 0376): a database, a
/// table, its columns, the key and an optional condition. Both throw ``KeysetSourceError``.
///
/// ```swift
/// import XpediteServerSQLite
///
/// let customers = SQLiteKeysetSource(pool, table: "customer", columns: ["id", "name"], key: "id")
/// app.on("listCustomers") { call in
///     try await KeysetPaging(customers).page(for: call)
/// }
/// ```
public struct KeysetPaging: Sendable {
    /// Where the rows come from.
    public var source: any KeysetRowSource
    /// The name of the session value holding the cursor; by default one per method and parameters.
    public var cursorName: String?

    /// Creates a pager over `source`.
    public init(_ source: any KeysetRowSource, cursorName: String? = nil) {
        self.source = source
        self.cursorName = cursorName
    }

    /// Where the previous batch ended.
    struct Cursor: Codable, Sendable, Hashable {
        var nextOffset: Int
        var lastKey: JSONValue
    }

    /// The batch `call.page` asks for; the cursor is kept in `call.session`.
    public func page(for call: XpediteCall) async throws -> TablePage {
        let page = call.page
        let cursorKey = SessionKey<Cursor>(cursorName ?? Self.cursorName(for: call))
        let cursor = page.offset == 0 ? nil : try call.session.value(for: cursorKey)
        let position: KeysetPosition
        if let cursor, cursor.nextOffset == page.offset, cursor.lastKey.isKey {
            position = .after(cursor.lastKey)
        } else {
            position = .offset(page.offset)
        }
        let batch = try await source.rows(from: position, limit: page.limit)
        if let lastKey = batch.lastKey {
            try call.session.set(Cursor(nextOffset: page.offset + batch.records.count, lastKey: lastKey), for: cursorKey)
        }
        return TablePage(rows: batch.records, hasMore: batch.hasMore, page: page)
    }

    static func cursorName(for call: XpediteCall) -> String {
        let parameters = call.parameters
        let suffix = parameters.isEmpty ? "" : CanonicalJSON.string(.object(JSONObject(parameters)))
        return "xpedite.keyset.\(call.method)\(suffix)"
    }
}

/// Where a batch of ``KeysetPaging`` starts.
public enum KeysetPosition: Sendable, Hashable {
    /// After the row whose key is this value (a number or a string), in key order.
    case after(JSONValue)
    /// At this row number of the whole ordered set (0 is the first row).
    case offset(Int)
}

/// A batch of rows read by a ``KeysetRowSource``.
public struct KeysetBatch: Sendable, Hashable {
    /// The rows, in key order, keyed by column name.
    public var records: [JSONObject]
    /// The key of the last row, or `nil` when there are no rows.
    public var lastKey: JSONValue?
    /// Whether rows follow this batch.
    public var hasMore: Bool

    /// Creates a batch.
    public init(records: [JSONObject], lastKey: JSONValue?, hasMore: Bool) {
        self.records = records
        self.lastKey = lastKey
        self.hasMore = hasMore
    }
}

/// Rows ordered by a unique, non-null key, read a batch at a time: the store side of
/// ``KeysetPaging``. It never sees the request or the session; the cursor stays with the pager.
public protocol KeysetRowSource: Sendable {
    /// At most `limit` rows from `position` in key order, the last one's key, and whether more
    /// rows follow (read, for instance, by asking for `limit + 1`).
    func rows(from position: KeysetPosition, limit: Int) async throws -> KeysetBatch
}

extension JSONValue {
    /// Whether the value can be a key of keyset paging: a number or a string.
    fileprivate var isKey: Bool {
        switch self {
        case .number, .string: true
        default: false
        }
    }
}
