import Foundation
import GRDB
import Synchronization
import XpediteServer

/// The rows of a GRDB request, for ``XpediteServer/KeysetPaging``: ordered by `key` (a unique,
/// non-null column, ideally an integer primary key), replacing any ordering of the request. A
/// batch after a key is `WHERE key > last ORDER BY key LIMIT n`, one indexed query; a batch at a
/// deep offset jumps by the source's ``jumpIndex`` (`WHERE key >= sample ORDER BY key LIMIT n
/// OFFSET rest`, the rest below the index's stride; decision 0480), a small one uses `OFFSET`. Rows become records keyed by column name (integers and reals as
/// numbers, text as strings, blobs as base64, NULL as null).
///
/// The request is turned into SQL once per source, on its first read, and paged as a subquery
/// (`SELECT * FROM (request) WHERE key > ? ORDER BY key LIMIT ?`, which SQLite flattens into one
/// indexed query): every later batch only binds its arguments to a statement each connection
/// keeps prepared. A limit of the request therefore bounds the rows paged. Keep a source and
/// use it for many requests (a source made per request turns its request into SQL each time).
public struct SQLiteKeysetSource<RowDecoder>: KeysetRowSource {
    /// The rows to page through (filters and selection applied, ordering replaced).
    public var request: QueryInterfaceRequest<RowDecoder> {
        didSet { sqlChanged() }
    }
    /// The unique, non-null column the rows are ordered by; it must be selected.
    public var key: String {
        didSet { sqlChanged() }
    }
    /// The sampled keys a batch at a deep offset jumps by (a new, empty one when the SQL changes).
    public var jumpIndex = KeysetJumpIndex()
    /// The database to read.
    public var reader: any DatabaseReader
    /// The SQL of the batches, made on the first read.
    private var statements = Statements()

    /// The SQL changed: a new index, with the old one's settings, is built for it.
    private mutating func sqlChanged() {
        statements = Statements()
        jumpIndex = KeysetJumpIndex(stride: jumpIndex.stride, maximumAge: jumpIndex.maximumAge,
                                    rebuildFactor: jumpIndex.rebuildFactor)
    }

    /// Creates a source.
    public init(_ request: QueryInterfaceRequest<RowDecoder>, key: String, in reader: any DatabaseReader) {
        self.request = request
        self.key = key
        self.reader = reader
    }

    public func rows(from position: KeysetPosition, limit: Int) async throws -> KeysetBatch {
        let extra: StatementArguments
        let kind: Statements.Kind
        switch position {
        case .after(let last):
            extra = try [Self.keyValue(last), limit + 1]
            kind = .after
        case .offset(let offset):
            let landing = try await jumpIndex.landing(for: offset) { [request, key, reader, statements] stride in
                try await Self.read(in: reader) { db in
                    try statements.sql(of: request, key: key, in: db).sampledKeys(every: stride, in: db)
                }
            }
            switch landing {
            case .offset(let offset):
                extra = [limit + 1, offset]
                kind = .offset
            case .key(let sample, skip: let skip):
                extra = try [Self.keyValue(sample), limit + 1, skip]
                kind = .from
            }
        }
        return try await Self.read(in: reader) { [request, key, statements] db in
            let sql = try statements.sql(of: request, key: key, in: db)
            // One statement reads one consistent snapshot, so no transaction is opened around it.
            // The rows are read in place through a cursor and written as records at once, their
            // members in canonical order so the answer is written without sorting them.
            let statement = try db.cachedStatement(sql: sql.text(of: kind))
            let cursor = try Row.fetchCursor(statement, arguments: sql.arguments + extra)
            var records: [JSONObject] = []
            records.reserveCapacity(limit)
            var lastKey: JSONValue?
            var hasMore = false
            while let row = try cursor.next() {
                guard records.count < limit else {
                    hasMore = true
                    break
                }
                records.append(JSONObject(keys: sql.keys) { Self.json(row[$0] as DatabaseValue) })
                lastKey = Self.json(row[sql.keyIndex] as DatabaseValue)
            }
            return KeysetBatch(records: records, lastKey: lastKey, hasMore: hasMore)
        }
    }

    /// The SQL of a source's batches, made once from its request on the first read and kept.
    final class Statements: Sendable {
        /// The two statements, the request's own arguments, and the rows' shape.
        struct SQL: Sendable {
            /// `… WHERE key > ? ORDER BY key LIMIT ?`: the request's arguments, the last key, the limit.
            var after: String
            /// `… ORDER BY key LIMIT ? OFFSET ?`: the request's arguments, the limit, the offset.
            var offset: String
            /// `… WHERE key >= ? ORDER BY key LIMIT ? OFFSET ?`: the request's arguments, a sampled
            /// key, the limit, the rows to skip.
            var from: String
            /// `SELECT key FROM (…) ORDER BY key`: every key, in order (the request's arguments).
            var keysInOrder: String
            var arguments: StatementArguments
            /// The records' keys: the rows' column names, interned and in canonical order.
            var keys: JSONObject.Keys
            /// The position of the key column (the leftmost of that name, as GRDB finds it).
            var keyIndex: Int

            /// The text of the batches of `kind`.
            func text(of kind: Kind) -> String {
                switch kind {
                case .after: after
                case .offset: offset
                case .from: from
                }
            }

            /// The keys of rows 0, `stride`, 2 × `stride`, … in key order, read by one statement.
            func sampledKeys(every stride: Int, in db: Database) throws -> [JSONValue] {
                let cursor = try DatabaseValue.fetchCursor(db.cachedStatement(sql: keysInOrder), arguments: arguments)
                var samples: [JSONValue] = []
                var row = 0
                while let key = try cursor.next() {
                    if row % stride == 0 { samples.append(SQLiteKeysetSource.json(key)) }
                    row += 1
                }
                return samples
            }
        }

        /// Which statement a batch runs.
        enum Kind: Sendable {
            /// After a key.
            case after
            /// At an offset.
            case offset
            /// From a sampled key, skipping fewer rows than the index's stride.
            case from
        }

        private let made = Mutex<SQL?>(nil)

        /// The SQL, made on the first call (two reads at once may both make it; one is kept).
        func sql(of request: QueryInterfaceRequest<RowDecoder>, key: String, in db: Database) throws -> SQL {
            if let sql = made.withLock({ $0 }) { return sql }
            let inner = try request.unordered().makePreparedRequest(db).statement
            let quoted = key.quotedDatabaseIdentifier
            let page = "SELECT * FROM (\(inner.sql)) WHERE \(quoted) > ? ORDER BY \(quoted) LIMIT ?"
            let statement = try db.cachedStatement(sql: page)
            guard let keyIndex = statement.index(ofColumn: key) else {
                throw KeysetSourceError(description: "keyset paging: the key column \(key) is not selected")
            }
            let sql = SQL(after: page, offset: "SELECT * FROM (\(inner.sql)) ORDER BY \(quoted) LIMIT ? OFFSET ?",
                          from: "SELECT * FROM (\(inner.sql)) WHERE \(quoted) >= ? ORDER BY \(quoted) LIMIT ? OFFSET ?",
                          keysInOrder: "SELECT \(quoted) FROM (\(inner.sql)) ORDER BY \(quoted)",
                          arguments: inner.arguments, keys: JSONObject.Keys(statement.columnNames), keyIndex: keyIndex)
            made.withLock { $0 = sql }
            return sql
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

    static func json(_ value: DatabaseValue) -> JSONValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .number(Double(integer))
        case .double(let number): .number(number)
        case .string(let text): .string(text)
        case .blob(let data): .string(data.base64EncodedString())
        }
    }

    /// A key as a database value, or the error of a key that is neither a number nor a string.
    static func keyValue(_ key: JSONValue) throws -> DatabaseValue {
        guard let value = databaseValue(key) else {
            throw KeysetSourceError(description: "keyset paging: the key \(key) is not a number or a string")
        }
        return value
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

extension SQLiteKeysetSource where RowDecoder == Row {
    /// `columns` of `table` (the key added when it is not among them), the rows `condition`
    /// keeps, ordered by `key`: the shape `PostgresKeysetSource` (XpediteServerPostgres) is made
    /// in too (decision 0376). The condition is SQL with its arguments (`"city = \(city)"`), never
    /// text pasted into SQL; the table and column names are quoted as identifiers.
    ///
    /// ```swift
    /// let customers = SQLiteKeysetSource(pool, table: "customer", columns: ["id", "name"], key: "id",
    ///                                    where: "city = \(city)")
    /// ```
    public init(_ reader: any DatabaseReader, table: String, columns: [String], key: String, where condition: SQL? = nil) {
        let selection: [any SQLSelectable] = (columns.contains(key) ? columns : columns + [key]).map { Column($0) }
        var request = Table<Row>(table).select(selection)
        if let condition { request = request.filter(literal: condition) }
        self.init(request, key: key, in: reader)
    }
}

extension KeysetPaging {
    /// A pager over the rows of a GRDB request, ordered by `key` (see ``SQLiteKeysetSource``).
    public init<RowDecoder>(_ request: QueryInterfaceRequest<RowDecoder>, key: String, in reader: any DatabaseReader,
                            cursorName: String? = nil) {
        self.init(SQLiteKeysetSource(request, key: key, in: reader), cursorName: cursorName)
    }
}

/// The error of a keyset source, now XpediteServer's `KeysetSourceError` (decision 0376).
@available(*, deprecated, renamed: "KeysetSourceError")
public typealias SQLiteKeysetSourceError = KeysetSourceError
