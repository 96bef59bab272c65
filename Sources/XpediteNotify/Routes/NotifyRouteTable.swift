import Hummingbird

/// The paths of the API under ``Notifier/basePath`` as the router knows them (`:name` a path
/// parameter, `**` the rest of the path) and the methods each answers. The router itself routes
/// the requests; this table only tells it what to answer for a method a path does not take (405
/// with `Allow`, ``Notifier/mount(on:)``). The route-set test checks it, through the router,
/// against `openapi/notify-v1.yaml` both ways. A path with GET answers HEAD too (decision 197),
/// which the contract leaves to HTTP and `Allow` names.
enum NotifyRouteTable {
    /// Each path with its methods, in the order of the contract.
    static let paths: [(path: String, methods: [HTTPRequest.Method])] = [
        ("openapi.json", [.get]),
        ("users", [.get]),
        ("users/:username", [.put, .delete]),
        ("users/:username/devices", [.get]),
        ("groups/:name", [.put]),
        ("send", [.post]),
        ("messages/:messageId", [.get]),
        ("deliveries", [.get]),
        ("payloads/:name", [.put, .get, .delete]),
        ("requests/:name", [.put, .get, .delete]),
        ("responses", [.get]),
        ("events", [.get]),
        ("webhooks/:name", [.put, .delete]),
        ("device/login", [.post]),
        ("device/webpush-key", [.get]),
        ("device/logout", [.post]),
        ("device/push-token", [.put]),
        ("device/events", [.get]),
        ("device/inbox", [.get]),
        ("device/messages/:messageId", [.get]),
        ("device/requests", [.get]),
        ("device/requests/:name", [.get]),
        ("device/documents", [.post]),
        ("device/barcode", [.post]),
        ("device/documents/**", [.get]),
        ("device/responses", [.post]),
    ]

    /// The methods a path answers: its methods, and HEAD after GET when it has GET.
    static func allowed(_ methods: [HTTPRequest.Method]) -> [HTTPRequest.Method] {
        methods.flatMap { $0 == .get ? [.get, .head] : [$0] }
    }

    /// The methods a wrong-method or unknown-path request may come with and gets the error object
    /// for (405 on a known path, 404 elsewhere under the base path; to HEAD without the body).
    static let answeredMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options, .trace]
        + [HTTPRequest.Method("QUERY")].compactMap { $0 }
}
