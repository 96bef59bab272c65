import Foundation
import XpediteProtocol

/// What taking a device's response needs from the store, read at once: the response already
/// stored under the device's `responseId`, the payload answered (a message this user received, or
/// a start request), whether the user already answered that message, and which of the document
/// names the values mention this user uploaded.
public struct AnswerContext: Sendable {
    /// The response stored under the `responseId`, if any (a retry of the same answer, or a clash).
    public var existing: StoredResponse?
    /// The payload answered, as the store holds it (its canonical JSON text, read back by the
    /// notifier: decision 0555); `nil` when the message is not one this user received, or there is
    /// no such start request.
    public var payloadText: String?
    /// Whether the user already answered the message.
    public var alreadyAnswered: Bool
    /// The document names among the candidates that the user uploaded.
    public var knownDocuments: Set<String>
    /// The answered message's state (`withdrawn` and `expired` refuse answers with 410); `nil`
    /// for a start request or a message this user did not receive.
    public var messageState: MessageState?

    /// Creates a context.
    public init(existing: StoredResponse?, payloadText: String?, alreadyAnswered: Bool, knownDocuments: Set<String>,
                messageState: MessageState? = nil) {
        self.messageState = messageState
        self.existing = existing
        self.payloadText = payloadText
        self.alreadyAnswered = alreadyAnswered
        self.knownDocuments = knownDocuments
    }
}

/// A store that reads an ``AnswerContext`` in one go: `SQLiteNotifyStore` answers in one read
/// transaction, so taking a response costs one hop to the database's readers instead of five.
public protocol AnswerContextReading: Sendable {
    /// The context of `username`'s answer to `messageId` (or to the start request `request`)
    /// under `responseId`; `documentNames` are the names the values mention.
    func answerContext(responseId: String, username: String, messageId: String?, request: String?,
                       documentNames: Set<String>) async throws -> AnswerContext
}
