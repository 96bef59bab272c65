import Foundation
import PostgresNIO
import XpeditePostgresSupport
import XpediteServerPostgres
import XpediteServer

extension PostgresDemoStore {
    /// The columns ``customer(from:)`` reads, in the order of the `Customer` model.
    static let customerColumns = "id, name, email, city, country, since, score, active, credit_limit, contact, notes"

    func customerRows(search: String?) -> any KeysetRowSource {
        guard CustomerSearch.pattern(search) != nil else { return allCustomers }
        return Self.customerSource(database, search: search)
    }

    /// The customers matching `search` (all of them for none), for the table.
    static func customerSource(_ database: PostgresStoreDatabase, search: String?) -> PostgresKeysetSource {
        PostgresKeysetSource(database, table: "demo_customer", columns: ["id", "name", "city", "score"], key: "id",
                             where: searchCondition(search))
    }

    /// The search as a condition: `ILIKE` under the `"C"` collation folds ASCII letters only, as
    /// SQLite's `LIKE` does, and `\` escapes (``CustomerSearch``).
    static func searchCondition(_ search: String?) -> PostgresQuery? {
        guard let pattern = CustomerSearch.pattern(search) else { return nil }
        return """
            name COLLATE "C" ILIKE \(pattern) ESCAPE '\\' OR email COLLATE "C" ILIKE \(pattern) ESCAPE '\\'
                OR city COLLATE "C" ILIKE \(pattern) ESCAPE '\\'
            """
    }

    func customer(id: Int) async throws -> Customer? {
        let rows = try await client.query(
            "SELECT \(unescaped: Self.customerColumns) FROM demo_customer WHERE id = \(id)", logger: logger).collect()
        return try rows.first.map { try Self.customer(from: $0.makeRandomAccess()) }
    }

    func statistics() async throws -> CustomerStatistics {
        var statistics = CustomerStatistics(total: 0, active: 0, averageScore: 0, totalCredit: 0, topCountries: [])
        for try await (total, active, score, credit) in try await client.query("""
            SELECT count(*), count(*) FILTER (WHERE active), COALESCE(avg(score), 0)::float8,
                   COALESCE(sum(credit_limit), 0)::bigint
            FROM demo_customer
            """, logger: logger).decode((Int, Int, Double, Int).self) {
            statistics.total = total
            statistics.active = active
            statistics.averageScore = score
            statistics.totalCredit = credit
        }
        for try await (text, count) in try await client.query("""
            SELECT country, count(*) AS n FROM demo_customer GROUP BY country ORDER BY n DESC, country COLLATE "C" LIMIT 3
            """, logger: logger).decode((String, Int).self) {
            guard let country = Country(rawValue: text) else {
                throw DemoStoreError("demo_customer.country: unknown country \"\(text)\"")
            }
            statistics.topCountries.append(CustomerStatistics.CountryCount(country: country, count: count))
        }
        return statistics
    }

    // MARK: - Inside transactions

    /// The customer with `id`, its row locked until the transaction ends.
    func lockedCustomer(_ id: Int, on connection: PostgresConnection) async throws -> Customer? {
        let rows = try await connection.query(
            "SELECT \(unescaped: Self.customerColumns) FROM demo_customer WHERE id = \(id) FOR UPDATE", logger: logger).collect()
        return try rows.first.map { try Self.customer(from: $0.makeRandomAccess()) }
    }

    /// Saves every field of an existing customer.
    func update(_ customer: Customer, on connection: PostgresConnection) async throws {
        try await connection.query("""
            UPDATE demo_customer SET name = \(customer.name), email = \(customer.email), city = \(customer.city),
                country = \(customer.country.rawValue), since = \(customer.since.description), score = \(customer.score),
                active = \(customer.active), credit_limit = \(customer.creditLimit), contact = \(customer.contact.rawValue),
                notes = \(customer.notes)
            WHERE id = \(customer.id)
            """, logger: logger)
    }

    /// Adds a customer; the id sequence picks its id, which is returned.
    func insert(_ customer: Customer, on connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query("""
            INSERT INTO demo_customer (name, email, city, country, since, score, active, credit_limit, contact, notes)
            VALUES (\(customer.name), \(customer.email), \(customer.city), \(customer.country.rawValue),
                    \(customer.since.description), \(customer.score), \(customer.active), \(customer.creditLimit),
                    \(customer.contact.rawValue), \(customer.notes))
            RETURNING id
            """, logger: logger)
        var id: Int?
        for try await value in rows.decode(Int.self) { id = value }
        guard let id else { throw DemoStoreError("demo_customer: the insert returned no id") }
        return id
    }

    /// A row of ``customerColumns`` as a customer; a value the model does not know is an error
    /// naming the row and column.
    static func customer(from row: PostgresRandomAccessRow) throws -> Customer {
        let id = try row["id"].decode(Int.self)
        let countryText = try row["country"].decode(String.self)
        let sinceText = try row["since"].decode(String.self)
        let contactText = try row["contact"].decode(String.self)
        guard let country = Country(rawValue: countryText) else {
            throw DemoStoreError("demo_customer \(id).country: unknown country \"\(countryText)\"")
        }
        guard let since = CalendarDay(sinceText) else {
            throw DemoStoreError("demo_customer \(id).since: \"\(sinceText)\" is not a date (YYYY-MM-DD)")
        }
        guard let contact = ContactPreference(rawValue: contactText) else {
            throw DemoStoreError("demo_customer \(id).contact: unknown contact preference \"\(contactText)\"")
        }
        return Customer(id: id, name: try row["name"].decode(String.self), email: try row["email"].decode(String.self),
                        city: try row["city"].decode(String.self), country: country, since: since,
                        score: try row["score"].decode(Int.self), active: try row["active"].decode(Bool.self),
                        creditLimit: try row["credit_limit"].decode(Int.self), contact: contact,
                        notes: try row["notes"].decode(String.self))
    }
}
