import Foundation
import GRDB
import XpediteServer

/// The rows of a GRDB request, for ``XpediteServer/KeysetPaging``: ordered by `key` (a unique,
/// non-null column, ideally an integer primary key), replacing any ordering of the request. A
/// batch after a key is `WHERE key > last ORDER BY key LIMIT n`, one indexed query; a batch at an
/// offset uses `OFFSET`. Rows become records keyed by column name (integers and reals as
/// numbers, text as strings, blobs as base64, NULL as null).
public struct SQLiteKeysetSource<RowDecoder>: KeysetRowSource {
    /// The rows to page through (filters and selection applied, ordering replaced).
    public var request: QueryInterfaceRequest<RowDecoder>
    /// The unique, non-null column the rows are ordered by; it must be selected.
    public var key: String
    /// The database to read.
    public var reader: any DatabaseReader

    /// Creates a source.
    public init(_ request: QueryInterfaceRequest<RowDecoder>, key: String, in reader: any DatabaseReader) {
        self.request = request
        self.key = key
        self.reader = reader
    }

    public func rows(from position: KeysetPosition, limit: Int) async throws -> KeysetBatch {
        let column = Column(key)
        var rows = request.asRequest(of: Row.self).order(column)
        switch position {
        case .after(let last):
            guard let last = Self.databaseValue(last) else {
                throw SQLiteKeysetSourceError(description: "keyset paging: the key \(last) is not a number or a string")
            }
            rows = rows.filter(column > last).limit(limit + 1)
        case .offset(let offset):
            rows = rows.limit(limit + 1, offset: offset)
        }
        return try await reader.read { [rows, key] db in
            let fetched = try Row.fetchAll(db, rows)
            let batch = fetched.prefix(limit)
            return KeysetBatch(records: batch.map(Self.record(from:)),
                               lastKey: batch.last.map { Self.json($0[key] as DatabaseValue) },
                               hasMore: fetched.count > limit)
        }
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

extension KeysetPaging {
    /// A pager over the rows of a GRDB request, ordered by `key` (see ``SQLiteKeysetSource``).
    public init<RowDecoder>(_ request: QueryInterfaceRequest<RowDecoder>, key: String, in reader: any DatabaseReader,
                            cursorName: String? = nil) {
        self.init(SQLiteKeysetSource(request, key: key, in: reader), cursorName: cursorName)
    }
}

/// A cursor key that SQLite cannot compare.
public struct SQLiteKeysetSourceError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
