/// `{"dynamic": …}`: content the client fetches with a data request (docs/protocol/tables.md,
/// docs/protocol/menus.md#old-dialect-menus). The value is a function name or a method dict; the
/// canonical form is the plain name unless the dict carries more than `function`.
public struct DynamicSource: Sendable, Hashable {
    /// The call that fetches the content.
    public var method: MethodCall

    /// Creates a source from a call.
    public init(_ method: MethodCall) { self.method = method }

    /// Creates a source from a function name.
    public init(function: String) { self.method = MethodCall(function: function) }

    static let shape = ObjectShape(name: "dynamic", displayName: "dynamic source", expectation: "{\"dynamic\": function}", summary: "Content fetched with a data request.", properties: [
        .init("dynamic", .anyOf([.string, .object("method")]), required: true, "The function that returns the data."),
    ])

    init?(reading reader: ObjectReader) {
        switch reader[.dynamic] {
        case .string(let function)?: self.init(function: function)
        case .object?:
            guard let method = reader.method(.dynamic) else { return nil }
            self.init(method)
        default: return nil
        }
    }

    /// The canonical JSON.
    public var json: JSONValue {
        let isPlain = method.parameters == nil && !method.formdata && method.navigation == nil && method.selected == nil
        return .object(["dynamic": isPlain ? .string(method.function) : method.json])
    }
}
