import Foundation
import XpediteProtocol

extension DeviceClient {
    /// Submits a form (`POST /device/responses`) with a new `responseId` (a UUID made here).
    ///
    /// The form is completed first (`currentDateTime`, `currentLocation`) and checked as the
    /// server will check it; a form that fails is not sent. When the server cannot be reached
    /// (connection failure or timeout) the response is stored in the outbox and sent later with
    /// the same `responseId`.
    ///
    /// - Throws: ``DeviceError`` with `status == nil` and one issue per value (`$.values.<id>`,
    ///   `$.submitValue`) when the device's checks fail; with the server's status when it refuses
    ///   (422, 409 already answered, 404).
    public func submit(_ form: PayloadForm, submitValue: Int = 0) async throws -> SubmitOutcome {
        let completed = form.completed(at: configuration.clock(), location: await configuration.currentLocation())
        let report = completed.check(submitValue: submitValue)
        guard report.isValid, let values = report.values, let submitValue = report.submitValue else {
            throw DeviceError.invalid(report.issues.errors)
        }
        let responseId = UUID().uuidString.lowercased()
        var body: JSONObject = ["responseId": .string(responseId), "submitValue": .number(Double(submitValue)), "values": .object(values)]
        body[form.source.member.key] = .string(form.source.member.value)
        let entry = QueuedResponse(responseId: responseId, body: body, queuedAt: configuration.clock())
        do {
            let published = try Self.json(of: try await call(Self.post("device/responses", body: .object(body))))
            if case .message = form.source { try await database.removeMessage(key: form.source.storageKey) }
            return .published(published)
        } catch let error as TransportError where error.isUnreachable {
            try await database.enqueue(entry)
            try await database.recordFailure(responseId, error: .unreachable(error))
            return .queued(try await outbox().first { $0.responseId == responseId } ?? entry)
        }
    }

    /// The responses waiting in the outbox, oldest first, each with its last error.
    public func outbox() async throws -> [QueuedResponse] {
        try await database.queued()
    }

    /// Sends every queued response, oldest first, with its own `responseId`. A 201, or a 200 for
    /// one the server already had (an earlier try reached it and the answer was lost), removes
    /// it. A refusal (422, 409, …) keeps it with the server's error, visible in ``outbox()``
    /// until ``discard(_:)``. The first unreachable try stops the flush; the rest stay queued.
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
                let response = try await call(Self.post("device/responses", body: .object(entry.body)), flushing: false)
                if response.isSuccess {
                    report.sent.append(try Self.json(of: response))
                    try await database.remove(entry.responseId)
                } else {
                    let error = DeviceError(status: response.status, body: response.body)
                    try await database.recordFailure(entry.responseId, error: error)
                    var refused = entry
                    refused.attempts += 1
                    refused.lastError = error
                    report.refused.append(refused)
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

    /// Removes a response from the outbox without sending it; whether it was there.
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
