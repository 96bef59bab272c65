import Foundation
import XpediteProtocol

extension Notifier {
    /// Sends a payload to users (the source document's `sendPayload`): validates it, resolves a
    /// named payload, stores the message with one delivery per registered device of each
    /// recipient, and hands each delivery to its device's push provider. With `direct`, the push
    /// carries the payload when the whole push fits the provider's limit.
    ///
    /// ```swift
    /// let sent = try await notifier.sendPayload(payload, title: "Colour", body: "Pick one",
    ///                                           to: .groups(["field"]), direct: true)
    /// ```
    ///
    /// - Throws: ``NotifyError`` 422 with the payload's issues or unknown recipients, 404 for an
    ///   unknown `payloadName`.
    @discardableResult
    public func sendPayload(_ payload: Payload, title: String, body: String, to recipients: Recipients,
                            direct: Bool = false) async throws -> SentMessage {
        try await send(payload: payload.json, at: .root, title: title, body: body, to: recipients,
                       recipientsPath: JSONPath.root.appending("to"), direct: direct)
    }

    /// The whole send, with issues reported under `path` (`$.payload` for `POST /send`).
    func send(payload json: JSONValue, at path: JSONPath, title: String, body: String, to recipients: Recipients,
              recipientsPath: JSONPath, direct: Bool) async throws -> SentMessage {
        let payload = try validatedPayload(json, at: path)
        let resolved = try await resolve(payload)
        let usernames = try await expand(recipients, at: recipientsPath)
        let devices = try await store.devices(of: usernames)
        let providers = devices.map { configuration.pushProvider(for: $0.platform) }
        let message = NotifyMessage(messageId: UUID().uuidString.lowercased(), title: title, body: body, payload: resolved,
                                    direct: direct, sentAt: configuration.now(),
                                    recipients: usernames.map { NotifyMessage.Recipient(username: $0) })
        let stored = try await store.insertMessage(message, devices: devices, providers: providers.map(\.name),
                                                   documents: Self.documentNames(in: resolved))
        await push(stored, devices: devices, providers: providers)
        return SentMessage(messageId: stored.messageId, recipients: usernames, deliveries: stored.deliveries.count)
    }

    /// Hands every delivery of a stored message to its provider and records the outcome.
    private func push(_ message: NotifyMessage, devices: [NotifyDevice], providers: [any PushProvider]) async {
        var outcomes: [NotifyMessage.Delivery] = []
        outcomes.reserveCapacity(message.deliveries.count)
        for ((delivery, device), provider) in zip(zip(message.deliveries, devices), providers) {
            var push = Push(messageId: message.messageId, title: message.title, body: message.body)
            if message.direct { push.payload = message.payload }
            var outcome = delivery
            outcome.attempts += 1
            let result = await provider.deliver(PushDelivery(deliveryId: UUID().uuidString.lowercased(), push: push,
                                                             device: device, attempts: 0,
                                                             expiresAt: message.sentAt.addingTimeInterval(86_400)))
            outcome.state = result == .delivered ? "sent" : "failed"
            outcome.lastError = result.reason
            outcomes.append(outcome)
        }
        do {
            try await store.updateDeliveries(outcomes)
        } catch {
            // The message is stored and the inbox is the truth; only the deliveries' states are stale.
            logger.error("delivery states not recorded", metadata: ["messageId": .string(message.messageId), "error": "\(error)"])
        }
    }

    /// A payload validated, with its issues under `path`.
    func validatedPayload(_ json: JSONValue, at path: JSONPath) throws -> Payload {
        let report = PayloadValidator().validate(json)
        guard report.isValid, let payload = report.payload else {
            throw NotifyError.invalid("the payload fails validation", issues: report.issues.map { $0.nested(under: path) })
        }
        return payload
    }

    /// A named payload resolved into its fields (NOTIFY-API.md §2: at send time, 404 if unknown).
    func resolve(_ payload: Payload) async throws -> Payload {
        guard let name = payload.payloadName else { return payload }
        guard let named = try await store.namedPayload(name) else {
            throw NotifyError.notFound("no named payload \"\(name)\"")
        }
        return payload.resolving(named)
    }

    /// The usernames `recipients` means, without duplicates, in order.
    func expand(_ recipients: Recipients, at path: JSONPath) async throws -> [String] {
        var usernames: [String] = []
        var issues: [ValidationIssue] = []
        switch recipients {
        case .all:
            usernames = try await store.allUsernames()
        case .users(let names):
            let existing = try await store.existingUsernames(names)
            for (index, name) in names.enumerated() {
                if existing.contains(name) {
                    usernames.append(name)
                } else {
                    issues.append(ValidationIssue(path: path.appending("users").appending(index), code: .invalidValue,
                                                  severity: .error, message: "no user \"\(name)\""))
                }
            }
        case .groups(let names):
            let members = try await store.members(ofGroups: names)
            for (index, name) in names.enumerated() {
                if let list = members[name] {
                    usernames += list
                } else {
                    issues.append(ValidationIssue(path: path.appending("groups").appending(index), code: .invalidValue,
                                                  severity: .error, message: "no group \"\(name)\""))
                }
            }
        }
        if !issues.isEmpty { throw NotifyError.invalid("unknown recipients", issues: issues) }
        var seen = Set<String>()
        return usernames.filter { seen.insert($0).inserted }
    }

    /// The uploaded documents a payload shows: a `document` field's `url`, an `image` field's
    /// `url` and a `markupImage` field's `source`, when they name a document (`rcs/<kind>/…`).
    /// Its recipients may read them.
    static func documentNames(in payload: Payload) -> Set<String> {
        var names = Set<String>()
        for field in payload.fields ?? [] {
            let candidate: String?
            switch field {
            case .document(let document): candidate = document.url
            case .image(let image): candidate = image.url
            case .markupImage(let markup): candidate = markup.source
            default: candidate = nil
            }
            if let candidate, DocumentKind(documentName: candidate) != nil { names.insert(candidate) }
        }
        return names
    }

    /// One message with its recipients and deliveries.
    public func message(_ messageId: String) async throws -> NotifyMessage? {
        try await store.message(messageId)
    }

    // MARK: - Named payloads

    /// Saves a named payload (the source document's ArsRCSPayload), validated first.
    ///
    /// - Throws: ``NotifyError`` 422 with the payload's issues.
    public func savePayload(_ payload: Payload, named name: String) async throws {
        try await savePayload(json: payload.json, at: .root, named: name)
    }

    func savePayload(json: JSONValue, at path: JSONPath, named name: String) async throws {
        let payload = try validatedPayload(json, at: path)
        if payload.isNamed {
            throw NotifyError.invalid(at: path.appending("payloadName"), .invalidValue,
                                      "a named payload carries its own fields, not another payload's name")
        }
        try await store.putNamedPayload(payload, name: name)
    }

    /// A named payload, or `nil`.
    public func payload(named name: String) async throws -> Payload? {
        try await store.namedPayload(name)
    }

    /// Loads a named payload, changes it and saves it again (validated).
    ///
    /// - Throws: ``NotifyError`` 404 when there is none, 422 when the change breaks it.
    public func modifyPayload(named name: String, _ change: (inout Payload) throws -> Void) async throws {
        guard var payload = try await store.namedPayload(name) else { throw NotifyError.notFound("no named payload \"\(name)\"") }
        try change(&payload)
        try await savePayload(payload, named: name)
    }

    /// Removes a named payload; `false` when there was none.
    @discardableResult
    public func deletePayload(named name: String) async throws -> Bool {
        try await store.deleteNamedPayload(name)
    }

    // MARK: - Start requests

    /// Saves a start request (the source document's ArsRCSRequest), validated like a payload.
    ///
    /// - Throws: ``NotifyError`` 422 with the issues.
    public func saveRequest(_ request: StartRequest) async throws {
        let payload = try validatedPayload(request.payload.json, at: .root)
        if payload.isNamed {
            throw NotifyError.invalid(at: JSONPath.root.appending("payloadName"), .invalidValue, "a start request carries its fields")
        }
        var stored = request
        stored.payload = payload
        try await store.putStartRequest(stored)
    }

    /// A start request, or `nil`.
    public func request(named name: String) async throws -> StartRequest? {
        try await store.startRequest(name)
    }

    /// Every start request, by name.
    public func requests() async throws -> [StartRequest] {
        try await store.startRequests()
    }

    /// Removes a start request; `false` when there was none.
    @discardableResult
    public func deleteRequest(named name: String) async throws -> Bool {
        try await store.deleteStartRequest(name)
    }

    // MARK: - Webhooks

    /// Adds or replaces a webhook: every response on its topic is POSTed, signed, at least once.
    public func putWebhook(_ webhook: Webhook) async throws {
        try await store.putWebhook(webhook)
    }

    /// Removes a webhook and its pending deliveries.
    @discardableResult
    public func deleteWebhook(named name: String) async throws -> Bool {
        try await store.deleteWebhook(name)
    }
}
