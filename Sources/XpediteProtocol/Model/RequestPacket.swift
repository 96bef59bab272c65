import Foundation

/// A packet from the phone (docs/protocol/packets.md#1-the-first-packet-setconnection,
/// docs/protocol/packets.md#the-request-envelope): `setConnection` first, then one per tap, form
/// save, table page.
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
    /// `setConnection`: the appearance the phone draws in; `nil` when it did not say.
    public var appearance: Appearance?
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
                bounds: Bounds? = nil, xpediteVersion: Int? = nil, appearance: Appearance? = nil, parameters: [String: JSONValue]? = nil,
                formdata: [String: JSONValue]? = nil, selected: JSONValue? = nil, row: Int? = nil,
                offset: Int? = nil, limit: Int? = nil, arguments: [String: JSONValue] = [:]) {
        self.method = method
        self.token = token
        self.bundleID = bundleID
        self.uuid = uuid
        self.bounds = bounds
        self.xpediteVersion = xpediteVersion
        self.appearance = appearance
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
        .init("appearance", .oneOf(Appearance.wireValues), "setConnection: the phone's appearance, \"light\" or \"dark\"; optional."),
        .init("parameters", .map(.any), "The method dict's static arguments."),
        .init("formdata", .map(.any), "Captured input."),
        .init("selected", .any, "Table clickRow: the row's value of the selected field."),
        .init("row", .boundedInteger(minimum: 0), "Table clickRow without selected: 0-based row index."),
        .init("offset", .boundedInteger(minimum: 0), "Data request: first row wanted."),
        .init("limit", .boundedInteger(minimum: 1), "Data request: batch size (default 40)."),
    ])

    init?(reading reader: ObjectReader) {
        guard let method = reader.string(.method) else { return nil }
        let known = RequestPacket.knownKeys
        self.init(method: method, token: reader.string(.token), bundleID: reader.string(.bundleID),
                  uuid: reader.string(.uuid), bounds: reader.string(.bounds).flatMap(Bounds.init(parsing:)),
                  xpediteVersion: reader.int(.xpediteVersion),
                  appearance: reader.string(.appearance).flatMap(Appearance.init(rawValue:)), parameters: reader.map(.parameters),
                  formdata: reader.map(.formdata), selected: reader[.selected], row: reader.int(.row),
                  offset: reader.int(.offset), limit: reader.int(.limit),
                  arguments: Dictionary(reader.members.filter { !known.contains($0.key) }, uniquingKeysWith: { _, last in last }))
    }

    /// The keys the protocol defines for a request; any other key is an argument.
    private static let knownKeys = Set(shape.keys)

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
        writer.set(.appearance, appearance?.rawValue)
        writer.set(.parameters, parameters)
        writer.set(.formdata, formdata)
        writer.set(.selected, selected)
        writer.set(.row, row)
        writer.set(.offset, offset)
        writer.set(.limit, limit)
        return writer.json
    }
}

extension RequestPacket {
    /// Reads a `setConnection` forgivingly: a server never refuses the first packet of a phone
    /// (docs/decisions/0025-forgiving-to-phones-a-setconnection-is-never.md). Later requests stay strict.
    ///
    /// - `xpediteVersion` may be a number or a string (`"3"`, `"3.1"` reads as 3);
    /// - `uuid` and `bundleID` may be missing (or `null`); a number is read as its text;
    /// - `bounds` may take any shape ``Bounds/init(connecting:)`` reads;
    /// - `appearance` is `"light"` or `"dark"` (either case, spaces around it ignored); any other
    ///   value is left out with a warning, and a missing one is simply unknown;
    /// - a value that cannot be read (garbled bounds, a version that is no number) is left out
    ///   (`nil`) with a warning among the issues, and so is a missing `bounds`.
    ///
    /// The issues are those warnings, then any errors elsewhere that the lenient read ignored.
    ///
    /// Every other key is read as a lenient reader reads it. The packet's `method` is always
    /// `setConnection`.
    public static func connection(from members: JSONObject) -> Decoded<RequestPacket> {
        var repaired = members
        var notes: [ValidationIssue] = []
        let root = JSONPath.root
        // `null` counts as missing.
        var members = members
        for key in [WireKey.bundleID, .uuid, .bounds, .xpediteVersion, .appearance] where members[key]?.isNull == true {
            members[key] = nil
            repaired[key] = nil
        }
        for key in [WireKey.bundleID, .uuid] {
            switch members[key] {
            case .string?, nil: break
            case .number(let number)?: repaired[key] = .string(JSONValue.format(number: number))
            case let other?:
                repaired[key] = nil
                notes.append(.warning(.typeMismatch, at: root.appending(key.name),
                                      "expected a string, got \(other.typeName); ignored"))
            }
        }
        let version = members[.xpediteVersion].map(connectionVersion)
        switch version {
        case nil:
            break
        case (let number?, let lossless)?:
            repaired[.xpediteVersion] = .number(Double(number))
            if !lossless, let sent = members[.xpediteVersion] {
                notes.append(.warning(.typeMismatch, at: root.appending("xpediteVersion"),
                                      "read \(sent.summary) as version \(number)"))
            }
        case (nil, _)?:
            repaired[.xpediteVersion] = nil
            notes.append(.warning(.typeMismatch, at: root.appending("xpediteVersion"),
                                  "expected a version number, got \(members[.xpediteVersion]?.summary ?? "nothing"); ignored"))
        }
        let bounds = members[.bounds].flatMap(Bounds.init(connecting:))
        repaired[.bounds] = bounds.map { .string($0.description) }
        if bounds == nil {
            let message = members[.bounds].map { "\($0.summary) is not a screen rectangle; the bounds are unknown" }
                ?? "setConnection has no bounds; the bounds are unknown"
            notes.append(.warning(.invalidBounds, at: members[.bounds] == nil ? root : root.appending("bounds"), message))
        }
        let appearance = members[.appearance].flatMap(connectionAppearance)
        repaired[.appearance] = appearance.map { .string($0.rawValue) }
        if appearance == nil, let sent = members[.appearance] {
            notes.append(.warning(.invalidValue, at: root.appending("appearance"),
                                  "expected \"light\" or \"dark\", got \(sent.summary); the appearance is unknown"))
        }
        repaired[.method] = .string(RequestPacket.setConnection)
        var decoded: Decoded<RequestPacket>
        do {
            decoded = try PacketDecoder(mode: .lenient).decodeRequest(.object(repaired))
        } catch {
            // Unreachable: a lenient read of an object with a method always builds a packet.
            decoded = Decoded(packet: RequestPacket(method: RequestPacket.setConnection), issues: [], droppedComponents: [])
        }
        decoded.packet.bounds = bounds
        decoded.packet.appearance = appearance
        // The repairs above answer the errors about the device keys, and a missing uuid or
        // bundleID is allowed; what remains are errors elsewhere that the lenient read ignored.
        decoded.issues = notes + decoded.issues.filter { issue in
            issue.severity == .error && !(issue.code == .missingKey && issue.path == root)
                && !["$.bounds", "$.xpediteVersion", "$.uuid", "$.bundleID", "$.appearance"].contains(issue.path.description)
        }
        return decoded
    }

    /// The appearance a phone sent: `"light"` or `"dark"`, in any case, spaces around it ignored.
    private static func connectionAppearance(_ value: JSONValue) -> Appearance? {
        guard case .string(let text) = value else { return nil }
        return Appearance(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The version a phone sent, read as a whole number, and whether nothing was lost reading it.
    private static func connectionVersion(_ value: JSONValue) -> (Int?, Bool) {
        switch value {
        case .number(let number) where number.isFinite && abs(number) < 1e15:
            return (Int(number), number == number.rounded(.towardZero))
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let number = Int(trimmed) { return (number, true) }
            // "3.1" or "3.1.4": the major version.
            let major = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            if !major.isEmpty, major.allSatisfy(\.isNumber), let number = Int(major) { return (number, false) }
            return (nil, false)
        default:
            return (nil, false)
        }
    }
}
