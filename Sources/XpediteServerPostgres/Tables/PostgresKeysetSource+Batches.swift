import PostgresNIO
import XpediteServer

// The pages of concurrent requests read by one statement (decision 0597): each read after a key
// or from a sampled key is a row of `unnest(…) WITH ORDINALITY`, and a LATERAL subquery, the same
// as the statement it would run alone, reads its rows. One statement then pays the round trip,
// the protocol and the executor's start once for every page asked while the previous one ran.
extension PostgresKeysetSource {
    /// Where a batch starts, once an offset has landed.
    enum Start: Sendable {
        /// After the row with this key (`key > last`).
        case after(JSONValue)
        /// From the row with this key or the next, skipping `skip` rows (below the stride).
        case from(JSONValue, skip: Int)
        /// At this row number, counted from the first row (no key to start from).
        case offset(Int)
    }

    /// One read for ``StatementBatcher``.
    struct PageRead: Sendable {
        var start: Start
        var limit: Int

        /// What a statement's text depends on: reads of one shape go in one statement.
        var shape: Shape? {
            switch start {
            case .after(let key): KeyKind(key).map { Shape(skips: false, kind: $0, limit: limit) }
            case .from(let key, _): KeyKind(key).map { Shape(skips: true, kind: $0, limit: limit) }
            case .offset: nil
            }
        }
    }

    /// The statement of a batch of reads.
    struct Shape: Hashable, Sendable {
        var skips: Bool
        var kind: KeyKind
        var limit: Int
    }

    /// How keys are bound as an array.
    enum KeyKind: Hashable, Sendable {
        case integer, real, text

        init?(_ key: JSONValue) {
            switch key {
            case .number: self = key.intValue != nil ? .integer : .real
            case .string: self = .text
            default: return nil
            }
        }

        var arrayType: String {
            switch self {
            case .integer: "bigint[]"
            case .real: "float8[]"
            case .text: "text[]"
            }
        }
    }

    static func makePageBatcher() -> StatementBatcher<PageRead, [JSONObject]> {
        StatementBatcher(concurrentStatements: 2) { batch, other in
            batch[0].shape != nil && batch[0].shape == other.shape
        }
    }

    /// The rows of each read, by one statement when there are several of one shape.
    func records(of reads: [PageRead]) async throws -> [[JSONObject]] {
        guard reads.count > 1, let shape = reads[0].shape else { return try await alone(reads) }
        var bindings = condition?.binds ?? PostgresBindings()
        Self.bindKeys(reads.map(\.start), kind: shape.kind, to: &bindings)
        let keys = "$\(bindings.count)::\(shape.kind.arrayType)"
        let filters = (sql.condition.map { [$0] } ?? []) + ["\(sql.key) \(shape.skips ? ">=" : ">") reads.lower"]
        let rows = sql.select + " WHERE " + filters.joined(separator: " AND ")
        let reading: String
        let page: String
        if shape.skips {
            bindings.append(reads.map { read -> Int64 in
                if case .from(_, let skip) = read.start { return Int64(skip) }
                return 0
            })
            reading = "unnest(\(keys), $\(bindings.count)::bigint[]) WITH ORDINALITY AS reads(lower, skip, number)"
            page = "SELECT * FROM (\(rows) ORDER BY \(sql.key) LIMIT \(jumpIndex.stride + shape.limit)) AS window_rows"
                + " ORDER BY \(sql.key) LIMIT \(shape.limit + 1) OFFSET reads.skip"
        } else {
            reading = "unnest(\(keys)) WITH ORDINALITY AS reads(lower, number)"
            page = rows + " ORDER BY \(sql.key) LIMIT \(shape.limit + 1)"
        }
        let statement = "SELECT reads.number, page.* FROM \(reading) CROSS JOIN LATERAL (\(page)) AS page"
            + " ORDER BY reads.number, page.\(sql.key)"
        if let pages = try await Self.typedPages(database.execute(statement, bindings: bindings), count: reads.count, numbered: true) {
            return pages
        }
        return try await alone(reads)   // a column of a type read only through row_to_json
    }

    /// The rows of each read, by a statement of its own.
    private func alone(_ reads: [PageRead]) async throws -> [[JSONObject]] {
        var answers: [[JSONObject]] = []
        for read in reads { answers.append(try await records(at: read.start, limit: read.limit)) }
        return answers
    }

    /// The reads' keys, bound as one array of `kind`.
    private static func bindKeys(_ starts: [Start], kind: KeyKind, to bindings: inout PostgresBindings) {
        let keys = starts.compactMap { start -> JSONValue? in
            switch start {
            case .after(let key), .from(let key, _): key
            case .offset: nil
            }
        }
        switch kind {
        case .integer: bindings.append(keys.compactMap { $0.intValue.map(Int64.init) })
        case .real: bindings.append(keys.compactMap(\.numberValue))
        case .text: bindings.append(keys.compactMap(\.stringValue))
        }
    }
}
