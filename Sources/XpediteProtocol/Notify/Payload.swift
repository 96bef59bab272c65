import Foundation

/// A notification payload (docs/notify.md#the-payload-model): the form backend code sends to users,
/// and the topic their answers are published to.
///
/// A payload is either **inline**, carrying its `fields`, or **named**: `payloadName` names a
/// stored payload whose fields are used instead (docs/notify.md#the-payload-model), resolved with
/// ``resolving(_:)``. Whether an inline payload travels inside the push ("direct") or is stored and
/// fetched ("indirect") is a matter of sending, not of the payload.
///
/// ```swift
/// let payload = try Payload(validating: data)            // throws PacketError.invalid(issues)
/// for field in payload.inputFields { print(field.id ?? "", field.requirement ?? .required) }
/// ```
public struct Payload: Sendable, Hashable {
    /// `responseTopic`: where the response object is published, `/a/b/c`.
    public var responseTopic: String
    /// `fields`: the widgets, in order; `nil` in a named payload.
    public var fields: [Field]?
    /// `state`: any JSON, copied unchanged into the response's `state`.
    public var state: JSONValue?
    /// `payloadName`: the name of a stored payload whose fields this payload uses.
    public var payloadName: String?

    /// Creates a payload.
    public init(responseTopic: String, fields: [Field]? = nil, state: JSONValue? = nil, payloadName: String? = nil) {
        self.responseTopic = responseTopic
        self.fields = fields
        self.state = state
        self.payloadName = payloadName
    }

    /// Parses, validates and reads a payload; refuses one with any error.
    ///
    /// - Throws: ``PacketError/notJSON(_:)`` or ``PacketError/invalid(_:)`` with every issue.
    public init(validating data: Data) throws(PacketError) {
        try self.init(validating: try JSONValue(parsing: data))
    }

    /// Validates and reads a parsed payload; refuses one with any error.
    public init(validating value: JSONValue) throws(PacketError) {
        let report = PayloadValidator().validate(value)
        guard report.isValid, let payload = report.payload else { throw .invalid(report.issues) }
        self = payload
    }

    /// Reads a payload that was validated when it was stored (a store reading back what it wrote):
    /// it is read, not validated again, so that answering a message does not parse and type its
    /// rules' expressions once more on every answer. What is not an object with a string
    /// `responseTopic` is refused, so that a damaged row is still told apart.
    ///
    /// - Throws: ``PacketError/invalid(_:)`` when `value` is not a payload object.
    public init(stored value: JSONValue) throws(PacketError) {
        guard case .object(let members) = value, members.string("responseTopic") != nil else {
            throw .invalid([.error(.typeMismatch, at: .root, "expected a stored payload object, got \(value.summary)")])
        }
        self.init(reading: members)
    }

    /// Whether `payloadName` replaces `fields` (docs/notify.md#the-payload-model).
    public var isNamed: Bool { payloadName != nil }

    /// The fields that produce a value in the response, in order.
    public var inputFields: [Field] { (fields ?? []).filter(\.isInput) }

    /// The `value`s of the payload's own buttons (footerButton, inlineButton, buttonCluster), in
    /// order. Empty means the app adds the automatic "Submit" button, whose value is 0.
    public var buttonValues: [Int] { (fields ?? []).flatMap(\.submitValues) }

    /// The `submitValue`s a response may carry: the button values, or `[0]` when the payload has
    /// no button of its own (docs/decisions/0038-submitvalue-and-the-payloads-own-buttons.md).
    public var allowedSubmitValues: [Int] {
        let values = buttonValues
        return values.isEmpty ? [0] : values
    }

    /// This payload with a named payload's fields (docs/notify.md#the-payload-model): the topic and
    /// (when given) the `state` stay this payload's; `fields` (and `state`, when this payload has
    /// none) come from `named`.
    public func resolving(_ named: Payload) -> Payload {
        Payload(responseTopic: responseTopic, fields: named.fields, state: state ?? named.state, payloadName: nil)
    }

    static let shape = ObjectShape(
        name: "notify.payload", displayName: "payload", expectation: "a payload object",
        summary: "A notification payload (docs/notify.md#the-payload-model): the form sent to users and the topic of their answers.",
        properties: [
            .init("responseTopic", .string, required: true, "The topic the response object is published to, /a/b/c."),
            .init("fields", .array(.any), "The fields, one widget each, in order; required unless payloadName is given."),
            .init("state", .any, "Any JSON; copied unchanged into the response's state."),
            .init("payloadName", .string, "The name of a stored payload whose fields are used instead of fields."),
        ])

    /// Reads a payload tolerantly: members of the wrong type read as absent, fields without a
    /// string `type` are skipped. The validator has reported all of it.
    init(reading members: JSONObject) {
        let fields = members["fields"]?.arrayValue.map { elements in
            elements.compactMap { $0.objectValue.flatMap(Field.init(reading:)) }
        }
        self.init(responseTopic: members.string("responseTopic") ?? "", fields: fields, state: members["state"],
                  payloadName: members.string("payloadName"))
    }

    /// The canonical JSON (write it with ``CanonicalJSON``).
    public var json: JSONValue {
        var writer = ObjectWriter()
        writer.set(name: "responseTopic", responseTopic)
        writer.set(name: "fields", fields.map { JSONValue.array($0.map(\.json)) })
        writer.set(name: "state", state)
        writer.set(name: "payloadName", payloadName)
        return writer.json
    }
}
