import Foundation
import XpediteServer

/// The session lookups of concurrent requests, read a batch at a time: one query reads the
/// sessions of every request that arrived while the previous query ran (``PostgresSessionStore``,
/// decision 291), a ``StatementBatcher`` whose statement reads each token once.
///
/// At most `concurrentReads` queries run at once. A lookup that finds one of them free runs a
/// query itself at once, for itself and for every lookup waiting then; a lookup that finds them
/// all busy waits, and the first waiter is handed the next query when one ends. So a lone
/// request reads at once, as before, while under load one query answers many requests.
///
/// Each lookup is answered by a query that started after the lookup was made, so it sees every
/// change committed before it (on any server): batching changes how many queries run, never what
/// a lookup can see.
final class SessionLookupBatcher: Sendable {
    /// Reads the sessions with these tokens (distinct) seen at or after the cutoff, by token.
    typealias Read = @Sendable (_ tokens: [String], _ cutoff: Date) async throws -> [String: SessionRecord]

    /// One lookup.
    private struct Lookup: Sendable {
        var token: String
        var cutoff: Date
    }

    private let statements: StatementBatcher<Lookup, SessionRecord?>
    private let read: Read

    /// Batches lookups through `read`, with at most `concurrentReads` queries (at least 1) at once.
    init(concurrentReads: Int, batchLimit: Int = 500, read: @escaping Read) {
        statements = StatementBatcher(concurrentStatements: concurrentReads, batchLimit: batchLimit)
        self.read = read
    }

    /// The number of lookups waiting for a query.
    var waitingCount: Int { statements.waitingCount }

    /// The session with `token` seen at or after `cutoff`, or `nil`.
    func record(for token: String, activeSince cutoff: Date) async throws -> SessionRecord? {
        let read = read
        return try await statements.answer(Lookup(token: token, cutoff: cutoff)) { lookups in
            // Each token once, read with the earliest cutoff; each lookup then keeps its own.
            var tokens: [String] = []
            var seen: Set<String> = []
            for lookup in lookups where seen.insert(lookup.token).inserted { tokens.append(lookup.token) }
            let earliest = lookups.map(\.cutoff).min() ?? cutoff
            let records = try await read(tokens, earliest)
            return lookups.map { lookup in records[lookup.token].flatMap { $0.lastSeen >= lookup.cutoff ? $0 : nil } }
        }
    }
}
