/// One step of a store's schema in PostgreSQL: a version number, a name for people, and the
/// statements that take the schema from the previous version to this one.
///
/// Migrations are applied at start-up by ``PostgresStoreDatabase/migrate(_:migrations:)``, in version
/// order, each in its own transaction, under an advisory lock (so two servers starting at once do
/// not race), and recorded in `xpedite_schema_migration` by component and version. A version once
/// shipped never changes: a new schema is a new version.
public struct PostgresMigration: Sendable, Hashable {
    /// The version this migration brings the component to (1, 2, …).
    public var version: Int
    /// What it does, for people reading `xpedite_schema_migration`.
    public var name: String
    /// The statements, run in order in one transaction.
    public var statements: [String]

    /// Creates a migration.
    public init(version: Int, name: String, statements: [String]) {
        self.version = version
        self.name = name
        self.statements = statements
    }
}
