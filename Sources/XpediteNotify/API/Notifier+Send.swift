import Foundation
import XpediteProtocol

extension Notifier {
    /// Sends a payload to users (the source document's `sendPayload`): validates it, resolves a
    /// named payload, and commits the message with one pending delivery per registered device of
    /// each recipient, in one transaction. It returns then: the delivery engines push in the
    /// background (docs/push.md#how-a-send-becomes-pushes), and `GET /messages/{id}` shows each
    /// delivery's state. With `direct`, the push carries the payload when the whole push fits the
    /// provider's limit. With `expiresAt`, the message is withdrawn by itself then (reason
    /// `expired`, ``withdrawExpiredMessages(limit:)``).
    ///
    /// ```swift
    /// let sent = try await notifier.sendPayload(payload, title: "Colour", body: "Pick one",
    ///                                           to: .groups(["field"]), direct: true)
    /// ```
    ///
    /// - Throws: ``NotifyError`` 422 with the payload's issues or unknown recipients, 404 for an
    ///   unknown `payloadName`, 422 at `$.expiresAt` for an expiry that is not in the future.
    @discardableResult
    public func sendPayload(_ payload: Payload, title: String, body: String, to recipients: Recipients,
                            direct: Bool = false, expiresAt: Date? = nil) async throws -> SentMessage {
        try await send(payload: payload.json, at: .root, title: title, body: body, to: recipients,
                       recipientsPath: JSONPath.root.appending("to"), direct: direct, expiresAt: expiresAt)
    }

    /// The whole send, with issues reported under `path` (`$.payload` for `POST /send`).
    func send(payload json: JSONValue, at path: JSONPath, title: String, body: String, to recipients: Recipients,
              recipientsPath: JSONPath, direct: Bool, expiresAt: Date? = nil) async throws -> SentMessage {
        let now = configuration.now()
        if let expiresAt, expiresAt <= now {
            throw NotifyError.invalid(at: JSONPath.root.appending("expiresAt"), .invalidValue, "expiresAt is not in the future")
        }
        let payload = try validatedPayload(json, at: path)
        let resolved = try await resolve(payload)
        let usernames = try await recipients.usernames(in: store, at: recipientsPath)
        let devices = try await store.devices(of: usernames)
        let providers = devices.map { configuration.pushProvider(for: $0.platform) }
        let message = NotifyMessage(messageId: UUID().uuidString.lowercased(), title: title, body: body, payload: resolved,
                                    direct: direct, sentAt: now,
                                    recipients: usernames.map { NotifyMessage.Recipient(username: $0) }, expiresAt: expiresAt,
                                    payloadName: payload.payloadName)
        let stored = try await store.insertMessage(message, devices: devices, providers: providers.map(\.name),
                                                   documents: DocumentReferences.names(in: resolved))
        var events: [NotifyEvent] = [.messageSent(messageId: stored.messageId)]
        if !stored.deliveries.isEmpty { events.append(.workDue(lanes: Set(providers.map(\.name)).sorted())) }
        await announce(events)
        return SentMessage(messageId: stored.messageId, recipients: usernames, deliveries: stored.deliveries.count)
    }

    /// A payload validated, with its issues under `path`.
    func validatedPayload(_ json: JSONValue, at path: JSONPath) throws -> Payload {
        let report = PayloadValidator().validate(json)
        guard report.isValid, let payload = report.payload else {
            throw NotifyError.invalid("the payload fails validation", issues: report.issues.map { $0.nested(under: path) })
        }
        return payload
    }

    /// A named payload resolved into its fields (docs/notify-api.md: at send time, 404 if unknown).
    func resolve(_ payload: Payload) async throws -> Payload {
        guard let name = payload.payloadName else { return payload }
        guard let named = try await store.namedPayload(name) else {
            throw NotifyError.notFound("no named payload \"\(name)\"")
        }
        return payload.resolving(named)
    }

    /// One message with its recipients and deliveries.
    public func message(_ messageId: String) async throws -> NotifyMessage? {
        try await store.message(messageId)
    }
}
