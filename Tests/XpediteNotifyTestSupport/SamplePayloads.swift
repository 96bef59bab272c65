import XpediteProtocol

/// The payloads the notification tests send, written once for every test target.
public enum SamplePayloads {
    /// The favourite-colour payload of the source document: one drop-down list.
    public static let colour: JSONValue = [
        "responseTopic": "/a/b/c",
        "fields": [["id": "simpleDropList", "type": "droplist", "label": "Pick your favorite color",
                    "values": ["Red", "Green", "Blue"], "default": "Blue"]],
    ]

    /// ``colour`` with the source document's `state`, which comes back in every response object.
    public static let colourWithState: JSONValue = [
        "responseTopic": "/a/b/c",
        "fields": [["id": "simpleDropList", "type": "droplist", "label": "Pick your favorite color",
                    "values": ["Red", "Green", "Blue"], "default": "Blue"]],
        "state": ["myStateData": 123],
    ]

    /// A payload asking for one photo.
    public static let photo: JSONValue = ["responseTopic": "/photos", "fields": [["id": "photo", "type": "camera"]]]
}
