import Foundation
import Hummingbird
import XpediteProtocol

/// An error of the notification API (docs/notify-api.md#conventions): a status, a stable code, a
/// readable message and, for validation, the issues with their JSON paths. It is both what the
/// Swift API throws and what a route answers:
///
/// ```json
/// {"error": {"code": "invalid", "message": "the payload fails validation",
///            "issues": [{"path": "$.payload.fields[2].values", "message": "…"}]}}
/// ```
///
/// An issue of a rule's expression (docs/notify.md#expressions) also carries its `column`:
///
/// ```json
/// {"path": "$.payload.fields[0].showIf", "message": "column 5: unknown field $x: …", "column": 5}
/// ```
public struct NotifyError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    /// The HTTP status: 400, 401, 403, 404, 405, 409, 410, 413, 422, or 500 for a fault of the server.
    public var status: HTTPResponse.Status
    /// A stable, machine-readable code such as `invalid` or `already_answered`.
    public var code: String
    /// A readable message, without internal detail.
    public var message: String
    /// The validation issues (422 only), errors first by path.
    public var issues: [ValidationIssue]

    /// Creates an error.
    public init(status: HTTPResponse.Status, code: String, message: String, issues: [ValidationIssue] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.issues = issues
    }

    /// 400: the request is not what the route reads (not JSON, a missing member, a bad query).
    public static func malformed(_ message: String) -> NotifyError {
        NotifyError(status: .badRequest, code: "malformed", message: message)
    }

    /// 401: no credentials, or not the kind this route takes.
    public static func unauthorized(_ message: String = "missing or invalid credentials") -> NotifyError {
        NotifyError(status: .unauthorized, code: "unauthorized", message: message)
    }

    /// 404: no such thing for this caller.
    public static func notFound(_ message: String) -> NotifyError {
        NotifyError(status: .notFound, code: "not_found", message: message)
    }

    /// 405: the path exists but does not take this method; `allowed` lists the methods it takes
    /// (the route also sends them in `Allow`).
    public static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: String) -> NotifyError {
        NotifyError(status: .methodNotAllowed, code: "method_not_allowed",
                    message: "this path does not take \(method.rawValue); it takes \(allowed)")
    }

    /// 409: a conflict with what is stored.
    public static func conflict(_ code: String, _ message: String) -> NotifyError {
        NotifyError(status: .conflict, code: code, message: message)
    }

    /// 410 `message_withdrawn`: the message was withdrawn or expired, and takes no more answers.
    public static func messageWithdrawn(_ messageId: String) -> NotifyError {
        NotifyError(status: .gone, code: "message_withdrawn", message: "message \"\(messageId)\" was withdrawn")
    }

    /// 413: the body is over the limit.
    public static func tooLarge(limit: Int) -> NotifyError {
        NotifyError(status: .contentTooLarge, code: "too_large", message: "the body is larger than \(limit) bytes")
    }

    /// 422: the request fails validation; only the errors among `issues` are kept.
    public static func invalid(_ message: String, issues: [ValidationIssue]) -> NotifyError {
        NotifyError(status: .unprocessableContent, code: "invalid", message: message, issues: issues.errors)
    }

    /// 422 with one issue.
    static func invalid(at path: JSONPath, _ code: IssueCode, _ message: String) -> NotifyError {
        .invalid(message, issues: [ValidationIssue(path: path, code: code, severity: .error, message: message)])
    }

    /// 500: a fault of the server (a database error), reported without its detail.
    static let `internal` = NotifyError(status: .internalServerError, code: "internal", message: "internal error")

    /// The message and the issues, one a line.
    public var description: String {
        ([message] + issues.map(\.description)).joined(separator: "\n")
    }

    /// The error object of docs/notify-api.md#conventions.
    public var json: JSONValue {
        var error: [String: JSONValue] = ["code": .string(code), "message": .string(message)]
        if !issues.isEmpty {
            error["issues"] = .array(issues.map { issue in
                var member = JSONObject(["path": .string(issue.path.description), "message": .string(issue.message)])
                // An expression's error also says where in the expression, 1-based (decision 0606).
                if let column = issue.column { member["column"] = .number(Double(column)) }
                return .object(member)
            })
        }
        return .object(JSONObject(["error": .object(JSONObject(error))]))
    }

    /// The error object with the status.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.make(json, status: status)
    }
}

extension NotifyError {
    /// The error object with its status (docs/notify-api.md#conventions).
    var response: Response {
        JSONResponse.make(json, status: status)
    }
}
