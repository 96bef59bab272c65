import XpediteProtocol

/// FCM's error answer, `{"error": {"code", "message", "status", "details": [{"@type", "errorCode"},
/// {"@type": "…BadRequest", "fieldViolations": [{"field", "description"}]}]}}`, read leniently.
struct FCMError: Sendable {
    /// `error.status` (`INVALID_ARGUMENT`, `NOT_FOUND`, `UNAUTHENTICATED`).
    var status: String?
    /// `error.message`.
    var message: String?
    /// Every `error.details[].errorCode` (`UNREGISTERED`, `SENDER_ID_MISMATCH`).
    var errorCodes: [String]
    /// Every `error.details[].fieldViolations[]` as field and description.
    var fieldViolations: [(field: String, description: String)]

    /// The error in an answer's JSON (all empty when there is none).
    init(_ json: JSONValue?) {
        let error = json?["error"]
        status = error?["status"]?.stringValue
        message = error?["message"]?.stringValue
        let details = error?["details"]?.arrayValue ?? []
        errorCodes = details.compactMap { $0["errorCode"]?.stringValue }
        fieldViolations = details.flatMap { detail in
            (detail["fieldViolations"]?.arrayValue ?? []).map {
                (field: $0["field"]?.stringValue ?? "", description: $0["description"]?.stringValue ?? "")
            }
        }
    }

    /// Whether FCM called the request's argument invalid.
    var isInvalidArgument: Bool { status == "INVALID_ARGUMENT" || errorCodes.contains("INVALID_ARGUMENT") }

    /// Whether the message or a field violation is about the registration token.
    var concernsToken: Bool {
        if fieldViolations.contains(where: { $0.field == "message.token" || $0.field.hasSuffix(".token") }) { return true }
        let texts = [message ?? ""] + fieldViolations.map(\.description)
        return texts.contains { $0.lowercased().contains("registration token") || $0.lowercased().contains("message.token") }
    }

    /// `404 UNREGISTERED`, `400 INVALID_ARGUMENT: <message>`, or the status alone.
    func reason(status code: Int) -> String {
        var reason = "\(code)"
        if let name = errorCodes.first ?? status { reason += " \(name)" }
        if let message, !message.isEmpty { reason += ": \(message)" }
        return reason
    }
}
