import Foundation
import Synchronization

/// The session of the phone making a call: its token, its device, and the app's typed values.
///
/// A handler reads and writes values through the session; the SDK saves what changed after the
/// handler returns (or throws), as one atomic change set.
///
/// ```swift
/// app.on("login") { call in
///     let login = try call.form(Login.self, id: "login")
///     try call.session.set(SignedInUser(name: login.name), for: .user)
///     return ResponsePacket(title: "Welcome", components: [.label(.init(text: "Hello \(login.name)"))])
/// }
/// ```
public final class Session: Sendable {
    /// The session token, echoed in every answer (docs/protocol/packets.md#tokens-and-sessions).
    public let token: String
    /// What the phone said in `setConnection`; empty for a session renewed after an expired token.
    public let device: Device
    /// When the session was created.
    public let createdAt: Date
    /// Whether this request created the session (`setConnection`, or renewal after
    /// docs/protocol/packets.md#tokens-and-sessions).
    public let isNew: Bool

    private struct State {
        var values: [String: JSONValue]
        var changes = SessionChanges()
        var sentNavigation: Set<String>
        var version: String?
    }

    private let state: Mutex<State>

    init(record: SessionRecord, isNew: Bool) {
        token = record.token
        device = record.device
        createdAt = record.createdAt
        self.isNew = isNew
        state = Mutex(State(values: record.values, sentNavigation: record.sentNavigation, version: record.version))
    }

    /// A new session token: a random (version 4) UUID, lowercased, whose 122 random bits come from
    /// `SystemRandomNumberGenerator` — the operating system's cryptographically secure generator
    /// (`getrandom(2)` on Linux, `arc4random_buf(3)` on Apple platforms), so tokens cannot be guessed.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(index)))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString.lowercased()
    }

    // MARK: - App values

    /// The value stored under `key`, or `nil` when there is none.
    ///
    /// The stored JSON tree is decoded directly (`JSONValueDecoder`), with no text in between.
    ///
    /// - Throws: `DecodingError`, with the coding path, when the stored JSON does not decode as
    ///   `Value` (the type behind a key changed between releases).
    public func value<Value>(for key: SessionKey<Value>) throws -> Value? {
        guard let json = state.withLock({ $0.values[key.name] }) else { return nil }
        return try JSONValueDecoder().decode(Value.self, from: json)
    }

    /// Stores `value` under `key`; `nil` removes it.
    ///
    /// The value is encoded straight into a JSON tree (`JSONValueEncoder`), as `JSONEncoder`
    /// would encode it, with no text in between. A value equal to the one the session holds
    /// changes nothing, so the session is not written for it (a table's first page asked again
    /// sets the same keyset cursor).
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded as JSON (a NaN, or an integer
    ///   beyond ±2^53, which a JSON number read as a `Double` cannot hold exactly).
    public func set<Value>(_ value: Value?, for key: SessionKey<Value>) throws {
        guard let value else {
            removeValue(for: key)
            return
        }
        let json = try JSONValueEncoder().encode(value)
        state.withLock { state in
            guard state.values[key.name] != json else { return }
            state.values[key.name] = json
            state.changes.setValues[key.name] = json
            state.changes.removedValues.remove(key.name)
        }
    }

    /// Removes the value stored under `key`.
    public func removeValue<Value>(for key: SessionKey<Value>) {
        state.withLock { state in
            state.values[key.name] = nil
            state.changes.setValues[key.name] = nil
            state.changes.removedValues.insert(key.name)
        }
    }

    /// The names of the stored values.
    public var valueNames: [String] {
        state.withLock { $0.values.keys.sorted() }
    }

    // MARK: - SDK bookkeeping

    /// Whether the phone has received the full navigation definition `id` in this session.
    func hasReceivedNavigation(_ id: String) -> Bool {
        state.withLock { $0.sentNavigation.contains(id) }
    }

    /// The canonical app version the phone last received.
    var phoneVersion: String? {
        state.withLock { $0.version }
    }

    /// Records what an answer that is about to be sent told the phone.
    func recordSent(navigation ids: Set<String>, version: String?) {
        state.withLock { state in
            if let version, version != state.version {
                // A new version purges the phone's navigation cache
                // (docs/protocol/caching.md#version-change-one-purge).
                state.sentNavigation.removeAll()
                state.changes.sentNavigation.removeAll()
                state.changes.resetsNavigation = true
                state.changes.version = version
                state.version = version
            }
            let new = ids.subtracting(state.sentNavigation)
            state.sentNavigation.formUnion(new)
            state.changes.sentNavigation.formUnion(new)
        }
    }

    /// What this request changed, stamped with `now` when the session should be touched.
    func pendingChanges(touchingAt now: Date?) -> SessionChanges {
        state.withLock { state in
            var changes = state.changes
            changes.lastSeen = now
            return changes
        }
    }

    /// The session as a record to insert, values and navigation included.
    func record(lastSeen: Date) -> SessionRecord {
        state.withLock { state in
            SessionRecord(token: token, device: device, createdAt: createdAt, lastSeen: lastSeen, version: state.version,
                          values: state.values, sentNavigation: state.sentNavigation)
        }
    }
}
