import PostgresNIO

extension PostgresStoreDatabase {
    /// Runs `sql`, made at run time (a keyset source's page), as a prepared statement: each pooled
    /// connection parses and plans it once, under a name this database gives each distinct text
    /// (`xpedite_statement_1`, …), and then only binds and runs it.
    ///
    /// Keep the text to a few variants (values in `bindings`, not in the text): every distinct
    /// text stays prepared on every connection that ran it.
    ///
    /// - Parameters:
    ///   - sql: the statement, with `$1`, `$2`, … for `bindings`.
    ///   - bindings: the values. The prepare sends no parameter types (postgres-nio's default),
    ///     so PostgreSQL infers each from where it stands in `sql`: write a cast (`$1::int8`)
    ///     where the context does not fix it.
    package func execute(_ sql: String, bindings: PostgresBindings) async throws
        -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow> {
        let name = statementNames.withLock { $0.name(for: sql) }
        do {
            return try await RuntimeStatement.$text.withValue(RuntimeStatement.Text(name: name, sql: sql)) {
                // postgres-nio reads the statement's name and text as the call starts.
                try await client.execute(RuntimeStatement(bindings: bindings), logger: logger)
            }
        } catch {
            // postgres-nio keeps a statement that failed to prepare failed on its connection (a
            // table created later would never be seen there): the next call prepares it afresh,
            // under a new name.
            statementNames.withLock { $0.forget(name, of: sql) }
            throw error
        }
    }
}

/// The names ``PostgresStoreDatabase/execute(_:bindings:)`` gives the texts it prepares:
/// `xpedite_statement_1`, `…_2`, …, one per distinct text for the life of the pool.
struct StatementNames: Sendable {
    private var names: [String: String] = [:]
    private var made = 0

    /// The name of `sql`, given now if it has none.
    mutating func name(for sql: String) -> String {
        if let name = names[sql] { return name }
        made += 1
        let name = "xpedite_statement_\(made)"
        names[sql] = name
        return name
    }

    /// Forgets `name` as the name of `sql` (a call that failed), so that the next call gets another.
    mutating func forget(_ name: String, of sql: String) {
        if names[sql] == name { names[sql] = nil }
    }
}

/// A prepared statement whose text is known only at run time. postgres-nio's
/// `PostgresPreparedStatement` takes the name and SQL from the statement's type, so this one type
/// reads them from a task-local value that ``PostgresStoreDatabase/execute(_:bindings:)`` sets
/// around the call (postgres-nio reads both at once, when the call starts).
struct RuntimeStatement: PostgresPreparedStatement {
    typealias Row = PostgresRow

    /// A statement's name and text.
    struct Text: Sendable {
        var name: String
        var sql: String
    }

    @TaskLocal static var text = Text(name: "xpedite_statement_none", sql: "SELECT 1 WHERE false")

    static var name: String { text.name }
    static var sql: String { text.sql }

    var bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
