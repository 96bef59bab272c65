import Foundation
import XpediteProtocol

/// The console's operators and their sessions (docs/notify-api.md#console-sessions): who may sign
/// in to `/notify/console/`, with which role, and the sign-in that makes a session, throttled per
/// username and per client address. A ``Notifier`` makes one (``Notifier/consoleAccounts``); every
/// server on one store shares its operators, sessions and failure counts.
///
/// ```swift
/// try await notifier.consoleAccounts.putOperator("ada", password: "correct horse battery", role: .sender)
/// switch try await notifier.consoleAccounts.signIn(username: "ada", password: "…", clientAddress: "10.0.0.7") { … }
/// ```
public final class ConsoleAccounts: Sendable {
    private let store: any NotifyStore
    private let hasher: PasswordHasher
    private let settings: ConsoleConfiguration
    private let clock: @Sendable () -> Date

    init(store: any NotifyStore, hasher: PasswordHasher, settings: ConsoleConfiguration, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.hasher = hasher
        self.settings = settings
        self.clock = clock
    }

    /// The fewest characters of an operator's password.
    public static let minimumPasswordLength = 10
    /// The most UTF-8 bytes of an operator's password: what bcrypt reads (it ignores the rest).
    public static let maximumPasswordBytes = 72

    /// Creates or updates a console operator with a bcrypt-hashed password.
    ///
    /// - Throws: ``NotifyError`` 422 for an empty or too long username, or a password shorter than
    ///   ``minimumPasswordLength`` characters or longer than ``maximumPasswordBytes`` bytes.
    @discardableResult
    public func putOperator(_ username: String, password: String, role: OperatorRole) async throws -> NotifyOperator {
        var issues: [ValidationIssue] = []
        if let issue = NotifyPeople.usernameIssue(username, at: JSONPath.root.appending("username")) { issues.append(issue) }
        if let issue = Self.passwordIssue(password) { issues.append(issue) }
        if !issues.isEmpty { throw NotifyError.invalid("the operator is not valid", issues: issues) }
        let hash = try await hasher.hash(password)
        return try await store.putOperator(username: username, passwordHash: hash, role: role, at: clock())
    }

    /// The issue of a password that is too short or too long, at `$.password`.
    static func passwordIssue(_ password: String) -> ValidationIssue? {
        let path = JSONPath.root.appending("password")
        if password.count < minimumPasswordLength {
            return ValidationIssue(path: path, code: .invalidValue, severity: .error,
                                   message: "expected a password of at least \(minimumPasswordLength) characters")
        }
        if password.utf8.count > maximumPasswordBytes {
            return ValidationIssue(path: path, code: .invalidValue, severity: .error,
                                   message: "expected a password of at most \(maximumPasswordBytes) bytes (UTF-8)")
        }
        return nil
    }

    /// Every operator, by username (never their passwords).
    public func operators() async throws -> [NotifyOperator] {
        try await store.operators()
    }

    /// Removes an operator and signs out its sessions; `false` when there was none.
    @discardableResult
    public func deleteOperator(_ username: String) async throws -> Bool {
        try await store.deleteOperator(username)
    }

    /// Signs an operator in (docs/notify-api.md#console-sessions). A username or a client address
    /// with too many failures is ``ConsoleSignIn/throttled(retryAfter:)`` before any password is
    /// checked; an unknown username is checked against a dummy hash, so it takes as long as a
    /// wrong password and answers the same (``ConsoleSignIn/refused``). A success clears the
    /// username's failures and makes a session: a 256-bit random id and CSRF token from the
    /// system's CSPRNG, stored as the id's SHA-256.
    ///
    /// - Parameter clientAddress: the client's address, for the per-address limit (`nil` when unknown).
    public func signIn(username: String, password: String, clientAddress: String?) async throws -> ConsoleSignIn {
        let limits = settings.signInLimits
        let now = clock()
        let userKey = "user:" + username
        let addressKey = "address:" + (clientAddress ?? "unknown")
        let userFailures = try await store.signInFailures(userKey)
        let addressFailures = try await store.signInFailures(addressKey)
        let blocked = [
            limits.blockedUntil(userFailures, free: limits.freeFailures, now: now),
            limits.blockedUntil(addressFailures, free: limits.freeFailuresPerAddress, now: now),
        ].compactMap { $0 }.max()
        if let blocked {
            return .throttled(retryAfter: max(1, Int(blocked.timeIntervalSince(now).rounded(.up))))
        }
        let credentials = try await store.operatorCredentials(username)
        let matches: Bool
        if let credentials {
            matches = try await hasher.verify(password, hash: credentials.passwordHash)
        } else {
            try await hasher.verifyUnknownUser(password)
            matches = false
        }
        guard matches, let credentials else {
            let restart = now.addingTimeInterval(-limits.forgetAfter)
            _ = try await store.recordSignInFailure(userKey, at: now, restartBefore: restart)
            _ = try await store.recordSignInFailure(addressKey, at: now, restartBefore: restart)
            return .refused
        }
        try await store.clearSignInFailures(userKey)
        let sessionId = "xcs_" + Credentials.randomHex(bytes: 32)
        let session = ConsoleSession(digest: Credentials.digest(sessionId), username: credentials.operator.username,
                                     role: credentials.operator.role, csrfToken: Credentials.randomHex(bytes: 32),
                                     createdAt: now, expiresAt: now.addingTimeInterval(settings.sessionLifetime))
        try await store.insertConsoleSession(session)
        return .signedIn(sessionId: sessionId, session: session)
    }

    /// The live session of a session id, its end moved on (written at most once a minute, so a
    /// busy console costs no write per request); `nil` when there is none, it ended, or its
    /// operator is gone.
    public func consoleSession(id sessionId: String) async throws -> ConsoleSession? {
        guard var session = try await store.consoleSession(digest: Credentials.digest(sessionId)) else { return nil }
        let now = clock()
        guard session.expiresAt > now else { return nil }
        let end = now.addingTimeInterval(settings.sessionLifetime)
        if end.timeIntervalSince(session.expiresAt) >= 60 {
            try await store.extendConsoleSession(digest: session.digest, until: end)
            session.expiresAt = end
        }
        return session
    }

    /// Signs a session out on every server; `false` when there was none.
    @discardableResult
    public func signOut(sessionId: String) async throws -> Bool {
        try await store.deleteConsoleSession(digest: Credentials.digest(sessionId))
    }
}
