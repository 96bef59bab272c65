import XpediteProtocol

/// One start request the user may open (`GET /device/requests`, docs/notify-api.md#device-routes;
/// the "Start" tab of docs/notify-api.md#named-payloads-and-start-requests).
public struct StartRequestEntry: Sendable, Hashable {
    /// The request's name, for ``DeviceClient/startRequest(_:)``.
    public var name: String
    /// Its title.
    public var title: String
    /// Its body (a subtitle).
    public var body: String
    /// The topic its responses are published to.
    public var responseTopic: String

    /// Creates an entry.
    public init(name: String, title: String, body: String, responseTopic: String) {
        self.name = name
        self.title = title
        self.body = body
        self.responseTopic = responseTopic
    }

    /// Reads an entry of `requests`; `nil` without a `name`.
    init?(json value: JSONValue) {
        guard let name = value["name"]?.stringValue else { return nil }
        self.init(name: name, title: value["title"]?.stringValue ?? "", body: value["body"]?.stringValue ?? "",
                  responseTopic: value["responseTopic"]?.stringValue ?? "")
    }

    /// The JSON the API gave.
    public var json: JSONValue {
        ["name": .string(name), "title": .string(title), "body": .string(body), "responseTopic": .string(responseTopic)]
    }
}
