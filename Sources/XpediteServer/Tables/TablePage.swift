import Foundation

/// The answer to a table's data request: a batch of row records and the `max` rule of
/// docs/protocol/tables.md#the-data-answer — `max` is present exactly when more rows remain after
/// this batch.
///
/// ```swift
/// app.on("listCustomers") { call in
///     let rows = customers.dropFirst(call.page.offset).prefix(call.page.limit)
///     return TablePage(rows: rows.map(\.row), total: customers.count, page: call.page)
/// }
/// ```
public struct TablePage: Sendable, Hashable {
    /// Row records keyed by field name; fields no column shows may ride along.
    public var rows: [JSONObject]
    /// The wire `max`: the number of rows available, present only while more rows remain.
    public var max: Int?

    /// A batch with an explicit `max` (`nil` on the final batch).
    public init(rows: [JSONObject], max: Int? = nil) {
        self.rows = rows
        self.max = max
    }

    /// A batch of a result of `total` rows that starts at `page.offset`: `max` is `total` while
    /// `offset + rows.count < total`, and absent on the final batch.
    public init(rows: [JSONObject], total: Int, page: PageRequest) {
        self.init(rows: rows, max: page.offset + rows.count < total ? total : nil)
    }

    /// A batch whose total is unknown (keyset paging, streams): when `hasMore`, `max` is a lower
    /// bound of the total — one past this batch — which is all the phone needs to ask again.
    public init(rows: [JSONObject], hasMore: Bool, page: PageRequest) {
        self.init(rows: rows, max: hasMore && !rows.isEmpty ? page.offset + rows.count + 1 : nil)
    }

    /// The page `page` of all the rows of a small, in-memory result.
    public init(slicing all: [JSONObject], page: PageRequest) {
        let start = Swift.min(page.offset, all.count)
        let end = Swift.min(start + page.limit, all.count)
        self.init(rows: Array(all[start..<end]), total: all.count, page: page)
    }

    /// A batch of `Encodable` rows, each encoded straight into a record (`JSONValueEncoder`,
    /// dates as ISO 8601 strings), with no JSON text in between.
    ///
    /// - Throws: `EncodingError` when a row does not encode as a JSON object.
    public init<Row: Encodable>(encoding rows: [Row], total: Int, page: PageRequest) throws {
        var records: [JSONObject] = []
        records.reserveCapacity(rows.count)
        for row in rows { records.append(try TablePage.record(encoding: row, with: TablePage.rowEncoder)) }
        self.init(rows: records, total: total, page: page)
    }

    /// Whether the phone will ask for more rows after this batch.
    public var hasMore: Bool { max != nil }

    /// The data response sent for this batch.
    public func response(token: String?) -> DataResponse {
        DataResponse(rc: .ok, data: .rows(rows), max: max, token: token)
    }

    /// Encodes one row into a record (dates as ISO 8601 strings) to keep and send many times: the
    /// record also keeps its canonical JSON (`JSONObject/preEncoded()`), so each answer that
    /// carries it copies those bytes instead of writing its members again.
    public static func record<Row: Encodable>(encoding row: Row) throws -> JSONObject {
        try record(encoding: row, with: rowEncoder).preEncoded()
    }

    /// How rows are encoded: dates as ISO 8601 strings, which the phone shows as they are.
    private static let rowEncoder = JSONValueEncoder(dateEncodingStrategy: .iso8601)

    private static func record<Row: Encodable>(encoding row: Row, with encoder: JSONValueEncoder) throws -> JSONObject {
        let value = try encoder.encode(row)
        guard case .object(let record) = value else {
            throw EncodingError.invalidValue(row, EncodingError.Context(
                codingPath: [], debugDescription: "a table row must encode as a JSON object, not \(value.typeName)"))
        }
        return record
    }
}
