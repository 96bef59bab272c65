import Foundation

/// Where sessions live, keyed by token (docs/protocol/packets.md).
///
/// The SDK ships `SQLiteSessionStore` (target XpediteServerSQLite: GRDB, one file in a data directory,
/// survives restarts), `PostgresSessionStore` (target XpediteServerPostgres: one database shared by
/// several servers) and ``InMemorySessionStore`` (tests, throwaway servers). Implementations must be safe to call
/// concurrently, and ``update(_:applying:)`` must apply a change set atomically, so that
/// concurrent requests on one session cannot lose each other's changes.
public protocol SessionStore: Sendable {
    /// Stores a new session.
    func insert(_ record: SessionRecord) async throws

    /// Stores many new sessions at once (imports, benchmarks).
    func insert(contentsOf records: [SessionRecord]) async throws

    /// The session with `token`, if it exists and was seen at or after `cutoff`; `nil` for an
    /// unknown or expired token.
    func record(for token: String, activeSince cutoff: Date) async throws -> SessionRecord?

    /// Applies one request's changes to a session, atomically. Unknown tokens are ignored.
    func update(_ token: String, applying changes: SessionChanges) async throws

    /// Deletes one session.
    func removeSession(_ token: String) async throws

    /// Deletes every session last seen before `cutoff`, and returns how many went.
    func removeSessions(inactiveSince cutoff: Date) async throws -> Int

    /// The number of stored sessions, expired ones included until they are purged.
    func count() async throws -> Int
}

extension SessionStore {
    /// Stores the records one by one.
    public func insert(contentsOf records: [SessionRecord]) async throws {
        for record in records { try await insert(record) }
    }
}
