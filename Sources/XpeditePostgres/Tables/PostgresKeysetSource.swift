import Foundation
import Logging
import PostgresNIO
import XpediteServer

/// The rows of a PostgreSQL table, for ``XpediteServer/KeysetPaging``: `columns` of `table`,
/// filtered by an optional `condition`, ordered by `key` (a unique, non-null column, ideally an
/// indexed integer primary key). A batch after a key is `WHERE key > $last ORDER BY key LIMIT n`,
/// one indexed query; a batch at an offset uses `OFFSET`.
///
/// Each row comes back as JSON (`row_to_json`), so any column type becomes a record keyed by
/// column name: numbers as numbers, text as strings, `NULL` as null, `bytea` as PostgreSQL's hex
/// text. The condition is a `PostgresQuery` with its own bindings (`"city = \(city)"`), never
/// text pasted into SQL; table and column names are quoted as identifiers.
///
/// ```swift
/// try await KeysetPaging(PostgresKeysetSource(database, table: "customer",
///                                             columns: ["id", "name"], key: "id")).page(for: call)
/// ```
public struct PostgresKeysetSource: KeysetRowSource {
    /// The database to read.
    public var database: PostgresStoreDatabase
    /// The table (or view), optionally with its schema (`schema.table`).
    public var table: String
    /// The columns of each record; the key is added when it is not among them.
    public var columns: [String]
    /// The unique, non-null column the rows are ordered by.
    public var key: String
    /// Which rows, as a SQL condition with its bindings; `nil` for every row.
    public var condition: PostgresQuery?

    /// Creates a source.
    public init(_ database: PostgresStoreDatabase, table: String, columns: [String], key: String,
                where condition: PostgresQuery? = nil) {
        self.database = database
        self.table = table
        self.columns = columns
        self.key = key
        self.condition = condition
    }

    public func rows(from position: KeysetPosition, limit: Int) async throws -> KeysetBatch {
        var bindings = condition?.binds ?? PostgresBindings()
        var filters = condition.map { ["(\($0.sql))"] } ?? []
        let range: String
        switch position {
        case .after(let last):
            switch last {
            case .number(let number):
                if let integer = last.intValue { bindings.append(Int64(integer)) } else { bindings.append(number) }
            case .string(let text):
                bindings.append(text)
            default:
                throw PostgresKeysetSourceError(description: "keyset paging: the key \(last) is not a number or a string")
            }
            filters.append("\(Self.quoted(key)) > $\(bindings.count)")
            range = "LIMIT \(limit + 1)"
        case .offset(let offset):
            range = "LIMIT \(limit + 1) OFFSET \(offset)"
        }
        let selection = (columns.contains(key) ? columns : columns + [key]).map(Self.quoted).joined(separator: ", ")
        let sql = "SELECT row_to_json(page)::text FROM (SELECT \(selection) FROM \(Self.quoted(table))"
            + (filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND "))
            + " ORDER BY \(Self.quoted(key)) \(range)) AS page"
        var records: [JSONObject] = []
        for try await text in try await database.client.query(PostgresQuery(unsafeSQL: sql, binds: bindings),
                                                                logger: database.logger).decode(String.self) {
            guard case .object(let record) = try JSONValue(parsing: text) else {
                throw PostgresKeysetSourceError(description: "keyset paging: a row of \(table) is not a JSON object")
            }
            records.append(record)
        }
        let hasMore = records.count > limit
        if hasMore { records.removeLast(records.count - limit) }
        return KeysetBatch(records: records, lastKey: records.last?[key], hasMore: hasMore)
    }

    /// A name quoted as a SQL identifier (each part of `schema.table`), with `"` doubled.
    static func quoted(_ name: String) -> String {
        name.split(separator: ".", omittingEmptySubsequences: false)
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: ".")
    }
}

/// A cursor key that PostgreSQL cannot compare, or a row that did not come back as an object.
public struct PostgresKeysetSourceError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
