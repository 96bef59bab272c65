import Foundation
import XpediteNotify

/// The base URL of a push service (`https://api.push.apple.com`), checked once at start-up.
enum PushServiceURL {
    /// `value` without a trailing `/`, when it is an `https` (or `http`) URL with a host and no
    /// query; otherwise ``PushConfigurationError/invalidURL(name:value:)`` naming the setting.
    static func validated(_ value: String, name: String) throws(PushConfigurationError) -> String {
        var trimmed = value.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil
        else { throw .invalidURL(name: name, value: value) }
        return trimmed
    }
}
