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
        return try await Self.read(in: reader) { [rows, key] db in
            // One statement reads one consistent snapshot, so no transaction is opened around it.
            // The rows are read in place through a cursor and written as records at once, their
            // members in canonical order so the answer is written without sorting them.
            let cursor = try Row.fetchCursor(db, rows)
            var records: [JSONObject] = []
            records.reserveCapacity(limit)
            var columns: [(index: Int, name: String)]?
            var lastKey: JSONValue?
            var hasMore = false
            while let row = try cursor.next() {
                guard records.count < limit else {
                    hasMore = true
                    break
                }
                let ordered = columns ?? Self.canonicalColumns(of: row)
                columns = ordered
                records.append(Self.record(from: row, columns: ordered))
                lastKey = Self.json(row[key] as DatabaseValue)
            }
            return KeysetBatch(records: records, lastKey: lastKey, hasMore: hasMore)
        }
    }

    /// Runs `body` on a reader connection without a transaction, resuming the awaiting task from
    /// that connection's queue: one trip there and back (`DatabaseReader.unsafeRead` goes through
    /// an actor that waits for a free reader first, a hop more each way).
    static func read<T: Sendable>(in reader: any DatabaseReader,
                                  _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            reader.asyncUnsafeRead { database in
                continuation.resume(with: Result { try body(database.get()) })
            }
        }
    }

    /// A row's columns (position and name) in canonical order: by the UTF-8 bytes of their names,
    /// a name that repeats in the order of its positions (the last one then wins, as in a dictionary).
    static func canonicalColumns(of row: Row) -> [(index: Int, name: String)] {
        Array(row.columnNames.enumerated()).map { (index: $0.offset, name: $0.element) }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
                || ($0.name == $1.name && $0.index < $1.index) }
    }

    /// A row as a record keyed by column name.
    static func record(from row: Row) -> JSONObject {
        record(from: row, columns: canonicalColumns(of: row))
    }

    /// A row as a record keyed by column name, its members added in the order of `columns`; in
    /// canonical order, the record is written without sorting its members.
    static func record(from row: Row, columns: [(index: Int, name: String)]) -> JSONObject {
        var record = JSONObject()
        for column in columns { record[column.name] = json(row[column.index] as DatabaseValue) }
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
