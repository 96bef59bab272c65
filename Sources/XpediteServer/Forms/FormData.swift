/// The captured input of a request: `formdata` and, for servers written against the old page,
/// the request's unknown top-level keys (docs/protocol/forms.md).
///
/// A field `name` of form `formId` is looked up in the order of
/// docs/protocol/forms.md#the-lookup-order: `formdata[formId][name]`, then `formdata[name]`, then
/// the top-level key `name`.
public struct FormData: Sendable, Hashable {
    /// The request's `formdata` object: forms by id, standalone fields by name.
    public var formdata: [String: JSONValue]
    /// The request's top-level keys the protocol does not define.
    public var topLevel: [String: JSONValue]

    /// Creates form data.
    public init(formdata: [String: JSONValue] = [:], topLevel: [String: JSONValue] = [:]) {
        self.formdata = formdata
        self.topLevel = topLevel
    }

    /// Whether the request carried any input for form `formID`: its object under `formdata`.
    public func contains(form formID: String) -> Bool {
        formdata[formID]?.objectValue != nil
    }

    /// The value of field `name` of form `formID` (or of a standalone field when `formID` is
    /// `nil`), in the order of docs/protocol/forms.md#the-lookup-order.
    public func value(of name: String, inForm formID: String?) -> JSONValue? {
        if let formID, let value = formdata[formID]?.objectValue?[name] { return value }
        if let value = formdata[name], value.objectValue == nil { return value }
        return topLevel[name]
    }

    /// The names with a value for form `formID`, in any of the three places.
    func names(inForm formID: String?) -> Set<String> {
        var names = Set(topLevel.keys)
        for (key, value) in formdata where value.objectValue == nil { names.insert(key) }
        if let formID, let fields = formdata[formID]?.objectValue { names.formUnion(fields.keys) }
        return names
    }

    /// Decodes form `formID` into the app's own type.
    ///
    /// - Throws: ``FormError`` naming the first field that is missing or malformed.
    public func decode<Value: Decodable>(_ type: Value.Type, form formID: String?) throws -> Value {
        try FormDecoder(data: self, formID: formID).decode(type)
    }
}
