import Foundation
import XpediteProtocol

extension Notifier {
    /// Publishes a response read back from the store (stored by this server or another one on
    /// the same database) to this server's subscribers of its topic: how a relay such as
    /// XpeditePostgres' `PostgresResponseRelay` delivers responses across servers.
    ///
    /// - Throws: `StoreError.corrupt` when the stored JSON is not a response object.
    public func publish(stored response: StoredResponse) throws {
        let object = try Self.responseObject(storedJSON: response.json)
        hub.publish(PublishedResponse(cursor: response.cursor, object: object, json: response.json), to: response.topic)
    }

    /// A stored response object read back (it was written by ``submitResponse(_:from:)``).
    static func responseObject(storedJSON json: Data) throws -> ResponseObject {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json)
        } catch {
            throw StoreError.corrupt("a stored response is not JSON: \(error)")
        }
        guard let members = value.objectValue, let topic = members["responseTopic"]?.stringValue,
              let submitValue = members["submitValue"]?.intValue, let username = members["username"]?.stringValue,
              let deviceId = members["deviceId"]?.stringValue, let deviceName = members["deviceName"]?.stringValue,
              let values = members["values"]?.objectValue else {
            throw StoreError.corrupt("a stored response lacks a member of the response object")
        }
        return ResponseObject(responseTopic: topic, submitValue: submitValue, username: username, deviceId: deviceId,
                              deviceName: deviceName, values: values, state: members["state"],
                              messageId: members["messageId"]?.stringValue, request: members["request"]?.stringValue,
                              responseId: members["responseId"]?.stringValue, receivedAt: members["receivedAt"]?.stringValue)
    }
}
