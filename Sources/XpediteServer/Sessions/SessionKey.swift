/// The name and type of an app value kept in a ``Session``.
///
/// Declare keys once, as static members, and read and write them with their type:
///
/// ```swift
/// extension SessionKey where Value == SignedInUser {
///     static let user = SessionKey("user")
/// }
///
/// try call.session.set(user, for: .user)
/// let user = try call.session.value(for: .user)
/// ```
///
/// Values are stored as JSON trees (through `JSONValueEncoder`, which encodes as `JSONEncoder`
/// does), so they survive a restart with the SQLite store; keep them small (an id, a name, a
/// role), not whole result sets.
public struct SessionKey<Value: Codable & Sendable>: Sendable, Hashable {
    /// The name the value is stored under; unique within a session.
    public let name: String

    /// Creates a key.
    public init(_ name: String) {
        self.name = name
    }
}
