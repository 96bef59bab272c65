import Foundation
import XpediteProtocol

/// The people a notifier sends to (docs/notify-api.md#users-and-groups): users with their bcrypt-hashed
/// passwords, their groups, and the devices they sign in on. A ``Notifier`` makes one
/// (``Notifier/people``); every server on one store shares them.
///
/// ```swift
/// try await notifier.people.putUser("joe", password: "secret", groups: ["inspectors"])
/// try await notifier.people.setGroup("inspectors", members: ["joe", "ann"])
/// let (device, token) = try await notifier.people.login(username: "joe", password: "secret", deviceId: "phone-1",
///                                                       deviceName: "Joe's phone", platform: "ios")
/// ```
public final class NotifyPeople: Sendable {
    let store: any NotifyStore
    private let hasher: PasswordHasher
    let clock: @Sendable () -> Date

    init(store: any NotifyStore, hasher: PasswordHasher, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.hasher = hasher
        self.clock = clock
    }

    /// Creates or updates a user with a bcrypt-hashed password. `displayName` and `groups` left
    /// `nil` keep what is stored; `groups` replaces the user's memberships.
    ///
    /// - Throws: ``NotifyError`` 422 for an empty or too long username or an empty password.
    @discardableResult
    public func putUser(_ username: String, password: String, displayName: String? = nil,
                        groups: [String]? = nil) async throws -> NotifyUser {
        var issues: [ValidationIssue] = []
        if let issue = Self.usernameIssue(username, at: JSONPath.root.appending("username")) { issues.append(issue) }
        if password.isEmpty {
            issues.append(ValidationIssue(path: JSONPath.root.appending("password"), code: .invalidValue, severity: .error,
                                          message: "expected a non-empty password"))
        }
        for (index, group) in (groups ?? []).enumerated() where group.isEmpty {
            issues.append(ValidationIssue(path: JSONPath.root.appending("groups").appending(index), code: .invalidValue,
                                          severity: .error, message: "expected a non-empty group name"))
        }
        if !issues.isEmpty { throw NotifyError.invalid("the user is not valid", issues: issues) }
        let hash = try await hasher.hash(password)
        return try await store.putUser(username: username, passwordHash: hash, displayName: displayName, groups: groups)
    }

    /// The user `username` when `password` is theirs, else `nil` (a sign-in). An unknown
    /// username is checked against a dummy hash, so it takes as long as a wrong password.
    public func authenticate(username: String, password: String) async throws -> NotifyUser? {
        guard let hash = try await store.passwordHash(of: username) else {
            try await hasher.verifyUnknownUser(password)
            return nil
        }
        guard try await hasher.verify(password, hash: hash) else { return nil }
        return try await store.user(username)
    }

    /// Removes a user, their devices and group memberships; their answered responses stay.
    @discardableResult
    public func deleteUser(_ username: String) async throws -> Bool {
        try await store.deleteUser(username)
    }

    /// Every user, by username.
    public func users() async throws -> [NotifyUser] {
        try await store.users()
    }

    /// The issue of a username that is empty or longer than 256 characters.
    static func usernameIssue(_ username: String, at path: JSONPath) -> ValidationIssue? {
        guard username.isEmpty || username.count > 256 else { return nil }
        return ValidationIssue(path: path, code: .invalidValue, severity: .error,
                               message: "expected a username of 1 to 256 characters")
    }
}
