import Foundation
import Logging
import PostgresNIO
import XpediteServer

/// The rows of a PostgreSQL table, for `KeysetPaging` (XpediteServer): `columns` of `table`,
/// filtered by an optional `condition`, ordered by `key` (a unique, non-null column, ideally an
/// indexed integer primary key). A batch after a key is `WHERE key > $last ORDER BY key LIMIT n`,
/// one indexed query; a batch at an offset uses `OFFSET`.
///
/// Rows become records keyed by column name, as `row_to_json` writes them: numbers as numbers,
/// text as strings, `NULL` as null, `bytea` as PostgreSQL's hex text. Integers, floating-point
/// numbers, booleans, text and UUIDs are read from their binary values directly; a page with a
/// column of any other type is asked again through `row_to_json`, which writes every type. The condition is a `PostgresQuery` with its own bindings (`"city = \(city)"`), never
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
        let page = "SELECT \(selection) FROM \(Self.quoted(table))"
            + (filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND "))
            + " ORDER BY \(Self.quoted(key)) \(range)"
        var records: [JSONObject]
        if let typed = try await typedRecords(PostgresQuery(unsafeSQL: page, binds: bindings)) {
            records = typed
        } else {
            records = try await jsonRecords(PostgresQuery(unsafeSQL: "SELECT row_to_json(page)::text FROM (\(page)) AS page",
                                                          binds: bindings))
        }
        let hasMore = records.count > limit
        if hasMore { records.removeLast(records.count - limit) }
        return KeysetBatch(records: records, lastKey: records.last?[key], hasMore: hasMore)
    }

    /// The rows as records read straight from the columns' binary values, each record's members
    /// in canonical order (so the answer is written without sorting them); `nil` when a column
    /// has a type this does not read the way `row_to_json` writes it.
    private func typedRecords(_ query: PostgresQuery) async throws -> [JSONObject]? {
        var records: [JSONObject] = []
        var columns: [(index: Int, name: String)]?
        for try await row in try await database.client.query(query, logger: database.logger) {
            let cells = row.makeRandomAccess()
            let ordered = columns ?? Self.canonicalColumns(of: row)
            columns = ordered
            var record = JSONObject()
            for column in ordered {
                guard let value = try Self.json(cells[column.index]) else { return nil }
                record[column.name] = value
            }
            records.append(record)
        }
        return records
    }

    /// The rows as records through `row_to_json`, which writes any column type as JSON.
    private func jsonRecords(_ query: PostgresQuery) async throws -> [JSONObject] {
        var records: [JSONObject] = []
        for try await text in try await database.client.query(query, logger: database.logger).decode(String.self) {
            guard case .object(let record) = try JSONValue(parsing: text) else {
                throw PostgresKeysetSourceError(description: "keyset paging: a row of \(table) is not a JSON object")
            }
            records.append(record)
        }
        return records
    }

    /// A row's columns (position and name) in canonical order: by the UTF-8 bytes of their names,
    /// a name that repeats in the order of its positions (the last one then wins, as in a dictionary).
    static func canonicalColumns(of row: PostgresRow) -> [(index: Int, name: String)] {
        row.enumerated().map { (index: $0.offset, name: $0.element.columnName) }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
                || ($0.name == $1.name && $0.index < $1.index) }
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

/// A cursor key that PostgreSQL cannot compare, or a row that did not come back as an object.
public struct PostgresKeysetSourceError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
