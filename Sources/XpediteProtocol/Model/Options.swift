/// Helpers for select and radio `options` (docs/protocol/values.md#options).
public enum Options {
    /// The option keys in display order: plain code-point order of the key strings.
    public static func sortedKeys(_ options: [String: String]) -> [String] {
        sorted(Array(options.keys))
    }

    /// Keys in display order: plain code-point order.
    public static func sorted(_ keys: [String]) -> [String] {
        keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    static func read(_ members: [String: JSONValue]?) -> [String: String] {
        guard let members else { return [:] }
        var options: [String: String] = [:]
        for (key, label) in members {
            if let label = label.stringValue { options[key] = label }
        }
        return options
    }
}
