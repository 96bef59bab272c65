import XpediteServer

/// The session updates of concurrent requests, written a batch at a time (``PostgresSessionStore``,
/// decision 0595): a ``StatementBatcher`` whose statement applies the changes of every request that
/// finished while the previous statement ran. It is the write side of ``SessionLookupBatcher``.
///
/// A batch holds each token once: an update of a session already in the batch waits for the next
/// one, so two changes of one session are never applied by one statement in an unknown order.
/// Every update returns only once its own statement has committed, or throws its error: a request
/// still answers after its changes are stored, never before.
final class SessionUpdateBatcher: Sendable {
    /// Applies the changes, each of a different session, in one statement.
    typealias Write = @Sendable (_ updates: [Update]) async throws -> Void

    /// One session's changes.
    struct Update: Sendable {
        var token: String
        var changes: SessionChanges
    }

    private let statements: StatementBatcher<Update, Void>
    private let write: Write

    /// Batches updates through `write`, with at most `concurrentWrites` statements (at least 1) at once.
    init(concurrentWrites: Int, batchLimit: Int = 500, write: @escaping Write) {
        statements = StatementBatcher(concurrentStatements: concurrentWrites, batchLimit: batchLimit) { batch, other in
            !batch.contains { $0.token == other.token }
        }
        self.write = write
    }

    /// The number of updates waiting for a statement.
    var waitingCount: Int { statements.waitingCount }

    /// Applies `changes` to the session `token`, returning once they are committed.
    func update(_ token: String, applying changes: SessionChanges) async throws {
        let write = write
        try await statements.answer(Update(token: token, changes: changes)) { updates in
            try await write(updates)
            return updates.map { _ in () }
        }
    }
}
