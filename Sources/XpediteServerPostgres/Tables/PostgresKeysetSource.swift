import Foundation
import Logging
import PostgresNIO
import XpeditePostgresSupport
import XpediteServer

/// The rows of a PostgreSQL table, for `KeysetPaging` (XpediteServer), made in the shape of
/// `SQLiteKeysetSource`'s table initializer (decision 0376): `columns` of `table`,
/// filtered by an optional `condition`, ordered by `key` (a unique, non-null column, ideally an
/// indexed integer primary key). A batch after a key is `WHERE key > $last ORDER BY key LIMIT n`,
/// one indexed query; a batch at a deep offset jumps by the source's ``jumpIndex`` (`WHERE key >=
/// $sample ORDER BY key LIMIT n OFFSET $rest`, the rest below the index's stride; decision 0480), a
/// small one uses `OFFSET $n`. A skip below the stride is taken from a window of `stride + n` rows
/// (`SELECT * FROM (… LIMIT stride + n) AS batch ORDER BY key LIMIT n OFFSET $rest`), so that
/// PostgreSQL plans the statement once per connection instead of at every execution (decision 0596). The identifiers are quoted once per source, and every batch runs as
/// a statement each pooled connection prepares once (``PostgresStoreDatabase`` names each distinct
/// text, which varies only with the limit): keep a source and use it for every request.
///
/// Rows become records keyed by column name, as `row_to_json` writes them: numbers as numbers,
/// text as strings, `NULL` as null, `bytea` as PostgreSQL's hex text. Integers, floating-point
/// numbers, booleans, text and UUIDs are read from their binary values directly; a page with a
/// column of any other type is asked again through `row_to_json`, which writes every type. The
/// condition is a `PostgresQuery` with its own bindings (`"city = \(city)"`), never text pasted into
/// SQL; table and column names are quoted as identifiers.
///
/// Concurrent requests for the same batch (the phones that open the list at once all ask for its
/// first page) share one query through a `ReadCoalescer` (XpediteServer): a batch asked while the
/// same batch is being read waits for the next query, which starts after it, so it sees every
/// change committed before it was asked (decision 293). Different batches asked while two
/// statements run are read together by the next one, each a `LATERAL` subquery of its own
/// (decision 0597).
///
/// ```swift
/// try await KeysetPaging(PostgresKeysetSource(database, table: "customer",
///                                             columns: ["id", "name"], key: "id")).page(for: call)
/// ```
public struct PostgresKeysetSource: KeysetRowSource {
    /// The database to read.
    public var database: PostgresStoreDatabase { didSet { sqlChanged() } }
    /// The table (or view), optionally with its schema (`schema.table`).
    public var table: String { didSet { sqlChanged() } }
    /// The columns of each record; the key is added when it is not among them.
    public var columns: [String] { didSet { sqlChanged() } }
    /// The unique, non-null column the rows are ordered by.
    public var key: String { didSet { sqlChanged() } }
    /// Which rows, as a SQL condition with its bindings; `nil` for every row.
    public var condition: PostgresQuery? { didSet { sqlChanged() } }
    /// The parts of the batches' SQL, quoted once.
    var sql: SQL
    /// The batches being read, shared by the requests that ask for one of them at once.
    private var reads = ReadCoalescer<Batch, KeysetBatch>()
    /// The sampled keys a batch at a deep offset jumps by (a new, empty one when the SQL changes).
    public var jumpIndex = KeysetJumpIndex()
    /// The reads after a key or from a sampled key, answered a batch at a time (decision 0597).
    private var pages = Self.makePageBatcher()

    /// Which batch a read asks for: with the source's SQL, what makes two reads the same.
    private struct Batch: Hashable, Sendable {
        var position: KeysetPosition
        var limit: Int
    }

    /// The SQL changed: its parts are quoted anew, and reads of the old text are not shared.
    private mutating func sqlChanged() {
        sql = SQL(self)
        reads = ReadCoalescer()
        pages = Self.makePageBatcher()
        jumpIndex = KeysetJumpIndex(stride: jumpIndex.stride, maximumAge: jumpIndex.maximumAge,
                                    rebuildFactor: jumpIndex.rebuildFactor)
    }

    /// Creates a source.
    public init(_ database: PostgresStoreDatabase, table: String, columns: [String], key: String,
                where condition: PostgresQuery? = nil) {
        self.database = database
        self.table = table
        self.columns = columns
        self.key = key
        self.condition = condition
        self.sql = SQL(table: table, columns: columns, key: key, condition: condition)
    }

    /// The parts of a source's SQL: identifiers quoted and the condition placed once per source.
    struct SQL: Sendable {
        /// `SELECT columns FROM table`.
        var select: String
        /// The quoted key.
        var key: String
        /// The quoted table.
        var table: String
        /// `(condition)`, when there is one.
        var condition: String?

        init(table: String, columns: [String], key: String, condition: PostgresQuery?) {
            let selection = (columns.contains(key) ? columns : columns + [key]).map(PostgresKeysetSource.quoted)
            select = "SELECT \(selection.joined(separator: ", ")) FROM \(PostgresKeysetSource.quoted(table))"
            self.key = PostgresKeysetSource.quoted(key)
            self.table = PostgresKeysetSource.quoted(table)
            self.condition = condition.map { "(\($0.sql))" }
        }

        init(_ source: PostgresKeysetSource) {
            self.init(table: source.table, columns: source.columns, key: source.key, condition: source.condition)
        }
    }

    public func rows(from position: KeysetPosition, limit: Int) async throws -> KeysetBatch {
        try await reads.value(for: Batch(position: position, limit: limit)) { [self] in
            try await read(from: position, limit: limit)
        }
    }

    /// The batch at `position`: a read after a key or from a sampled key goes with the reads of
    /// the same shape made meanwhile, in one statement (``pages``; decision 0597).
    private func read(from position: KeysetPosition, limit: Int) async throws -> KeysetBatch {
        let start: Start
        switch position {
        case .after(let last):
            start = .after(last)
        case .offset(let offset):
            switch try await jumpIndex.landing(for: offset, build: { [self] stride in try await sampledKeys(every: stride) }) {
            case .offset(let offset): start = .offset(offset)
            case .key(let sample, skip: let skip): start = .from(sample, skip: skip)
            }
        }
        var found: [JSONObject]
        if case .offset = start {
            found = try await records(at: start, limit: limit)
        } else {
            found = try await pages.answer(PageRead(start: start, limit: limit)) { [self] reads in
                try await records(of: reads)
            }
        }
        let hasMore = found.count > limit
        if hasMore { found.removeLast(found.count - limit) }
        return KeysetBatch(records: found, lastKey: found.last?[key], hasMore: hasMore)
    }

    /// One statement for the rows from `start`: `limit + 1` of them (the last one says whether
    /// there are more).
    func records(at start: Start, limit: Int) async throws -> [JSONObject] {
        var bindings = condition?.binds ?? PostgresBindings()
        var filters = sql.condition.map { [$0] } ?? []
        var range = "LIMIT \(limit + 1)"
        // The rows a skip below the stride can reach, when the batch skips some.
        var window: Int?
        // Every batch is a statement prepared once per connection: its text only varies with the
        // limit (and the stride), the key and the offset being bound.
        switch start {
        case .after(let last):
            try Self.bind(last, to: &bindings)
            filters.append("\(sql.key) > $\(bindings.count)")
        case .offset(0):
            break
        case .offset(let offset):
            bindings.append(Int64(offset))
            range += " OFFSET $\(bindings.count)"
            if offset < jumpIndex.stride { window = jumpIndex.stride + limit }
        case .from(let sample, skip: let skip):
            try Self.bind(sample, to: &bindings)
            filters.append("\(sql.key) >= $\(bindings.count)")
            bindings.append(Int64(skip))
            range += " OFFSET $\(bindings.count)"
            window = jumpIndex.stride + limit
        }
        let rows = sql.select + (filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND "))
        let page: String
        if let window {
            // The skip read from at most `window` rows: with that LIMIT a constant of the text, the
            // plan PostgreSQL makes without the bound values costs what the plans for them do, so
            // each connection plans the statement once and keeps the plan, where a bound OFFSET
            // alone is planned again at every execution (its cost unknown until bound; decision 0596).
            page = "SELECT * FROM (\(rows) ORDER BY \(sql.key) LIMIT \(window)) AS batch ORDER BY \(sql.key) \(range)"
        } else {
            page = rows + " ORDER BY \(sql.key) \(range)"
        }
        if let typed = try await Self.typedRecords(database.execute(page, bindings: bindings)) {
            return typed
        }
        return try await jsonRecords(PostgresQuery(unsafeSQL: "SELECT row_to_json(page)::text FROM (\(page)) AS page",
                                                   binds: bindings))
    }

    /// The keys of rows 0, `stride`, 2 × `stride`, … in key order, read by one statement that
    /// numbers the keys (an index-only scan of the key's index) and returns every `stride`-th.
    private func sampledKeys(every stride: Int) async throws -> [JSONValue] {
        var bindings = condition?.binds ?? PostgresBindings()
        bindings.append(Int64(stride))
        let numbered = "SELECT \(sql.key) AS sample, row_number() OVER (ORDER BY \(sql.key)) - 1 AS number FROM \(sql.table)"
            + (sql.condition.map { " WHERE " + $0 } ?? "")
        let query = "SELECT sample FROM (\(numbered)) AS numbered WHERE number % $\(bindings.count) = 0 ORDER BY sample"
        var samples: [JSONValue] = []
        for try await row in try await database.execute(query, bindings: bindings) {
            guard let cell = row.makeRandomAccess().first, cell.bytes != nil, let key = try Self.json(cell) else {
                throw KeysetSourceError(description: "keyset paging: a key of \(table) is not a number or a string")
            }
            samples.append(key)
        }
        return samples
    }

    /// Appends `key` to `bindings` as an integer, a floating-point number or text.
    static func bind(_ key: JSONValue, to bindings: inout PostgresBindings) throws {
        switch key {
        case .number(let number):
            if let integer = key.intValue { bindings.append(Int64(integer)) } else { bindings.append(number) }
        case .string(let text):
            bindings.append(text)
        default:
            throw KeysetSourceError(description: "keyset paging: the key \(key) is not a number or a string")
        }
    }

    /// The rows as records read straight from the columns' binary values, each made in one go
    /// from the column names interned once per batch, its members in canonical order (so the
    /// answer is written without sorting them); `nil` when a column has a type this does not
    /// read the way `row_to_json` writes it, or a value it writes as a string (a non-finite number).
    static func typedRecords<Rows: AsyncSequence>(_ rows: Rows) async throws -> [JSONObject]?
    where Rows.Element == PostgresRow {
        try await typedPages(rows, count: 1, numbered: false)?.first
    }

    /// The rows read as ``typedRecords(_:)`` reads them, into `count` pages: with `numbered`, the
    /// first column is the number (from 1) of the page the row belongs to (the reads of one batched
    /// statement, decision 0597) and no member of it; without, every row is in the one page.
    static func typedPages<Rows: AsyncSequence>(_ rows: Rows, count: Int, numbered: Bool) async throws -> [[JSONObject]]?
    where Rows.Element == PostgresRow {
        var pages = [[JSONObject]](repeating: [], count: count)
        let members = numbered ? 1 : 0
        var keys: JSONObject.Keys?
        do {
            for try await row in rows {
                let cells = row.makeRandomAccess()
                let batchKeys: JSONObject.Keys
                if let keys {
                    batchKeys = keys
                } else {
                    guard row.dropFirst(members).allSatisfy({ readsDirectly($0.dataType) }) else { return nil }
                    batchKeys = JSONObject.Keys(row.dropFirst(members).map(\.columnName))
                    keys = batchKeys
                }
                let page = numbered ? Int(try cells[0].decode(Int64.self)) - 1 : 0
                guard pages.indices.contains(page) else {
                    throw KeysetSourceError(description: "keyset paging: a batched row names read \(page + 1) of \(count)")
                }
                pages[page].append(try JSONObject(keys: batchKeys) { column in
                    guard let value = try json(cells[column + members]) else { throw NotReadDirectly() }
                    return value
                })
            }
        } catch is NotReadDirectly {
            return nil
        }
        return pages
    }

    /// A value `row_to_json` writes differently from its binary reading (a non-finite number).
    struct NotReadDirectly: Error {}

    /// Whether ``json(_:)`` reads the cells of a column of this type.
    static func readsDirectly(_ type: PostgresDataType) -> Bool {
        switch type {
        case .int2, .int4, .int8, .float4, .float8, .bool, .text, .varchar, .bpchar, .name, .uuid: true
        default: false
        }
    }

    /// The rows as records through `row_to_json`, which writes any column type as JSON.
    func jsonRecords(_ query: PostgresQuery) async throws -> [JSONObject] {
        var records: [JSONObject] = []
        for try await text in try await database.client.query(query, logger: database.logger).decode(String.self) {
            guard case .object(let record) = try JSONValue(parsing: text) else {
                throw KeysetSourceError(description: "keyset paging: a row of \(table) is not a JSON object")
            }
            records.append(record)
        }
        return records
    }

    /// A cell as `row_to_json` writes it: integers and finite floating-point numbers as numbers,
    /// booleans, text and UUIDs (lowercase) as themselves, NULL as null; `nil` for any other type
    /// (or a non-finite number, which `row_to_json` writes as a string).
    static func json(_ cell: PostgresCell) throws -> JSONValue? {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2: return .number(Double(try cell.decode(Int16.self)))
        case .int4: return .number(Double(try cell.decode(Int32.self)))
        case .int8: return .number(Double(try cell.decode(Int64.self)))
        case .float8:
            let number = try cell.decode(Double.self)
            return number.isFinite ? .number(number) : nil
        case .float4:
            // PostgreSQL writes a real in its shortest form ("1.1"), which JSON reads as that double.
            let number = try cell.decode(Float.self)
            return number.isFinite ? Double(number.description).map(JSONValue.number) : nil
        case .bool: return .bool(try cell.decode(Bool.self))
        case .text, .varchar, .bpchar, .name: return .string(try cell.decode(String.self))
        case .uuid: return .string(try cell.decode(UUID.self).uuidString.lowercased())
        default: return nil
        }
    }

    /// A name quoted as a SQL identifier (each part of `schema.table`), with `"` doubled.
    static func quoted(_ name: String) -> String {
        name.split(separator: ".", omittingEmptySubsequences: false)
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: ".")
    }
}

/// The error of a keyset source, now XpediteServer's `KeysetSourceError` (decision 0376).
@available(*, deprecated, renamed: "KeysetSourceError")
public typealias PostgresKeysetSourceError = KeysetSourceError
