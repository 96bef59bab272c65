/// A packet from the phone (PROTOCOL.md §1.2, §3.3): `setConnection` first, then one per tap,
/// form save, table page.
public struct RequestPacket: Sendable, Hashable {
    /// The server function to run.
    public var method: String
    /// The session token; absent only in `setConnection`.
    public var token: String?
    /// `setConnection`: the app bundle.
    public var bundleID: String?
    /// `setConnection`: the device identifier.
    public var uuid: String?
    /// `setConnection`: the screen rectangle.
    public var bounds: Bounds?
    /// `setConnection`: the app's version.
    public var xpediteVersion: Int?
    /// The method dict's static arguments, echoed back.
    public var parameters: [String: JSONValue]?
    /// Captured input: `formdata[formId][name]`, and standalone fields at `formdata[name]`.
    public var formdata: [String: JSONValue]?
    /// A table row's value for the `clickRow.selected` field.
    public var selected: JSONValue?
    /// A table row's 0-based index, when `clickRow` has no `selected`.
    public var row: Int?
    /// Data requests: the first row wanted.
    public var offset: Int?
    /// Data requests: how many rows.
    public var limit: Int?
    /// Keys the protocol does not define: old servers read arguments from the top level.
    public var arguments: [String: JSONValue]

    /// The method of the first packet.
    public static let setConnection = "setConnection"

    /// Creates a request.
    public init(method: String, token: String? = nil, bundleID: String? = nil, uuid: String? = nil,
                bounds: Bounds? = nil, xpediteVersion: Int? = nil, parameters: [String: JSONValue]? = nil,
                formdata: [String: JSONValue]? = nil, selected: JSONValue? = nil, row: Int? = nil,
                offset: Int? = nil, limit: Int? = nil, arguments: [String: JSONValue] = [:]) {
        self.method = method
        self.token = token
        self.bundleID = bundleID
        self.uuid = uuid
        self.bounds = bounds
        self.xpediteVersion = xpediteVersion
        self.parameters = parameters
        self.formdata = formdata
        self.selected = selected
        self.row = row
        self.offset = offset
        self.limit = limit
        self.arguments = arguments
    }

    /// Whether this is the first packet of a conversation.
    public var isSetConnection: Bool { method == RequestPacket.setConnection }

    static let shape = ObjectShape(name: "request", summary: "A packet from the phone.", properties: [
        .init("method", .string, required: true, "The server function to run."),
        .init("token", .string, "Session token; in every packet after setConnection."),
        .init("bundleID", .string, "setConnection: the app bundle."),
        .init("uuid", .string, "setConnection: the device identifier."),
        .init("bounds", .bounds, "setConnection: the screen rectangle, \"(x, y, width, height)\"."),
        .init("xpediteVersion", .integer, "setConnection: the app's version."),
        .init("parameters", .map(.any), "The method dict's static arguments."),
        .init("formdata", .map(.any), "Captured input."),
        .init("selected", .any, "Table clickRow: the row's value of the selected field."),
        .init("row", .boundedInteger(minimum: 0), "Table clickRow without selected: 0-based row index."),
        .init("offset", .boundedInteger(minimum: 0), "Data request: first row wanted."),
        .init("limit", .boundedInteger(minimum: 1), "Data request: batch size (default 40)."),
    ])

    init?(reading reader: ObjectReader) {
        guard let method = reader.string(.method) else { return nil }
        let known = Set(RequestPacket.shape.keys)
        self.init(method: method, token: reader.string(.token), bundleID: reader.string(.bundleID),
                  uuid: reader.string(.uuid), bounds: reader.string(.bounds).flatMap(Bounds.init(parsing:)),
                  xpediteVersion: reader.int(.xpediteVersion), parameters: reader.map(.parameters),
                  formdata: reader.map(.formdata), selected: reader[.selected], row: reader.int(.row),
                  offset: reader.int(.offset), limit: reader.int(.limit),
                  arguments: Dictionary(reader.members.filter { !known.contains($0.key) }, uniquingKeysWith: { _, last in last }))
    }

    /// The canonical JSON tree.
    public var json: JSONValue {
        var writer = ObjectWriter()
        for (key, value) in arguments { writer.set(name: key, value) }
        writer.set(.method, method)
        writer.set(.token, token)
        writer.set(.bundleID, bundleID)
        writer.set(.uuid, uuid)
        writer.set(.bounds, bounds?.description)
        writer.set(.xpediteVersion, xpediteVersion)
        writer.set(.parameters, parameters)
        writer.set(.formdata, formdata)
        writer.set(.selected, selected)
        writer.set(.row, row)
        writer.set(.offset, offset)
        writer.set(.limit, limit)
        return writer.json
    }
}
