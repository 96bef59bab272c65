import Foundation

extension JSONValue {
    /// Parses UTF-8 JSON text into a tree.
    ///
    /// Parsing is Foundation's `JSONSerialization`; this only converts its `Any` tree into
    /// ``JSONValue`` (telling booleans from numbers, which Foundation boxes alike).
    ///
    /// - Throws: ``PacketError/notJSON(_:)`` when the bytes are not JSON text.
    public init(parsing data: Data) throws(PacketError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw PacketError.notJSON(JSONValue.describe(parseError: error))
        }
        self = JSONValue(foundation: object)
    }

    /// Parses a JSON string; see ``init(parsing:)-(Data)``.
    public init(parsing text: String) throws(PacketError) {
        try self.init(parsing: Data(text.utf8))
    }

    /// Converts a value produced by `JSONSerialization` into a tree.
    init(foundation value: Any) {
        switch value {
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            // Foundation boxes JSON `true`/`false` as a char-typed NSNumber ("c").
            if number.objCType.pointee == 0x63 {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let array as [Any]:
            self = .array(array.map(JSONValue.init(foundation:)))
        case let dictionary as [String: Any]:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, member) in dictionary {
                members[key] = JSONValue(foundation: member)
            }
            self = .object(members)
        default:
            self = .null
        }
    }

    private static func describe(parseError error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String, !detail.isEmpty {
            return detail
        }
        return nsError.localizedDescription
    }
}
