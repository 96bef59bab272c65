import Foundation
import XpediteProtocol

extension Notifier {
    /// The messages `device`'s user has not answered, newest first.
    public func inbox(of device: NotifyDevice) async throws -> [NotifyMessage] {
        try await store.inbox(of: device.username)
    }

    /// A message for `device`'s user.
    ///
    /// - Throws: ``NotifyError`` 404 unless the user is a recipient, 410 `message_withdrawn` when
    ///   the message was withdrawn or expired before the user answered it.
    public func message(_ messageId: String, for device: NotifyDevice) async throws -> NotifyMessage {
        guard let recipient = try await store.recipient(device.username, of: messageId),
              let message = try await store.messageHeader(messageId) else {
            throw NotifyError.notFound("no message \"\(messageId)\"")
        }
        if !message.state.isActive, recipient.answeredAt == nil { throw NotifyError.messageWithdrawn(messageId) }
        return message
    }
}
