import Foundation
import XpediteProtocol

/// The canonical JSON of a tree as Foundation's `JSONEncoder` writes it through `JSONValue`'s
/// `Encodable` conformance: what ``CanonicalJSON`` did before it had its own writer, kept as the
/// reference the writer must match byte for byte.
enum ReferenceEncoder {
    static func data(_ value: JSONValue, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
