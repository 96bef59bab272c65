import Foundation

/// The response object (docs/notify.md#the-response-object): what is published to a payload's
/// `responseTopic` when a user answers.
///
/// ```json
/// {"responseTopic":"/a/b/c","submitValue":0,"username":"joeuser@gmail.com",
///  "deviceId":"75e0540bf21638bd","deviceName":"HTC Desire 310",
///  "values":{"simpleDropList":"Green"},"state":{"myStateData":123}}
/// ```
///
/// `username`, `deviceId` and `deviceName` come from the device that answered, never from the body
/// it sent (docs/notify-api.md#device-routes). The server adds `messageId` or `request`,
/// `responseId` and `receivedAt` when it publishes.
public struct ResponseObject: Sendable, Hashable {
    /// `responseTopic`: copied from the payload.
    public var responseTopic: String
    /// `submitValue`: the value of the button pressed; 0 for the automatic "Submit".
    public var submitValue: Int
    /// `username`: who answered (their login name).
    public var username: String
    /// `deviceId`: identifies the device.
    public var deviceId: String
    /// `deviceName`: a readable description of the device.
    public var deviceName: String
    /// `values`: one member per input field with an `id`, completed (``ResponseValidator``).
    public var values: JSONObject
    /// `state`: the payload's `state`, unchanged; present only when the payload had one.
    public var state: JSONValue?
    /// `messageId`: the message answered (docs/notify-api.md#device-routes), when it answers one.
    public var messageId: String?
    /// `request`: the start request answered (docs/notify-api.md#device-routes), when it answers
    /// one.
    public var request: String?
    /// `responseId`: the id the device made for this response; the same id is the same response.
    public var responseId: String?
    /// `receivedAt`: when the server received it, ISO 8601 UTC.
    public var receivedAt: String?

    /// Creates a response object.
    public init(responseTopic: String, submitValue: Int, username: String, deviceId: String, deviceName: String,
                values: JSONObject, state: JSONValue? = nil, messageId: String? = nil, request: String? = nil,
                responseId: String? = nil, receivedAt: String? = nil) {
        self.responseTopic = responseTopic
        self.submitValue = submitValue
        self.username = username
        self.deviceId = deviceId
        self.deviceName = deviceName
        self.values = values
        self.state = state
        self.messageId = messageId
        self.request = request
        self.responseId = responseId
        self.receivedAt = receivedAt
    }

    /// Reads and checks a response object against the payload it answers, with its values
    /// completed (``ResponseValidator``).
    ///
    /// - Throws: ``PacketError/invalid(_:)`` with every issue.
    public init(validating value: JSONValue, against payload: Payload,
                validator: ResponseValidator = ResponseValidator()) throws(PacketError) {
        let report = validator.validate(value, against: payload)
        guard report.isValid, let values = report.values, let submitValue = report.submitValue,
              case .object(let members) = value else { throw .invalid(report.issues) }
        self.init(responseTopic: members.string("responseTopic") ?? payload.responseTopic, submitValue: submitValue,
                  username: members.string("username") ?? "", deviceId: members.string("deviceId") ?? "",
                  deviceName: members.string("deviceName") ?? "", values: values, state: members["state"],
                  messageId: members.string("messageId"), request: members.string("request"),
                  responseId: members.string("responseId"), receivedAt: members.string("receivedAt"))
    }

    static let shape = ObjectShape(
        name: "notify.response", displayName: "response object", expectation: "a response object",
        summary: "A response object (docs/notify.md#the-response-object), published to the payload's responseTopic.",
        properties: [
            .init("responseTopic", .string, required: true, "Copied from the payload."),
            .init("submitValue", .integer, required: true, "The value of the button pressed; 0 for the automatic Submit."),
            .init("username", .string, required: true, "Who answered (their login name)."),
            .init("deviceId", .string, required: true, "Identifies the device."),
            .init("deviceName", .string, required: true, "A readable description of the device."),
            .init("values", .map(.any), required: true, "One member per input field with an id."),
            .init("state", .any, "The payload's state, unchanged; present only when the payload had one."),
            .init("messageId", .string, "The message answered."),
            .init("request", .string, "The start request answered."),
            .init("responseId", .string, "The id the device made for this response."),
            .init("receivedAt", .string, "When the server received it, ISO 8601 UTC."),
        ])

    /// ``shape`` without `values` and `submitValue`, which ``ResponseValidator`` checks against
    /// the payload instead.
    static let envelopeShape = ObjectShape(
        name: "notify.response", displayName: shape.displayName, expectation: shape.expectation, summary: shape.summary,
        properties: shape.properties.map { property in
            ["values", "submitValue"].contains(property.key) ? .init(property.key, .any, property.summary) : property
        })

    /// The canonical JSON.
    public var json: JSONValue {
        var writer = ObjectWriter()
        writer.set(name: "responseTopic", responseTopic)
        writer.set(name: "submitValue", submitValue)
        writer.set(name: "username", username)
        writer.set(name: "deviceId", deviceId)
        writer.set(name: "deviceName", deviceName)
        writer.set(name: "values", JSONValue.object(values))
        writer.set(name: "state", state)
        writer.set(name: "messageId", messageId)
        writer.set(name: "request", request)
        writer.set(name: "responseId", responseId)
        writer.set(name: "receivedAt", receivedAt)
        return writer.json
    }
}
