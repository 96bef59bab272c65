import Foundation
import GRDB
import Hummingbird
import PostgresNIO

// The baselines of the page-speed test (`scripts/bench --page`, issue 18): what a naive server
// written with the same libraries does to answer the demo's customer page — 40 customers by keyset
// (`id > last ORDER BY id LIMIT 41`, the first page: after id 0) — without Xpedite: Hummingbird,
// `JSONDecoder` for the request, the database library's ordinary read, `Codable` rows, a new
// `JSONEncoder` per answer. The answer has the Xpedite data response's members (`rc`, `data` of
// `id`, `name`, `city`, `score`, `max`, `token`), so both sides send about the same bytes.

/// One row of the customer page, as the naive handlers read and write it.
struct NaiveCustomer: Codable, Sendable, FetchableRecord {
    var id: Int
    var name: String
    var city: String
    var score: Int
}

/// The naive handlers' answer.
struct NaivePageAnswer: Codable {
    var rc: Int
    var data: [NaiveCustomer]
    var max: Int?
    var token: String?
}

enum NaivePage {
    /// The rows after `offset` (a first page starts after id 0; the naive server keeps no cursor,
    /// so a later page reads by `OFFSET`, as such servers do).
    static let sqliteFirstPage = "SELECT id, name, city, score FROM customer WHERE id > ? ORDER BY id LIMIT ?"
    static let sqliteOffsetPage = "SELECT id, name, city, score FROM customer ORDER BY id LIMIT ? OFFSET ?"

    /// `POST /naive-sqlite`: GRDB's `DatabasePool.read`, rows decoded as `Codable` records.
    static func mountSQLite(on router: Router<BasicRequestContext>, pool: DatabasePool) {
        router.post("naive-sqlite") { request, _ in
            let query = try await decode(request)
            let offset = query.offset ?? 0
            let limit = query.limit ?? 40
            let rows = try await pool.read { db in
                if offset == 0 {
                    return try NaiveCustomer.fetchAll(db, sql: sqliteFirstPage, arguments: [0, limit + 1])
                }
                return try NaiveCustomer.fetchAll(db, sql: sqliteOffsetPage, arguments: [limit + 1, offset])
            }
            return try answer(rows, offset: offset, limit: limit, token: query.token)
        }
    }

    /// `POST /naive-postgres`: one query through postgres-nio's `PostgresClient`, rows decoded as tuples.
    static func mountPostgres(on router: Router<BasicRequestContext>, client: PostgresClient, logger: Logger) {
        router.post("naive-postgres") { request, _ in
            let query = try await decode(request)
            let offset = query.offset ?? 0
            let limit = query.limit ?? 40
            let sequence: PostgresRowSequence
            if offset == 0 {
                sequence = try await client.query(
                    "SELECT id, name, city, score FROM customer WHERE id > \(0) ORDER BY id LIMIT \(limit + 1)", logger: logger)
            } else {
                sequence = try await client.query(
                    "SELECT id, name, city, score FROM customer ORDER BY id LIMIT \(limit + 1) OFFSET \(offset)", logger: logger)
            }
            var rows: [NaiveCustomer] = []
            for try await (id, name, city, score) in sequence.decode((Int, String, String, Int).self) {
                rows.append(NaiveCustomer(id: id, name: name, city: city, score: score))
            }
            return try answer(rows, offset: offset, limit: limit, token: query.token)
        }
    }

    private static func decode(_ request: Request) async throws -> NaiveRequest {
        let body = try await request.body.collect(upTo: 1 << 20)
        return try JSONDecoder().decode(NaiveRequest.self, from: Data(body.readableBytesView))
    }

    /// At most `limit` rows; `max` one past them while more follow (as Xpedite's keyset pages answer).
    private static func answer(_ fetched: [NaiveCustomer], offset: Int, limit: Int, token: String?) throws -> Response {
        let rows = Array(fetched.prefix(limit))
        let answer = NaivePageAnswer(rc: 0, data: rows, max: fetched.count > limit ? offset + rows.count + 1 : nil,
                                     token: token)
        let data = try JSONEncoder().encode(answer)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
