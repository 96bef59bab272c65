import Foundation
import XpediteProtocol

extension Notifier {
    /// Takes a device's response (`POST /device/responses`): re-validates its `values` and
    /// `submitValue` against the payload, stores it exactly once with its webhook outbox rows in
    /// one transaction, marks the message answered, and publishes it to the payload's topic.
    /// `username`, `deviceId` and `deviceName` come from `device`, never from the body.
    ///
    /// - Returns: the stored response and whether it is new (`false`: the same `responseId` was
    ///   stored before, and nothing was published again).
    /// - Throws: ``NotifyError`` 422 (with one issue per value), 404 for a message or request this
    ///   user may not answer, 409 when the user already answered the message or the `responseId`
    ///   belongs to another answer, 410 `message_withdrawn` when the message was withdrawn or expired.
    public func submitResponse(_ body: JSONObject, from device: NotifyDevice) async throws -> (response: StoredResponse, isNew: Bool) {
        let root = JSONPath.root
        var issues: [ValidationIssue] = []
        let responseId = body["responseId"]?.stringValue ?? ""
        if responseId.isEmpty || responseId.count > 200 {
            issues.append(ValidationIssue(path: root.appending("responseId"), code: body["responseId"] == nil ? .missingKey : .invalidValue,
                                          severity: .error, message: "expected a responseId of 1 to 200 characters made by the device"))
        }
        let messageId = body["messageId"]?.stringValue
        let request = body["request"]?.stringValue
        // No store keeps U+0000 in its text (decision 222).
        for key in ["responseId", "messageId", "request"] where body[key]?.stringValue?.unicodeScalars.contains("\u{0}") == true {
            issues.append(ValidationIssue(path: root.appending(key), code: .invalidValue, severity: .error,
                                          message: "a string may not contain U+0000"))
        }
        for key in ["messageId", "request"] where body[key] != nil && body[key]?.stringValue == nil {
            issues.append(ValidationIssue(path: root.appending(key), code: .typeMismatch, severity: .error, message: "expected a string"))
        }
        if (messageId == nil) == (request == nil), issues.isEmpty {
            issues.append(ValidationIssue(path: root, code: .missingKey, severity: .error,
                                          message: "expected exactly one of \"messageId\" and \"request\""))
        }
        if !issues.isEmpty { throw NotifyError.invalid("the response is not valid", issues: issues) }

        // One read for everything the checks need: a retry, the payload, an earlier answer, and
        // which of the document names the values mention this user uploaded.
        let context = try await store.answerContext(responseId: responseId, username: device.username, messageId: messageId,
                                                    request: request, documentNames: DocumentReferences.names(in: body["values"]))
        if let stored = context.existing {
            return (try sameAnswer(stored, username: device.username, messageId: messageId, request: request), false)
        }
        guard let payloadText = context.payloadText else {
            if let messageId { throw NotifyError.notFound("no message \"\(messageId)\"") }
            throw NotifyError.notFound("no start request \"\(request ?? "")\"")
        }
        if context.alreadyAnswered, let messageId {
            throw NotifyError.conflict("already_answered", "this user already answered message \"\(messageId)\"")
        }
        if let messageId, let state = context.messageState, !state.isActive {
            throw NotifyError.messageWithdrawn(messageId)
        }

        // Read and compiled once per payload, not per answer (decision 0555).
        let answered = try answeredPayloads.payload(for: messageId.map { .message($0) } ?? .startRequest(request ?? ""), text: payloadText)
        let payload = answered.payload
        let report = ResponseValidator(knownDocuments: context.knownDocuments)
            .validateSubmission(.object(body), against: payload, rules: answered.rules)
        guard report.isValid, let values = report.values, let submitValue = report.submitValue else {
            throw NotifyError.invalid("the response fails validation", issues: report.issues)
        }
        let now = configuration.now()
        let object = ResponseObject(responseTopic: payload.responseTopic, submitValue: submitValue, username: device.username,
                                    deviceId: device.deviceId, deviceName: device.deviceName, values: values,
                                    state: payload.state, messageId: messageId, request: request,
                                    responseId: responseId, receivedAt: timestamp(now))
        let json = CanonicalJSON.data(object.json)
        let candidate = StoredResponse(cursor: 0, responseId: responseId, username: device.username, messageId: messageId,
                                       request: request, topic: payload.responseTopic, json: json)
        switch try await store.recordResponse(candidate, answeredAt: now, now: now) {
        case .stored(let stored):
            await announce([.responseStored(ResponseStored(cursor: stored.cursor, topic: stored.topic,
                                                           username: stored.username, messageId: messageId))])
            return (stored, true)
        case .duplicate(let stored):
            return (try sameAnswer(stored, username: device.username, messageId: messageId, request: request), false)
        case .alreadyAnswered:
            throw NotifyError.conflict("already_answered", "this user already answered message \"\(messageId ?? "")\"")
        case .withdrawn:
            throw NotifyError.messageWithdrawn(messageId ?? "")
        }
    }

    /// A stored response sent again: the same answer, or a `responseId` taken by another one (409).
    private func sameAnswer(_ stored: StoredResponse, username: String, messageId: String?, request: String?) throws -> StoredResponse {
        guard stored.username == username, stored.messageId == messageId, stored.request == request else {
            throw NotifyError.conflict("response_id_taken", "this responseId belongs to another response")
        }
        return stored
    }

    /// Responses on `topic` after `cursor`, oldest first.
    public func responses(topic: String, after cursor: Int64 = 0, limit: Int = 100) async throws -> [StoredResponse] {
        try await store.responses(topic: topic, after: cursor, limit: limit)
    }
}
