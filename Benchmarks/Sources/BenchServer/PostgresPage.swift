import Foundation
import GRDB
import Hummingbird
import Logging
import PostgresNIO
import ServiceLifecycle
import XpediteDemo
import XpeditePostgresSupport
import XpediteServerPostgres
import XpediteServer

// The customer page on PostgreSQL (`scripts/bench --page`, issue 18), until the demo itself runs on
// PostgreSQL with `--database`: the demo's 50,000 customers copied into a `customer` table of the same
// schema, and an Xpedite app at `POST /pg` whose sessions live in PostgreSQL (`PostgresSessionStore`)
// and whose `listCustomers` pages that table with `PostgresKeysetSource` behind a sign-in guard, as
// the demo's does.

/// The signed-in user of the `/pg` app.
struct BenchUser: Codable, Sendable {
    var username: String
}

enum PostgresPage {
    /// The demo's `customer` table, on PostgreSQL.
    static let schema = """
        CREATE TABLE IF NOT EXISTS customer (
            id BIGINT PRIMARY KEY,
            name TEXT NOT NULL,
            email TEXT NOT NULL,
            city TEXT NOT NULL,
            country TEXT NOT NULL,
            since TEXT NOT NULL,
            score BIGINT NOT NULL,
            active BIGINT NOT NULL,
            credit_limit BIGINT NOT NULL,
            contact TEXT NOT NULL,
            notes TEXT NOT NULL
        )
        """

    /// Creates the table and, when it is empty, copies the demo's customers into it (5,000 a statement).
    static func copyCustomers(from pool: DatabasePool, to database: PostgresStoreDatabase) async throws {
        let client = database.client
        let logger = database.logger
        try await client.query(PostgresQuery(unsafeSQL: schema), logger: logger)
        for try await count in try await client.query("SELECT count(*) FROM customer", logger: logger).decode(Int.self)
        where count > 0 {
            return
        }
        let rows = try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, name, email, city, country, since, score, active, credit_limit, contact, notes
                FROM customer ORDER BY id
                """)
        }
        var start = 0
        while start < rows.count {
            let batch = rows[start..<min(start + 5000, rows.count)]
            let ids: [Int] = batch.map { $0["id"] }
            let names: [String] = batch.map { $0["name"] }
            let emails: [String] = batch.map { $0["email"] }
            let cities: [String] = batch.map { $0["city"] }
            let countries: [String] = batch.map { $0["country"] }
            let sinces: [String] = batch.map { $0["since"] }
            let scores: [Int] = batch.map { $0["score"] }
            let actives: [Int] = batch.map { $0["active"] }
            let limits: [Int] = batch.map { $0["credit_limit"] }
            let contacts: [String] = batch.map { $0["contact"] }
            let notes: [String] = batch.map { $0["notes"] }
            try await client.query("""
                INSERT INTO customer (id, name, email, city, country, since, score, active, credit_limit, contact, notes)
                SELECT * FROM unnest(\(ids)::bigint[], \(names)::text[], \(emails)::text[], \(cities)::text[],
                    \(countries)::text[], \(sinces)::text[], \(scores)::bigint[], \(actives)::bigint[],
                    \(limits)::bigint[], \(contacts)::text[], \(notes)::text[])
                """, logger: logger)
            start += batch.count
        }
    }

    /// The app at `/pg`: sessions in PostgreSQL, the customer list paged from PostgreSQL. Returns
    /// the endpoint and the app's services.
    static func mount(on router: Router<BasicRequestContext>, database: PostgresStoreDatabase,
                      logger: Logger) async throws -> (XpediteEndpoint, [any Service]) {
        var configuration = XpediteConfiguration()
        configuration.sessionStore = try await PostgresSessionStore(database: database)
        configuration.logger = logger
        configuration.path = "/pg"
        var app = XpediteApp(configuration: configuration)
        app.onConnect { _ in
            ResponsePacket(title: "Sign in", components: [.label(.init(text: "Sign in"))])
        }
        app.on("signIn") { call in
            try call.session.signIn(BenchUser(username: "bench"))
            return ResponsePacket(title: "Customers", components: [.label(.init(text: "Customers"))])
        }
        let signedIn = XpediteGuard.signedIn(as: BenchUser.self) { _ in
            ResponsePacket(title: "Sign in", components: [.label(.init(text: "Sign in"))])
        }
        let source = PostgresKeysetSource(database, table: "customer", columns: ["id", "name", "city", "score"], key: "id")
        app.group(requiring: signedIn) { group in
            group.on("listCustomers") { call in
                try await KeysetPaging(source).page(for: call)
            }
        }
        return (try app.mount(on: router), app.services)
    }

    /// A session of the `/pg` app, signed in.
    static func signedInToken(_ endpoint: XpediteEndpoint) async throws -> String {
        let connect = try JSONSerialization.jsonObject(with: await endpoint.respond(to: Data(
            #"{"method":"setConnection","bundleID":"bench","uuid":"p","bounds":"(0, 0, 393, 852)","xpediteVersion":1}"#.utf8)))
        guard let token = (connect as? [String: Any])?["token"] as? String else {
            throw BenchSetupError(description: "the /pg connect answer has no token")
        }
        let signedIn = try JSONSerialization.jsonObject(with: await endpoint.respond(to: Data(
            #"{"method":"signIn","token":"\#(token)"}"#.utf8)))
        guard (signedIn as? [String: Any])?["rc"] as? Int == 0 else {
            throw BenchSetupError(description: "the /pg sign-in failed: \(signedIn)")
        }
        return token
    }
}

/// A bench server that could not be set up.
struct BenchSetupError: Error, CustomStringConvertible {
    var description: String
}
