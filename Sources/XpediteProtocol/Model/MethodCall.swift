/// The method dict (docs/protocol/packets.md#method-dicts): what a button, a row, a menu entry, a
/// form's save or cancel asks the server to run.
///
/// Old-dialect plain strings (`"method":"setOkay"`) are normalised to `{"function":"setOkay"}`.
public struct MethodCall: Sendable, Hashable {
    /// The server function; sent as the request's `method`.
    public var function: String
    /// Static arguments chosen by the server, echoed back verbatim as `parameters`.
    public var parameters: [String: JSONValue]?
    /// Whether the screen's captured input goes with the call.
    public var formdata: Bool
    /// The screen-stack hint; only `"root"` is defined.
    public var navigation: String?
    /// For a table `clickRow`: the row field whose value is sent as `selected`.
    public var selected: String?

    /// Creates a method dict.
    public init(function: String, parameters: [String: JSONValue]? = nil, formdata: Bool = false,
                navigation: String? = nil, selected: String? = nil) {
        self.function = function
        self.parameters = parameters
        self.formdata = formdata
        self.navigation = navigation
        self.selected = selected
    }

    static let shape = ObjectShape(name: "method", displayName: "method dict", expectation: "a method dict {\"function\": name}", summary: "A call to a server function.", properties: [
        .init("function", .string, required: true, "Name of the server function; sent as the request's method."),
        .init("parameters", .map(.any), "Static arguments, echoed back verbatim under parameters."),
        .init("formdata", .boolean, "When true, the screen's captured input is sent with the call."),
        .init("navigation", .string, "Screen-stack hint; only \"root\" is defined."),
        .init("selected", .string, "Table clickRow only: the row field whose value is sent."),
    ])

    init?(reading reader: ObjectReader) {
        guard let function = reader.string(.function) else { return nil }
        self.init(function: function, parameters: reader.map(.parameters), formdata: reader.bool(.formdata) ?? false,
                  navigation: reader.string(.navigation), selected: reader.string(.selected))
    }

    /// The canonical JSON of the dict.
    public var json: JSONValue {
        var writer = ObjectWriter()
        writer.set(.function, function)
        writer.set(.parameters, parameters)
        if formdata { writer.set(.formdata, true) }
        writer.set(.navigation, navigation)
        writer.set(.selected, selected)
        return writer.json
    }
}
