import Foundation

extension Notifier {
    /// The longest withdrawal reason, in characters.
    public static let maximumWithdrawalReasonLength = 1000

    /// Takes a message back (`DELETE /messages/{id}`, docs/notify-api.md#delete-messagesmessageid):
    /// it leaves the inbox of every recipient who has not answered, its pending pushes are dropped
    /// (`failed`, `lastError` "withdrawn"; one already claimed is not sent either), a withdrawal
    /// push goes to each device whose push was delivered, and the users' device event streams hear
    /// `withdrawn`. Answers accepted before stay; later ones get 410 `message_withdrawn`.
    /// Withdrawing a withdrawn (or expired) message changes nothing and answers its state.
    ///
    /// ```swift
    /// let withdrawal = try await notifier.withdraw(messageId: sent.messageId, reason: "sent by mistake")
    /// print(withdrawal.unanswered.count)   // the recipients who had not answered
    /// ```
    ///
    /// - Throws: ``NotifyError`` 404 when there is no such message.
    @discardableResult
    public func withdraw(messageId: String, reason: String? = nil) async throws -> MessageWithdrawal {
        guard let withdrawal = try await store.withdrawMessage(messageId, reason: reason ?? "", state: .withdrawn,
                                                               at: configuration.now()) else {
            throw NotifyError.notFound("no message \"\(messageId)\"")
        }
        if withdrawal.changed { await announce(withdrawal) }
        return withdrawal
    }

    /// Withdraws the messages whose `expiresAt` has passed (state `expired`, reason `expired`), at
    /// most `limit` at a time, as ``withdraw(messageId:reason:)`` does. The notifier's expiry
    /// sweep (one of its ``services``) calls it every ``NotifyConfiguration/expirySweepInterval``;
    /// with several servers on one database each message is withdrawn by one of them.
    ///
    /// - Returns: the messages withdrawn by this call.
    @discardableResult
    public func withdrawExpiredMessages(limit: Int = 500) async throws -> [MessageWithdrawal] {
        let withdrawals = try await store.withdrawExpiredMessages(now: configuration.now(), limit: limit)
        for withdrawal in withdrawals { await announce(withdrawal) }
        return withdrawals
    }

    /// What follows a withdrawal committed by this server: it is announced on the event bus, so
    /// that every server's push engines stop sending the message's pushes at once and the device
    /// event streams of its unanswered recipients hear `withdrawn` (``NotifyEventDispatcher``);
    /// the lanes that got withdrawal pushes are woken on every server.
    private func announce(_ withdrawal: MessageWithdrawal) async {
        // This server's engines stop at once, without waiting for the bus to hand the event over.
        activeMessages.noteWithdrawn(withdrawal.messageId)
        var events: [NotifyEvent] = [.messageWithdrawn(messageId: withdrawal.messageId, reason: withdrawal.reason)]
        if !withdrawal.providers.isEmpty { events.append(.workDue(lanes: withdrawal.providers.sorted())) }
        await announce(events)
    }
}
