import Foundation
import XpediteProtocol

/// A response object as it was published to its topic, with its cursor.
public struct PublishedResponse: Sendable, Hashable {
    /// Its position (the `id:` of a Server-Sent Event, `after` of `GET /responses`).
    public var cursor: Int64
    /// The response object.
    public var object: ResponseObject
    /// Its canonical JSON, as it travels.
    public var json: Data

    /// Creates a published response.
    public init(cursor: Int64, object: ResponseObject, json: Data) {
        self.cursor = cursor
        self.object = object
        self.json = json
    }
}
