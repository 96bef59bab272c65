import Testing
import XpediteServer

/// A database of ``all``, as an argument of a parameterized test.
public struct TestedDatabase: Sendable, CustomTestStringConvertible {
    /// The database.
    public let database: any DatabaseUnderTest

    /// Every database the stores run on. A third database is its store targets and one line here.
    public static let all: [TestedDatabase] = [
        TestedDatabase(database: SQLiteUnderTest()),
        TestedDatabase(database: PostgresUnderTest()),
    ]

    /// The databases this run can use.
    public static var available: [TestedDatabase] { all.filter(\.database.isAvailable) }

    /// The session stores the suite runs: the in-memory one, and those of every available database.
    public static var sessionStores: [SessionStoreUnderTest] {
        [SessionStoreUnderTest(name: "memory") { body in try await body(InMemorySessionStore()) }]
            + available.flatMap(\.database.sessionStores)
    }

    public var testDescription: String { database.name }
}

/// One session store, as an argument of a parameterized test.
public struct SessionStoreUnderTest: Sendable, CustomTestStringConvertible {
    /// Its name in the test reports.
    public let name: String
    private let make: @Sendable (_ body: (any SessionStore) async throws -> Void) async throws -> Void

    /// A store called `name`, made by `make` for the length of the body it is given.
    public init(name: String, make: @escaping @Sendable (_ body: (any SessionStore) async throws -> Void) async throws -> Void) {
        self.name = name
        self.make = make
    }

    /// Runs `body` with a new, empty store, removing its data afterwards.
    public func withStore(_ body: (any SessionStore) async throws -> Void) async throws {
        try await make(body)
    }

    public var testDescription: String { name }
}
