/// Turns for the statements that make and drop the tests' databases: at most `limit` at once, the
/// others waiting in order of arrival.
///
/// The tests of a run start together, and each makes its database first. Unbounded, a hundred
/// `CREATE DATABASE` statements queued on the server at once, each on a connection of its own, and
/// with the tests' own pools they went past the server's connection limit ("too many clients
/// already"). In turns, the waiting is done here, holding no connection.
actor AdministrationTurns {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        precondition(limit > 0, "a limit of turns is positive")
        self.limit = limit
    }

    /// Runs `body` in a turn: at once when fewer than `limit` run, or else after an earlier one ends.
    func run<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        if running < limit {
            running += 1
        } else {
            // The turn is handed over by the one that ends (`running` stays counted).
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { endTurn() }
        return try await body()
    }

    private func endTurn() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
