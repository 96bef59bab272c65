import Foundation
import XpediteProtocol

/// A response in the device's outbox: made while the server could not be reached (or sent
/// without an answer coming back), kept on disk, and sent again with the same `responseId` until
/// the server acknowledges it.
public struct QueuedResponse: Sendable, Hashable {
    /// The id the device made; the server publishes one response per id.
    public var responseId: String
    /// The body of `POST /device/responses`, exactly as it is sent again.
    public var body: JSONObject
    /// When it was queued.
    public var queuedAt: Date
    /// How many times sending it was tried since.
    public var attempts: Int
    /// Why the last try failed: the server's refusal of the response or of its media (a 4xx, kept
    /// visible and never dropped) or, with a `nil` status, `unreachable`.
    public var lastError: DeviceError?
    /// The media attached offline that ``body`` cites by local reference: uploaded first when the
    /// response is sent (each once: an uploaded one has its ``PendingMedia/documentName``), their
    /// document names then replacing the references.
    public var pendingMedia: [PendingMedia]

    /// Creates an outbox entry.
    public init(responseId: String, body: JSONObject, queuedAt: Date, attempts: Int = 0, lastError: DeviceError? = nil,
                pendingMedia: [PendingMedia] = []) {
        self.responseId = responseId
        self.body = body
        self.queuedAt = queuedAt
        self.attempts = attempts
        self.lastError = lastError
        self.pendingMedia = pendingMedia
    }

    /// The message it answers, if it answers one.
    public var messageId: String? { body["messageId"]?.stringValue }
    /// The start request it answers, if it answers one.
    public var request: String? { body["request"]?.stringValue }

    /// `{"responseId", "messageId"|"request", "queuedAt", "attempts", "values", "submitValue", "lastError"?, "media"?}`,
    /// `media` listing the ``pendingMedia`` (`reference`, `kind`, `size`, `document` once uploaded).
    public var json: JSONValue {
        var members = body.dictionary
        members["queuedAt"] = .string(PayloadForm.timestamp(queuedAt))
        members["attempts"] = .number(Double(attempts))
        if let lastError { members["lastError"] = lastError.json }
        if !pendingMedia.isEmpty { members["media"] = .array(pendingMedia.map(\.json)) }
        return .object(JSONObject(members))
    }
}
