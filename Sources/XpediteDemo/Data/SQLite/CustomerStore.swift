import Foundation
import GRDB
import XpediteServer

/// The GRDB queries of ``DemoDatabase`` over the `customer` table.
struct CustomerStore: Sendable {
    let database: DemoDatabase

    private var pool: DatabasePool { database.pool }

    static let columns = "id, name, email, city, country, since, score, active, credit_limit, contact, notes"
    static let insertSQL = "INSERT INTO customer (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    /// The values of ``insertSQL``, in column order.
    static func arguments(of customer: Customer) -> StatementArguments {
        StatementArguments(argumentValues(of: customer))
    }

    // MARK: - The list

    /// The rows of the customer table: `id`, `name`, `city`, `score`, filtered by `search`
    /// (``CustomerSearch``; SQLite's `LIKE` folds ASCII letters only), in id order.
    static func listRequest(search: String?) -> QueryInterfaceRequest<Row> {
        let request = Table("customer").select(Column("id"), Column("name"), Column("city"), Column("score"))
        guard let pattern = CustomerSearch.pattern(search) else { return request }
        return request.filter(sql: "name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR city LIKE ? ESCAPE '\\'",
                              arguments: [pattern, pattern, pattern])
    }

    // MARK: - One customer

    /// The customer with `id`, or `nil`.
    func customer(id: Int) async throws -> Customer? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM customer WHERE id = ?", arguments: [id])
                .flatMap(Self.customer(from:))
        }
    }

    /// Saves the edits of an existing customer; `false` when there is no such customer.
    func update(_ customer: Customer) async throws -> Bool {
        try await pool.write { db in try Self.update(customer, in: db) }
    }

    /// Saves the edits of an existing customer inside a transaction; `false` when there is none.
    static func update(_ customer: Customer, in db: Database) throws -> Bool {
        try db.execute(sql: """
            UPDATE customer SET name = ?, email = ?, city = ?, country = ?, since = ?, score = ?, active = ?,
                credit_limit = ?, contact = ?, notes = ? WHERE id = ?
            """, arguments: [customer.name, customer.email, customer.city, customer.country.rawValue,
                             customer.since.description, customer.score, customer.active, customer.creditLimit,
                             customer.contact.rawValue, customer.notes, customer.id])
        return db.changesCount == 1
    }

    /// Adds a customer; the database picks the id (one past the largest), which is returned.
    func insert(_ customer: Customer) async throws -> Int {
        try await pool.write { db in try Self.insert(customer, in: db) }
    }

    /// Adds a customer inside a transaction; returns its id.
    static func insert(_ customer: Customer, in db: Database) throws -> Int {
        let arguments = StatementArguments(Array(Self.argumentValues(of: customer).dropFirst()))
        try db.execute(sql: """
            INSERT INTO customer (name, email, city, country, since, score, active, credit_limit, contact, notes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: arguments)
        return Int(db.lastInsertedRowID)
    }

    private static func argumentValues(of customer: Customer) -> [(any DatabaseValueConvertible)?] {
        [customer.id, customer.name, customer.email, customer.city, customer.country.rawValue,
         customer.since.description, customer.score, customer.active, customer.creditLimit,
         customer.contact.rawValue, customer.notes]
    }

    static func customer(from row: Row) -> Customer? {
        guard let country = Country(rawValue: row["country"]), let since = CalendarDay(row["since"] as String),
              let contact = ContactPreference(rawValue: row["contact"])
        else { return nil }
        return Customer(id: row["id"], name: row["name"], email: row["email"], city: row["city"], country: country,
                        since: since, score: row["score"], active: row["active"], creditLimit: row["credit_limit"],
                        contact: contact, notes: row["notes"])
    }

    // MARK: - The dashboard

    /// Figures over all customers.
    func statistics() async throws -> CustomerStatistics {
        try await pool.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*) AS total, COALESCE(SUM(active), 0) AS active, COALESCE(AVG(score), 0) AS score,
                       COALESCE(SUM(credit_limit), 0) AS credit FROM customer
                """)
            let countries = try Row.fetchAll(db, sql: """
                SELECT country, COUNT(*) AS n FROM customer GROUP BY country ORDER BY n DESC, country LIMIT 3
                """).compactMap { row -> (Country, Int)? in
                    Country(rawValue: row["country"]).map { ($0, row["n"]) }
                }
            return CustomerStatistics(total: row?["total"] ?? 0, active: row?["active"] ?? 0,
                                      averageScore: row?["score"] ?? 0, totalCredit: row?["credit"] ?? 0,
                                      topCountries: countries.map { CustomerStatistics.CountryCount(country: $0.0, count: $0.1) })
        }
    }
}
