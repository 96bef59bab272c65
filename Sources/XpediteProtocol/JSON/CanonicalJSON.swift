import Foundation

/// Canonical JSON: sorted keys and unescaped slashes, the form every golden file and every
/// packet the project writes uses (docs/architecture.md#conventions).
///
/// The tree is written straight into bytes by the project's own writer — byte for byte what
/// `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes, without walking the tree
/// through `Encodable` (which cost three quarters of a server's time per answer).
public enum CanonicalJSON {
    /// Encodes a tree as compact (or pretty-printed) canonical JSON.
    public static func data(_ value: JSONValue, pretty: Bool = false) -> Data {
        var writer = CanonicalJSONWriter(pretty: pretty)
        writer.write(value)
        return writer.withWritten { Data(buffer: $0) }
    }

    /// Calls `body` with the canonical JSON of a tree, written into a buffer that lives only for
    /// the call: a server copies it once into its own output buffer, with no `Data` in between.
    public static func withBytes<Result>(of value: JSONValue, pretty: Bool = false,
                                         _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var writer = CanonicalJSONWriter(pretty: pretty)
        writer.write(value)
        return try writer.withWritten(body)
    }

    /// Calls `body` with the canonical JSON of a data response: the same bytes as
    /// ``withBytes(of:pretty:_:)`` writes for `response.json`, with the rows written straight
    /// from the response (no tree of them is built). A server answers table pages this way.
    public static func withBytes<Result>(of response: DataResponse, pretty: Bool = false,
                                         _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var writer = CanonicalJSONWriter(pretty: pretty, capacity: 8192)
        writer.write(response)
        return try writer.withWritten(body)
    }

    /// Encodes a tree as canonical JSON bytes.
    public static func bytes(_ value: JSONValue, pretty: Bool = false) -> [UInt8] {
        var writer = CanonicalJSONWriter(pretty: pretty)
        writer.write(value)
        return writer.withWritten { Array($0) }
    }

    /// Encodes a tree as a canonical JSON string.
    public static func string(_ value: JSONValue, pretty: Bool = false) -> String {
        String(decoding: bytes(value, pretty: pretty), as: UTF8.self)
    }
}
