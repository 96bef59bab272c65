import Foundation
import XpediteNotify

/// The demo's sign-in over XpediteNotify's user directory: one directory for the app, the
/// notification API and devices (bcrypt through hummingbird-auth, run by ``Notifier``, which
/// checks an unknown name against a dummy hash so it takes as long as a wrong password).
struct DemoUsers: Sendable {
    let notifier: Notifier

    /// The user whose name and password match, or `nil`. The name is trimmed; when no user has it
    /// exactly, its lowercase form is tried (the directory is case-sensitive, email addresses are
    /// typed in any case). The password never leaves this call and is never logged.
    func authenticate(email: String, password: String) async throws -> DemoUser? {
        let typed = email.trimmingCharacters(in: .whitespaces)
        let lowercased = typed.lowercased()
        var username = typed
        if lowercased != typed, try await notifier.store.user(typed) == nil { username = lowercased }
        guard let user = try await notifier.people.authenticate(username: username, password: password) else { return nil }
        return DemoUser(username: user.username, displayName: user.displayName)
    }

    /// Creates the demo account (``DemoAccount``) when it is missing.
    func ensureDemoAccount() async throws {
        guard try await notifier.store.user(DemoAccount.username) == nil else { return }
        try await notifier.people.putUser(DemoAccount.username, password: DemoAccount.password,
                                   displayName: DemoAccount.displayName)
    }
}
