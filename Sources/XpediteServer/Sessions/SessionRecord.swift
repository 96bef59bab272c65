import Foundation

/// A session as a ``SessionStore`` keeps it: the token, the device, times, and the app's values.
public struct SessionRecord: Sendable, Hashable {
    /// The opaque token the phone sends with every request
    /// (docs/protocol/packets.md#tokens-and-sessions).
    public var token: String
    /// What the phone said in `setConnection`.
    public var device: Device
    /// When the session was created.
    public var createdAt: Date
    /// The last request on the session; the idle timeout counts from here.
    public var lastSeen: Date
    /// The canonical app `version` the phone last received, or `nil` before the first answer.
    public var version: String?
    /// App values as JSON, by key name.
    public var values: [String: JSONValue]
    /// The navigation ids this session has received in full
    /// (docs/protocol/menus.md#a-menu-cached-by-id).
    public var sentNavigation: Set<String>

    /// Creates a record.
    public init(token: String, device: Device = Device(), createdAt: Date, lastSeen: Date? = nil, version: String? = nil,
                values: [String: JSONValue] = [:], sentNavigation: Set<String> = []) {
        self.token = token
        self.device = device
        self.createdAt = createdAt
        self.lastSeen = lastSeen ?? createdAt
        self.version = version
        self.values = values
        self.sentNavigation = sentNavigation
    }

    /// Applies a change set: removed values go, set values win, navigation ids are reset and/or added.
    public mutating func apply(_ changes: SessionChanges) {
        for name in changes.removedValues { values[name] = nil }
        for (name, value) in changes.setValues { values[name] = value }
        if changes.resetsNavigation { sentNavigation.removeAll() }
        sentNavigation.formUnion(changes.sentNavigation)
        if let version = changes.version { self.version = version }
        if let lastSeen = changes.lastSeen, lastSeen > self.lastSeen { self.lastSeen = lastSeen }
    }
}
