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
        // Speed matters here: the exact type is compared first (cheap), and only then is the value
        // cast; on Linux a failed cast, especially to NSNumber, goes through the slow bridging path.
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == FoundationTypes.string, let string = value as? String {
            self = .string(string)
        } else if type == FoundationTypes.dictionary, let dictionary = value as? [String: Any] {
            self = .object(JSONValue.object(foundation: dictionary))
        } else if type == FoundationTypes.array, let array = value as? [Any] {
            self = .array(array.map(JSONValue.init(foundation:)))
        } else if type == FoundationTypes.number, let number = value as? NSNumber {
            self = number.objCType.pointee == 0x63 ? .bool(number.boolValue) : .number(number.doubleValue)
        } else if let string = value as? String {
            self = .string(string)
        } else if let dictionary = value as? [String: Any] {
            self = .object(JSONValue.object(foundation: dictionary))
        } else if let array = value as? [Any] {
            self = .array(array.map(JSONValue.init(foundation:)))
        } else if let number = value as? NSNumber {
            // Foundation boxes JSON `true`/`false` as a char-typed NSNumber ("c").
            self = number.objCType.pointee == 0x63 ? .bool(number.boolValue) : .number(number.doubleValue)
        } else {
            self = .null
        }
    }

    private static func object(foundation dictionary: [String: Any]) -> JSONObject {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(dictionary.count)
        for (key, member) in dictionary {
            members.append(JSONObject.Member(key: key, wireKey: WireKey(name: key), value: JSONValue(foundation: member)))
        }
        return JSONObject(uniqueMembers: members)
    }

    private static func describe(parseError error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String, !detail.isEmpty {
            return detail
        }
        return nsError.localizedDescription
    }
}

/// The types `JSONSerialization` produces, for exact-type checks.
private enum FoundationTypes {
    static let string = ObjectIdentifier(String.self)
    static let dictionary = ObjectIdentifier([String: Any].self)
    static let array = ObjectIdentifier([Any].self)
    static let number = ObjectIdentifier(NSNumber.self)
}
