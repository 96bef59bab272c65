import Foundation

/// What one request changed in a session: the store applies it atomically, key by key, so
/// concurrent requests on one session never lose each other's changes to different keys
/// (two writes to the same key: the last one wins).
public struct SessionChanges: Sendable, Hashable {
    /// App values set, by key name, as JSON.
    public var setValues: [String: JSONValue]
    /// App values removed, by key name.
    public var removedValues: Set<String>
    /// Navigation ids sent in full to the phone by this request
    /// (docs/protocol/menus.md#a-menu-cached-by-id).
    public var sentNavigation: Set<String>
    /// Whether the phone's navigation cache was purged (a new app `version`), so every id
    /// recorded before this request is forgotten before ``sentNavigation`` is added.
    public var resetsNavigation: Bool
    /// The canonical app version the phone now holds, when it changed.
    public var version: String?
    /// The new last-activity time, when the session is touched.
    public var lastSeen: Date?

    /// Creates a change set.
    public init(setValues: [String: JSONValue] = [:], removedValues: Set<String> = [], sentNavigation: Set<String> = [],
                resetsNavigation: Bool = false, version: String? = nil, lastSeen: Date? = nil) {
        self.setValues = setValues
        self.removedValues = removedValues
        self.sentNavigation = sentNavigation
        self.resetsNavigation = resetsNavigation
        self.version = version
        self.lastSeen = lastSeen
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        setValues.isEmpty && removedValues.isEmpty && sentNavigation.isEmpty && !resetsNavigation
            && version == nil && lastSeen == nil
    }

    /// Whether app values or navigation ids changed (more than a touch).
    var changesContent: Bool {
        !setValues.isEmpty || !removedValues.isEmpty || !sentNavigation.isEmpty || resetsNavigation || version != nil
    }
}
