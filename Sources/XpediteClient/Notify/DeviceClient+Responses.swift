import Foundation
import XpediteProtocol

extension DeviceClient {
    /// Submits a form (`POST /device/responses`) with a new `responseId` (a UUID made here).
    ///
    /// The form is completed first (`currentDateTime`, `currentLocation`) and checked as the
    /// server will check it; a form that fails is not sent. Media attached offline (local
    /// references, ``PendingMedia``) are uploaded first and their document names sent. When the
    /// server cannot be reached (connection failure or timeout) the response is stored in the
    /// outbox with those media and sent later with the same `responseId`: a body citing a local
    /// reference is never posted.
    ///
    /// - Throws: ``DeviceError`` with `status == nil` and one issue per value (`$.values.<id>`,
    ///   `$.submitValue`) when the device's checks fail or cite media it does not keep; with the
    ///   server's status when it refuses (422, 409 already answered, 404, 413 for media).
    public func submit(_ form: PayloadForm, submitValue: Int = 0) async throws -> SubmitOutcome {
        let completed = form.completed(at: configuration.clock(), location: await configuration.currentLocation())
        let report = completed.check(submitValue: submitValue)
        guard report.isValid, let values = report.values, let submitValue = report.submitValue else {
            throw DeviceError.invalid(report.issues.errors)
        }
        let media = try await keptMedia(citedBy: completed)
        let responseId = UUID().uuidString.lowercased()
        var body: JSONObject = ["responseId": .string(responseId), "submitValue": .number(Double(submitValue)), "values": .object(values)]
        body[form.source.member.key] = .string(form.source.member.value)
        let entry = QueuedResponse(responseId: responseId, body: body, queuedAt: configuration.clock())
        do {
            let sent = try await uploadingPendingMedia(media, in: body)
            let published = try Self.json(of: try await call(Self.post("device/responses", body: .object(sent))))
            try await answered(form.source, citing: media.map(\.reference))
            return .published(published)
        } catch let error as TransportError where error.isUnreachable {
            try await database.enqueue(entry, claiming: media.map(\.reference))
            try await database.recordFailure(responseId, error: .unreachable(error))
            return .queued(try await outbox().first { $0.responseId == responseId } ?? entry)
        }
    }

    /// Forgets what a published answer no longer needs: the kept payload of an answered message,
    /// and the media attached for it (the ones it cited; for a message, every other attempt too).
    private func answered(_ source: DeviceMessage.Source, citing references: [String]) async throws {
        guard case .message = source else {
            try await database.removeUnclaimedMedia(references)
            return
        }
        try await database.removeUnclaimedMedia(references, source: source.storageKey)
        try await database.removeMessage(key: source.storageKey)
    }

    /// The responses waiting in the outbox, oldest first, each with its last error and media.
    public func outbox() async throws -> [QueuedResponse] {
        try await database.queued()
    }

    /// Sends every queued response, oldest first, with its own `responseId`, after uploading the
    /// media it cites (``QueuedResponse/pendingMedia``; each once, its document name kept as soon
    /// as it is known). A 201, or a 200 for one the server already had (an earlier try reached it
    /// and the answer was lost), removes it with its media. A refusal of the response (422, 409,
    /// …) or of one of its media (413, 422) keeps it with the server's error, visible in
    /// ``outbox()`` until ``discard(_:)``. The first unreachable try stops the flush; the rest stay
    /// queued.
    public func flushOutbox() async throws -> FlushReport {
        try await flush().report
    }

    /// ``flushOutbox()``, and the error that stopped it when the server could not be reached.
    func flush() async throws -> (report: FlushReport, unreachable: TransportError?) {
        var report = FlushReport()
        guard !isFlushing else {
            report.remaining = try await database.queuedCount()
            return (report, nil)
        }
        isFlushing = true
        defer { isFlushing = false }
        var stop: TransportError?
        for entry in try await database.queued() {
            do {
                let body: JSONObject
                do {
                    body = try await uploadingPendingMedia(entry.pendingMedia, in: entry.body)
                } catch let error as DeviceError where error != .notLoggedIn {
                    // A refused upload, or media no longer kept: the response cannot be sent as it is.
                    try await refuse(entry, error, in: &report)
                    continue
                }
                let response = try await call(Self.post("device/responses", body: .object(body)), flushing: false)
                if response.isSuccess {
                    report.sent.append(try Self.json(of: response))
                    try await database.remove(entry.responseId)
                    if let messageId = entry.messageId { try await answered(.message(messageId), citing: []) }
                } else {
                    try await refuse(entry, DeviceError(status: response.status, body: response.body), in: &report)
                }
            } catch let error as TransportError where error.isUnreachable {
                try await database.recordFailure(entry.responseId, error: .unreachable(error))
                report.unreachable = true
                stop = error
                break
            }
        }
        report.remaining = try await database.queuedCount()
        return (report, stop)
    }

    /// Keeps a queued response with the error that refused it, and reports it.
    private func refuse(_ entry: QueuedResponse, _ error: DeviceError, in report: inout FlushReport) async throws {
        try await database.recordFailure(entry.responseId, error: error)
        var refused = entry
        refused.attempts += 1
        refused.lastError = error
        report.refused.append(refused)
    }

    /// Removes a response from the outbox without sending it, with the media it cites (uploaded
    /// ones stay on the server, cited by nothing); whether it was there.
    @discardableResult
    public func discard(_ responseId: String) async throws -> Bool {
        try await database.remove(responseId)
    }
}

extension TransportError {
    /// Whether the server could not be reached (no HTTP answer at all): a connection failure or a timeout.
    var isUnreachable: Bool {
        switch self {
        case .connectionFailed, .timedOut: true
        case .httpStatus: false
        }
    }
}
