import XpediteNotify
import XpediteServer

/// A database the stores run on, as the store conformance suite (Tests/XpediteStoreConformanceTests)
/// uses it: each store of the database, new and empty, and a keyset source over a table of its own.
/// A database is listed once, in ``TestedDatabase/all``.
public protocol DatabaseUnderTest: Sendable {
    /// Its name in the test reports.
    var name: String { get }
    /// Whether this run can use it (PostgreSQL needs the run's server).
    var isAvailable: Bool { get }
    /// Its session stores (one per way the database ships one).
    var sessionStores: [SessionStoreUnderTest] { get }
    /// Runs `body` with a new, empty notification store, removing its data afterwards.
    func withNotifyStore(_ body: (any NotifyStore) async throws -> Void) async throws
    /// Runs `body` with the database's keyset source over a new table `item` of `count` rows (ids
    /// 3, 6, 9, …; `name` "Item n", `price` n / 2, `note` null), made as both sources are made:
    /// `(database, table: "item", columns: ["id", "name", "price", "note"], key: "id", where: "id > 0")`;
    /// and a function that adds a row with a given id (`name` "new") behind the source's back.
    func withItems(count: Int, _ body: (any KeysetRowSource, _ insert: @Sendable (Int) async throws -> Void)
                   async throws -> Void) async throws
    /// Runs `body` with the database's keyset source, reading through `jumpIndex` on one server,
    /// over a new table `item` of `count` rows made as ``withItems(count:_:)`` makes it (in one
    /// statement), and a function that, on a second server on the same database (another
    /// connection pool), deletes the rows of some ids and inserts rows of others (`name` "new")
    /// in one transaction.
    func withItemsOnTwoServers(count: Int, jumpIndex: KeysetJumpIndex,
                               _ body: (any KeysetRowSource, _ write: @escaping @Sendable (_ insert: [Int], _ delete: [Int]) async throws -> Void)
                               async throws -> Void) async throws
    /// Runs `body` with a source over the columns `name`, `id` of a table `later` that does not
    /// exist yet, and a function that creates it with the rows (1, "a"), (2, "b"), (3, "c").
    func withLaterTable(_ body: (any KeysetRowSource, _ create: @Sendable () async throws -> Void)
                        async throws -> Void) async throws
}
