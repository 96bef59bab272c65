import Foundation
import Synchronization

/// Sessions in memory, behind a lock: for tests and throwaway servers. Everything is lost when
/// the process ends.
public final class InMemorySessionStore: SessionStore {
    private let records = Mutex<[String: SessionRecord]>([:])

    /// Creates an empty store.
    public init() {}

    public func insert(_ record: SessionRecord) async throws {
        records.withLock { $0[record.token] = record }
    }

    public func insert(contentsOf newRecords: [SessionRecord]) async throws {
        records.withLock { records in
            for record in newRecords { records[record.token] = record }
        }
    }

    public func record(for token: String, activeSince cutoff: Date) async throws -> SessionRecord? {
        records.withLock { records in
            guard let record = records[token], record.lastSeen >= cutoff else { return nil }
            return record
        }
    }

    public func update(_ token: String, applying changes: SessionChanges) async throws {
        records.withLock { records in
            records[token]?.apply(changes)
        }
    }

    public func removeSession(_ token: String) async throws {
        records.withLock { $0[token] = nil }
    }

    public func removeSessions(inactiveSince cutoff: Date) async throws -> Int {
        records.withLock { records in
            let expired = records.values.filter { $0.lastSeen < cutoff }.map(\.token)
            for token in expired { records[token] = nil }
            return expired.count
        }
    }

    public func count() async throws -> Int {
        records.withLock { $0.count }
    }
}
