import Foundation
import Hummingbird
import NIOCore

/// What the console's requests carry beside their body: the session cookie, the CSRF token, where
/// the request came from (docs/notify-api.md#console-sessions; decision 0446).
enum ConsoleRequest {
    /// The session cookie's name.
    static let cookieName = "xpedite_console"
    /// The header a change made with a session carries its CSRF token in.
    static let csrfHeader = "x-csrf-token"

    /// The value of the header named `name` (lowercase), the first when there are several.
    static func header(_ request: Request, _ name: String) -> String? {
        request.headers.first { $0.name.canonicalName == name }?.value
    }

    /// The session id of the request's cookie.
    static func sessionId(_ request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, !value.isEmpty else { return nil }
        return value
    }

    /// Whether the request came from a page of this server: `Sec-Fetch-Site`, when present, is
    /// `same-origin` (or `none`, typed by the user), and `Origin`, when present, names the host
    /// the request was sent to (`Host`). A request with neither (curl, a server) passes: a browser
    /// always sends at least one on a cross-site POST, PUT, PATCH or DELETE.
    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = header(request, "sec-fetch-site")?.lowercased(), site != "same-origin", site != "none" {
            return false
        }
        guard let origin = header(request, "origin") else { return true }
        guard let url = URL(string: origin), let host = url.host, let authority = request.head.authority else { return false }
        let originAuthority = url.port.map { "\(host):\($0)" } ?? host
        return originAuthority.lowercased() == authority.lowercased()
    }

    /// Whether the request reached the server over HTTPS, as far as the configuration lets it know.
    static func isHTTPS(_ request: Request, configuration: ConsoleConfiguration) -> Bool {
        if configuration.alwaysHTTPS { return true }
        guard configuration.trustsForwardedHeaders, let proto = header(request, "x-forwarded-proto") else { return false }
        return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// The client's address: the last of `X-Forwarded-For` when the configuration trusts it, else
    /// the connection's peer when the request context knows it.
    static func clientAddress(_ request: Request, context: some RequestContext, configuration: ConsoleConfiguration) -> String? {
        if configuration.trustsForwardedHeaders, let forwarded = header(request, "x-forwarded-for"),
           let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            return last
        }
        return (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress
    }

    /// The session cookie: `HttpOnly`, `SameSite=Strict`, `Path=/notify`, `Secure` over HTTPS;
    /// no `Expires` (the server ends the session), or `Max-Age=0` to remove it.
    static func cookie(_ value: String, secure: Bool, remove: Bool = false) -> Cookie {
        Cookie(name: cookieName, value: value, maxAge: remove ? 0 : nil, path: "/notify", secure: secure, httpOnly: true,
               sameSite: .strict)
    }
}
