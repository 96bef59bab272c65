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
        if withdrawal.changed { announce(withdrawal) }
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
        for withdrawal in withdrawals { announce(withdrawal) }
        return withdrawals
    }

    /// What follows a withdrawal committed by this server: the lanes that got withdrawal pushes
    /// are woken, and the withdrawal is announced.
    private func announce(_ withdrawal: MessageWithdrawal) {
        for name in withdrawal.providers { pushLanes[name]?.wakeup.signal() }
        announceWithdrawal(messageId: withdrawal.messageId, reason: withdrawal.reason, to: withdrawal.unanswered)
    }

    /// Tells this server that `messageId` was withdrawn: its push engines stop sending the message's
    /// pushes at once, and the device event streams (`GET /device/events`) of `usernames` get
    /// `event: withdrawn` with `{"messageId", "reason"}`. The one place a withdrawal is announced,
    /// so that a relay (an event bus) between servers can call it for a withdrawal another server
    /// made (``publishWithdrawal(messageId:reason:)`` reads the recipients for it).
    public func announceWithdrawal(messageId: String, reason: String, to usernames: [String]) {
        activeMessages.noteWithdrawn(messageId)
        for username in usernames {
            deviceEvents.publish(.withdrawn(messageId: messageId, reason: reason), to: username)
        }
    }

    /// ``announceWithdrawal(messageId:reason:to:)`` for a withdrawal another server made: the
    /// recipients who had not answered and have a stream open here are read from the store
    /// (nothing is read when no stream is open at all).
    ///
    /// - Returns: how many users' streams were told.
    @discardableResult
    public func publishWithdrawal(messageId: String, reason: String) async throws -> Int {
        guard deviceEvents.hasSubscribers else {
            announceWithdrawal(messageId: messageId, reason: reason, to: [])
            return 0
        }
        let recipients = try await store.message(messageId)?.recipients ?? []
        let usernames = recipients.filter { $0.answeredAt == nil && deviceEvents.subscriberCount($0.username) > 0 }.map(\.username)
        announceWithdrawal(messageId: messageId, reason: reason, to: usernames)
        return usernames.count
    }
}
