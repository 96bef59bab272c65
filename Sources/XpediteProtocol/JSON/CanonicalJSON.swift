import Foundation

/// Canonical JSON: sorted keys and unescaped slashes, the form every golden file and every
/// packet the project writes uses (DESIGN.md §4).
public enum CanonicalJSON {
    /// Encodes a tree as compact canonical JSON.
    public static func data(_ value: JSONValue, pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            // Unreachable: a JSONValue encodes every case it has (non-finite numbers as null),
            // and JSONEncoder fails only on values it cannot represent.
            return Data("null".utf8)
        }
    }

    /// Encodes a tree as a canonical JSON string.
    public static func string(_ value: JSONValue, pretty: Bool = false) -> String {
        String(decoding: data(value, pretty: pretty), as: UTF8.self)
    }
}
