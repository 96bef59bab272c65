import Foundation
import NIOCore
import Synchronization
import XpediteServer

/// A bounded, write-through copy of recently used session records, in front of a store that
/// holds them all (``SQLiteSessionStore``): a lookup that hits answers without a database hop.
///
/// Coherence rests on two rules the store keeps:
/// - every write to the database mirrors itself here *after* it is committed, on the store's one
///   serial writer (``store(_:)``, ``apply(_:to:)``, ``remove(_:)``, ``removeAll(inactiveSince:)``),
///   so the copies change in the database's order and mirror each change exactly once;
/// - a lookup that missed fills the cache from its database read only when no write happened
///   since before that read (``generation`` unchanged, ``fill(_:ifGeneration:)``), so a read of an
///   older snapshot can never replace a newer copy or resurrect a removed record.
///
/// Applying a change set is idempotent (set, remove, union, last-seen maximum), so a record read
/// after a commit and then patched by the same write stays right. Eviction is first-in first-out
/// when more than `capacity` records are held.
final class SessionRecordCache: Sendable {
    /// The most records held.
    let capacity: Int

    private struct Entry {
        var record: SessionRecord
        /// When the token entered the cache, to recognise its place in the eviction order.
        var sequence: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Tokens in the order they entered; entries removed since are skipped on eviction.
        var order = CircularBuffer<(token: String, sequence: UInt64)>()
        var nextSequence: UInt64 = 0
        /// Counts writes, so a lookup can tell whether its read may be stale.
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())

    /// What a lookup found.
    enum Lookup {
        /// The record is cached: the answer (`nil` when it expired).
        case hit(SessionRecord?)
        /// Not cached: read the database, then ``fill(_:ifGeneration:)`` with this generation.
        case miss(generation: UInt64)
    }

    /// Creates an empty cache holding at most `capacity` records (at least 1).
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
    }

    /// The number of cached records.
    var count: Int {
        state.withLock { $0.entries.count }
    }

    /// The cached record for `token` if it was seen at or after `cutoff`, or a miss.
    func lookup(_ token: String, activeSince cutoff: Date) -> Lookup {
        state.withLock { state in
            guard let entry = state.entries[token] else { return .miss(generation: state.generation) }
            return .hit(entry.record.lastSeen >= cutoff ? entry.record : nil)
        }
    }

    /// Caches a record read from the database after a miss, unless a write happened since the
    /// miss (the read may predate it) or the token is cached already.
    func fill(_ record: SessionRecord, ifGeneration generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation, state.entries[record.token] == nil else { return }
            Self.add(record, to: &state, capacity: capacity)
        }
    }

    /// Mirrors a committed insert.
    func store(_ record: SessionRecord) {
        state.withLock { state in
            state.generation &+= 1
            if state.entries[record.token] != nil {
                state.entries[record.token]?.record = record
            } else {
                Self.add(record, to: &state, capacity: capacity)
            }
        }
    }

    /// Mirrors a committed change set (nothing when the token is not cached).
    func apply(_ changes: SessionChanges, to token: String) {
        state.withLock { state in
            state.generation &+= 1
            state.entries[token]?.record.apply(changes)
        }
    }

    /// Mirrors a committed deletion, or forgets a record whose write failed.
    func remove(_ token: String) {
        state.withLock { state in
            state.generation &+= 1
            state.entries[token] = nil
            Self.compactOrder(&state, capacity: capacity)
        }
    }

    /// Mirrors a committed purge: drops every record last seen before `cutoff`.
    func removeAll(inactiveSince cutoff: Date) {
        state.withLock { state in
            state.generation &+= 1
            state.entries = state.entries.filter { $0.value.record.lastSeen >= cutoff }
            Self.compactOrder(&state, capacity: capacity)
        }
    }

    /// Forgets everything (a purge that failed part-way).
    func removeAll() {
        state.withLock { state in
            state.generation &+= 1
            state.entries.removeAll()
            state.order.removeAll()
        }
    }

    private static func add(_ record: SessionRecord, to state: inout State, capacity: Int) {
        let sequence = state.nextSequence
        state.nextSequence &+= 1
        state.entries[record.token] = Entry(record: record, sequence: sequence)
        state.order.append((record.token, sequence))
        while state.entries.count > capacity, let oldest = state.order.popFirst() {
            if state.entries[oldest.token]?.sequence == oldest.sequence { state.entries[oldest.token] = nil }
        }
    }

    /// Keeps the eviction order from filling with removed tokens: rebuilt from the live entries
    /// when it holds more than twice the capacity.
    private static func compactOrder(_ state: inout State, capacity: Int) {
        guard state.order.count > 2 * capacity else { return }
        var live = CircularBuffer<(token: String, sequence: UInt64)>(initialCapacity: state.entries.count)
        for (token, sequence) in state.order where state.entries[token]?.sequence == sequence {
            live.append((token, sequence))
        }
        state.order = live
    }
}
