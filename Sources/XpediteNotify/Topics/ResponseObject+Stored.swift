import Foundation
import XpediteProtocol

extension ResponseObject {
    /// A stored response object read back (written by `Notifier.submitResponse(_:from:)`).
    init(storedJSON json: Data) throws {
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
        self.init(responseTopic: topic, submitValue: submitValue, username: username, deviceId: deviceId,
                              deviceName: deviceName, values: values, state: members["state"],
                              messageId: members["messageId"]?.stringValue, request: members["request"]?.stringValue,
                              responseId: members["responseId"]?.stringValue, receivedAt: members["receivedAt"]?.stringValue)
    }
}
