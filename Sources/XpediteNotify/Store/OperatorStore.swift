import Foundation

/// Console operators, their sessions and the failed sign-ins that slow down guessing
/// (docs/notify-api.md#operators-and-roles). Everything is in the store, so with PostgreSQL every
/// server shares the sessions and the sign-in limits.
public protocol OperatorStore: Sendable {
    /// Creates or updates an operator (a new one is created `at`; an update keeps its creation time).
    func putOperator(username: String, passwordHash: String, role: OperatorRole, at date: Date) async throws -> NotifyOperator
    /// Every operator, by username.
    func operators() async throws -> [NotifyOperator]
    /// One operator with its password hash.
    func operatorCredentials(_ username: String) async throws -> OperatorCredentials?
    /// Removes an operator and its sessions; `false` when there was none.
    func deleteOperator(_ username: String) async throws -> Bool
    /// Stores a new session (and drops the sessions that ended before its creation).
    func insertConsoleSession(_ session: ConsoleSession) async throws
    /// The session with this digest, its role read from its operator (`nil` when there is none or
    /// its operator is gone); ended sessions are returned too, the caller checks `expiresAt`.
    func consoleSession(digest: String) async throws -> ConsoleSession?
    /// Moves a session's end.
    func extendConsoleSession(digest: String, until date: Date) async throws
    /// Removes a session (a sign-out); `false` when there was none.
    func deleteConsoleSession(digest: String) async throws -> Bool
    /// The failed sign-ins of `key`.
    func signInFailures(_ key: String) async throws -> SignInFailures?
    /// Counts one more failed sign-in of `key` at `date`; a count whose last failure was before
    /// `restartBefore` starts again at one. Returns the new count.
    func recordSignInFailure(_ key: String, at date: Date, restartBefore: Date) async throws -> SignInFailures
    /// Forgets the failed sign-ins of `key` (after a successful one).
    func clearSignInFailures(_ key: String) async throws
}
