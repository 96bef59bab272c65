/// A check in front of a group of methods, written once: it lets a call through, answers it
/// with something else (the sign-in screen), or throws (an ``XpediteError`` becomes the `rc`).
///
/// ```swift
/// extension XpediteGuard {
///     /// Signed-in users pass; anyone else gets the sign-in screen.
///     static let signedIn = XpediteGuard.signedIn(as: User.self) { _ in signInScreen() }
/// }
///
/// app.group(requiring: .signedIn) { group in
///     group.on("orders") { call in … }
/// }
/// ```
///
/// Guards run after the session is resolved and before the handler, in the order the groups nest
/// (outer first). A guard's answer is finished like a handler's (token, version, entries). A
/// table's data request cannot show a screen (docs/protocol/tables.md#the-data-answer), so when a
/// guard answers one with a screen, the phone gets ``XpediteConfiguration/refusedDataMessage`` as
/// `rc` and no rows.
public struct XpediteGuard: Sendable {
    let check: @Sendable (XpediteCall) async throws -> XpediteResponse?

    /// A guard from a closure: `nil` lets the call through; a value answers instead of the
    /// handler; a thrown error answers as if the handler had thrown it.
    public init<Refusal: XpediteResponseGenerator>(
        _ check: @escaping @Sendable (XpediteCall) async throws -> Refusal?
    ) {
        self.check = { call in try await check(call)?.xpediteResponse() }
    }

    /// Lets a call through when the session has a current user of type `User`
    /// (``Session/signIn(_:)``); answers anyone else with `refusal`, e.g. the sign-in screen.
    ///
    /// A stored user that no longer decodes as `User` (the type changed in a release) counts as
    /// signed out, and is logged.
    public static func signedIn<User: Codable & Sendable, Refusal: XpediteResponseGenerator>(
        as user: User.Type,
        otherwise refusal: @escaping @Sendable (XpediteCall) async throws -> Refusal
    ) -> XpediteGuard {
        XpediteGuard { call -> Refusal? in
            do {
                if try call.currentUser(as: User.self) != nil { return nil }
            } catch {
                call.logger.warning("The stored user does not decode; treated as signed out",
                                    metadata: ["error": .string(String(reflecting: error))])
            }
            return try await refusal(call)
        }
    }
}
