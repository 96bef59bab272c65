import Foundation
import XpediteProtocol

/// Why the notification API refused a device's request, or why the device refused to send it: the
/// server's error object (docs/notify-api.md#conventions: `code`, `message`, `issues` with JSON
/// paths) and its HTTP status. ``status`` is `nil` for the checks the device runs before it submits
/// (docs/notify.md#optional-and-default), which carry the same `$.values.<id>` paths as the
/// server's.
///
/// A server that cannot be reached is not a `DeviceError` but a ``TransportError``.
public struct DeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status (400, 401, 403, 404, 409, 413, 422, …); `nil` when found on the device.
    public var status: Int?
    /// The stable code: `invalid`, `unauthorized`, `not_found`, `already_answered`, ….
    public var code: String
    /// A readable message.
    public var message: String
    /// The validation issues, each with its path (`$.values.color`).
    public var issues: [ValidationIssue]

    /// Creates an error.
    public init(status: Int?, code: String, message: String, issues: [ValidationIssue] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.issues = issues
    }

    /// Reads the error object of an answer with status `status`; an answer without one (a proxy's
    /// HTML page, an empty body) keeps the status with a generic code.
    public init(status: Int, body: Data) {
        // A body that is not JSON is expected from something other than the API: reported by status.
        let json = try? JSONValue(parsing: body)
        guard let error = json?["error"]?.objectValue else {
            self.init(status: status, code: "http_\(status)", message: "the server answered HTTP \(status)")
            return
        }
        self.init(status: status, error: error)
    }

    /// Reads an error object, `{"code", "message", "issues"?}`, as the API or ``json`` writes it.
    init(status: Int?, error: JSONObject) {
        let issues = (error["issues"]?.arrayValue ?? []).map { issue in
            ValidationIssue(path: issue["path"]?.stringValue.flatMap(JSONPath.init(parsing:)) ?? .root,
                            code: .invalidValue, severity: .error, message: issue["message"]?.stringValue ?? "")
        }
        let fallback = status.map { "http_\($0)" } ?? "error"
        self.init(status: status, code: error["code"]?.stringValue ?? fallback,
                  message: error["message"]?.stringValue ?? fallback, issues: issues)
    }

    /// The server could not be reached (kept on an outbox entry; ``TransportError`` is what is thrown).
    static func unreachable(_ error: any Error) -> DeviceError {
        DeviceError(status: nil, code: "unreachable", message: "\(error)")
    }

    /// A request that needs the device token, made while the device holds none.
    static let notLoggedIn = DeviceError(status: nil, code: "not_logged_in", message: "the device is not logged in; log in first")

    /// Media cited by its local reference (``PendingMedia``) that the device no longer keeps, or
    /// that a queued response already cites.
    static func missingMedia(_ reference: String, at path: JSONPath? = nil) -> DeviceError {
        let message = "the media \(reference) attached offline is not kept on this device for this response; attach it again"
        guard let path else { return DeviceError(status: nil, code: "missing_media", message: message) }
        return .invalid([ValidationIssue(path: path, code: .invalidValue, severity: .error, message: message)])
    }

    /// This refusal of an upload, with an issue at the path of the media field it was for.
    func forMedia(at path: JSONPath) -> DeviceError {
        var error = self
        error.issues.append(ValidationIssue(path: path, code: .invalidValue, severity: .error,
                                            message: "the media attached here was refused: \(message)"))
        return error
    }

    /// A submission that fails the device's own checks, with every issue.
    public static func invalid(_ issues: [ValidationIssue]) -> DeviceError {
        DeviceError(status: nil, code: "invalid", message: "the response fails validation", issues: issues)
    }

    /// The error object as the API writes it, `{"code", "message", "issues"?}`, plus `status`.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["code": .string(code), "message": .string(message)]
        if let status { members["status"] = .number(Double(status)) }
        if !issues.isEmpty {
            members["issues"] = .array(issues.map { .object(["path": .string($0.path.description), "message": .string($0.message)]) })
        }
        return .object(JSONObject(members))
    }

    /// `HTTP 422 invalid: message`, then one `path: message` line per issue.
    public var description: String {
        var lines = [status.map { "HTTP \($0) \(code): \(message)" } ?? "\(code): \(message)"]
        lines += issues.map { "  \($0.path): \($0.message)" }
        return lines.joined(separator: "\n")
    }
}
