import Hummingbird

/// Who may call each route under `/notify/v1` (decision 0445): one rule per method and path
/// pattern, as the router spells them (`users/{username}`, relative to the base path; HEAD
/// follows GET). An API key may call every backend route; a console session only those whose
/// rule names a role, and only with at least that role. A route without a rule is refused to every
/// session, and a test walks the router's routes so that none lacks one.
public enum RouteRoles {
    /// Who may call a route.
    public enum Access: Sendable, Equatable {
        /// Anyone (the contract).
        case open
        /// A device token (docs/notify-api.md#device-routes); no API key or session.
        case device
        /// The API key, or a session of at least this role.
        case role(OperatorRole)
    }

    /// One rule.
    public struct Rule: Sendable {
        /// The method (GET covers HEAD).
        public var method: HTTPRequest.Method
        /// The path pattern relative to `/notify/v1`, parameters in braces.
        public var path: String
        /// Who may call it.
        public var access: Access
    }

    /// Every rule.
    public static let rules: [Rule] = [
        Rule(method: .get, path: "openapi.json", access: .open),
        // People: read by anyone, changed by admins.
        Rule(method: .get, path: "users", access: .role(.viewer)),
        Rule(method: .put, path: "users/{username}", access: .role(.admin)),
        Rule(method: .delete, path: "users/{username}", access: .role(.admin)),
        Rule(method: .get, path: "users/{username}/devices", access: .role(.viewer)),
        Rule(method: .delete, path: "users/{username}/devices/{deviceId}", access: .role(.admin)),
        Rule(method: .get, path: "groups", access: .role(.viewer)),
        Rule(method: .get, path: "groups/{name}", access: .role(.viewer)),
        Rule(method: .put, path: "groups/{name}", access: .role(.admin)),
        Rule(method: .delete, path: "groups/{name}", access: .role(.admin)),
        // Sending: senders send, keep payloads and start requests, withdraw messages.
        Rule(method: .post, path: "send", access: .role(.sender)),
        Rule(method: .get, path: "messages", access: .role(.viewer)),
        Rule(method: .get, path: "messages/{messageId}", access: .role(.viewer)),
        Rule(method: .delete, path: "messages/{messageId}", access: .role(.sender)),
        Rule(method: .get, path: "deliveries", access: .role(.viewer)),
        Rule(method: .get, path: "payloads/{name}", access: .role(.viewer)),
        Rule(method: .put, path: "payloads/{name}", access: .role(.sender)),
        Rule(method: .delete, path: "payloads/{name}", access: .role(.sender)),
        Rule(method: .get, path: "requests/{name}", access: .role(.viewer)),
        Rule(method: .put, path: "requests/{name}", access: .role(.sender)),
        Rule(method: .delete, path: "requests/{name}", access: .role(.sender)),
        Rule(method: .get, path: "payloads", access: .role(.viewer)),
        Rule(method: .get, path: "requests", access: .role(.viewer)),
        Rule(method: .get, path: "documents/**", access: .role(.viewer)),
        // Answers: read by anyone; webhooks (where answers go, with secrets) by admins.
        Rule(method: .get, path: "responses", access: .role(.viewer)),
        Rule(method: .get, path: "events", access: .role(.viewer)),
        Rule(method: .put, path: "webhooks/{name}", access: .role(.admin)),
        Rule(method: .delete, path: "webhooks/{name}", access: .role(.admin)),
        // Operation: read by anyone (webhook addresses without their secrets), tested and retried by admins.
        Rule(method: .get, path: "webhooks", access: .role(.viewer)),
        Rule(method: .post, path: "webhooks/{name}/test", access: .role(.admin)),
        Rule(method: .post, path: "outbox/retry", access: .role(.admin)),
        Rule(method: .get, path: "stats/hourly", access: .role(.viewer)),
        // Operators: admins only, reading included.
        Rule(method: .get, path: "operators", access: .role(.admin)),
        Rule(method: .put, path: "operators/{username}", access: .role(.admin)),
        Rule(method: .delete, path: "operators/{username}", access: .role(.admin)),
        // The device routes (docs/notify-api.md#device-routes) take a device token.
        Rule(method: .post, path: "device/login", access: .device),
        Rule(method: .get, path: "device/webpush-key", access: .device),
        Rule(method: .post, path: "device/logout", access: .device),
        Rule(method: .put, path: "device/push-token", access: .device),
        Rule(method: .get, path: "device/events", access: .device),
        Rule(method: .get, path: "device/inbox", access: .device),
        Rule(method: .get, path: "device/messages/{messageId}", access: .device),
        Rule(method: .get, path: "device/requests", access: .device),
        Rule(method: .get, path: "device/requests/{name}", access: .device),
        Rule(method: .post, path: "device/responses", access: .device),
        Rule(method: .post, path: "device/documents", access: .device),
        Rule(method: .post, path: "device/barcode", access: .device),
        Rule(method: .get, path: "device/documents/**", access: .device),
    ]

    private static let index: [String: Access] = Dictionary(
        rules.map { ("\($0.method.rawValue) \($0.path)", $0.access) }, uniquingKeysWith: { first, _ in first })

    /// The rule of a method and a path pattern relative to `/notify/v1` (`nil`: no rule).
    public static func access(_ method: HTTPRequest.Method, path: String) -> Access? {
        let method = method == .head ? .get : method
        return index["\(method.rawValue) \(path)"]
    }

    /// Whether a method changes something (a session needs its CSRF token for it).
    public static func changes(_ method: HTTPRequest.Method) -> Bool {
        ![.get, .head, .options].contains(method)
    }
}
