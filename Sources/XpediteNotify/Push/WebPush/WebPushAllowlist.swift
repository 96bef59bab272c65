import Foundation

/// The push services a browser subscription may point at (docs/push.md#web-push): a device must not
/// make the server call any URL it likes. Endpoints are `https` on a listed host; `http` only to a
/// loopback host the list names (a local push service in tests).
public struct WebPushAllowlist: Sendable, Hashable {
    /// Exact hosts, lowercase.
    public private(set) var hosts: Set<String>
    /// Host suffixes (from entries `*.example.com`), lowercase, with their leading dot.
    public private(set) var suffixes: Set<String>

    /// The browsers' push services: Chrome's (FCM), Firefox's, Safari's and Edge's.
    public static let `default` = WebPushAllowlist(entries: [
        "fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com", "*.notify.windows.com",
    ])

    /// A list from entries: a host, or `*.domain` for every host under it.
    public init(entries: [String]) {
        var hosts: Set<String> = []
        var suffixes: Set<String> = []
        for entry in entries.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !entry.isEmpty {
            if entry.hasPrefix("*.") {
                suffixes.insert(String(entry.dropFirst()))
            } else {
                hosts.insert(entry)
            }
        }
        self.hosts = hosts
        self.suffixes = suffixes
    }

    /// The list of `XPEDITE_WEBPUSH_HOSTS` (comma-separated), replacing the default.
    public init(commaSeparated text: String) {
        self.init(entries: text.split(separator: ",").map(String.init))
    }

    /// Whether the server may POST pushes to `endpoint`.
    public func allows(_ endpoint: String) -> Bool {
        guard let components = URLComponents(string: endpoint), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty,
              components.user == nil, components.password == nil else { return false }
        let listed = hosts.contains(host) || suffixes.contains { host.hasSuffix($0) }
        switch scheme {
        case "https": return listed
        case "http": return listed && Self.isLoopback(host)
        default: return false
        }
    }

    /// The endpoint's host for a message (never its path, which identifies the browser).
    func describe(_ endpoint: String) -> String {
        URLComponents(string: endpoint)?.host.map { "the host \"\($0)\"" } ?? "the endpoint"
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
