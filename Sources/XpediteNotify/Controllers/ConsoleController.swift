import Foundation
import Hummingbird
import NIOCore
import XpediteNotifyWeb
import XpediteProtocol
import XpediteStaticFiles

/// The console (`/notify/console/`, docs/console.md): its page and files, and its session
/// (docs/notify-api.md#console-sessions): `POST /notify/console/session` signs an operator in,
/// `GET` tells who is signed in and the CSRF token, `DELETE` signs out. The session is a cookie
/// (``ConsoleRequest/cookie(_:secure:remove:)``); the console never sees an API key.
struct ConsoleController<Context: RequestContext>: Sendable {
    let notifier: Notifier
    let files: StaticFileSet

    /// The Content-Security-Policy of every answer under `/notify/console/`.
    let policy: String

    /// The policy of a console whose maps draw `mapTileURL`'s tiles: everything from this server
    /// only, no inline script or style, never framed; pictures also from the tiles' origin, the
    /// one the notification app's maps use (decision 0517).
    static func policy(mapTileURL: String) -> String {
        let tiles = tileSource(mapTileURL).map { " " + $0 } ?? ""
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'\(tiles); connect-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// The CSP source of a tile URL template's origin: `https://tile.example` for
    /// `https://tile.example/{z}/{x}/{y}.png`, `https://*.tile.example` for
    /// `https://{s}.tile.example/…`; `nil` for a template on this server (a path, covered by
    /// `'self'`) or one whose origin is not a plain `host[:port]`.
    static func tileSource(_ template: String) -> String? {
        guard let separator = template.range(of: "://") else { return nil }
        let scheme = template[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var authority = String(template[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        if authority.hasPrefix("{s}.") { authority = "*." + authority.dropFirst(4) }
        let host = authority.hasPrefix("*.") ? authority.dropFirst(2) : Substring(authority)
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:")
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(allowed.contains) else { return nil }
        return "\(scheme)://\(authority)"
    }

    /// The headers of every file of the console.
    var headers: HTTPFields { [.contentSecurityPolicy: policy, .xContentTypeOptions: "nosniff"] }

    /// The console of `notifier`, its files those of XpediteNotifyWeb (`ConsoleFiles`).
    ///
    /// - Throws: when the folder is missing or a file cannot be read.
    init(notifier: Notifier) throws {
        self.notifier = notifier
        policy = Self.policy(mapTileURL: notifier.configuration.mapTileURL)
        files = try ConsoleFiles.load()
    }

    /// The API routes, relative to `/notify/console`.
    var sessionRoutes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.post("session", use: signIn)
        routes.getAndHead("session", use: session)
        routes.delete("session", use: signOut)
        return routes
    }

    /// The page and its files, relative to `/notify/console`.
    var pageRoutes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.getAndHead("", use: index)
        routes.getAndHead("**", use: file)
        return routes
    }

    func signIn(_ request: Request, context: Context) async throws -> Response {
        guard ConsoleRequest.isSameOrigin(request) else {
            throw NotifyError.csrf("a sign-in must come from the console's own page")
        }
        let (username, password) = try await credentials(request)
        let configuration = notifier.configuration.console
        let address = ConsoleRequest.clientAddress(request, context: context, configuration: configuration)
        switch try await notifier.consoleAccounts.signIn(username: username, password: password, clientAddress: address) {
        case .signedIn(let sessionId, let session):
            var response = JSONResponse.make(json(session))
            response.setCookie(ConsoleRequest.cookie(sessionId, secure: ConsoleRequest.isHTTPS(request, configuration: configuration)))
            response.headers[.cacheControl] = "no-store"
            return response
        case .refused:
            throw NotifyError(status: .unauthorized, code: "sign_in_failed", message: "wrong username or password")
        case .throttled(let seconds):
            var response = NotifyError(status: .tooManyRequests, code: "too_many_attempts",
                                       message: "too many failed sign-ins; try again in \(seconds) seconds").response
            response.headers[.retryAfter] = String(seconds)
            return response
        }
    }

    func session(_ request: Request, context: Context) async throws -> Response {
        guard let sessionId = ConsoleRequest.sessionId(request), let session = try await notifier.consoleAccounts.consoleSession(id: sessionId) else {
            throw NotifyError.unauthorized("not signed in")
        }
        var response = JSONResponse.make(json(session))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    func signOut(_ request: Request, context: Context) async throws -> Response {
        guard ConsoleRequest.isSameOrigin(request) else {
            throw NotifyError.csrf("a sign-out must come from the console's own page")
        }
        if let sessionId = ConsoleRequest.sessionId(request) {
            try await notifier.consoleAccounts.signOut(sessionId: sessionId)
        }
        let secure = ConsoleRequest.isHTTPS(request, configuration: notifier.configuration.console)
        var response = JSONResponse.empty()
        response.setCookie(ConsoleRequest.cookie("", secure: secure, remove: true))
        return response
    }

    /// The username and password of a sign-in, from a form (`application/x-www-form-urlencoded`)
    /// or a JSON object; 422 with the paths of what is missing.
    func credentials(_ request: Request) async throws -> (String, String) {
        let data = try await BodyReader.collect(request, limit: notifier.configuration.maximumBodySize)
        let members: JSONObject
        if request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            let form: SignInForm
            do {
                form = try URLEncodedFormDecoder().decode(SignInForm.self, from: String(decoding: data, as: UTF8.self))
            } catch {
                throw NotifyError.malformed("the body is not a form")
            }
            members = JSONObject(["username": form.username.map(JSONValue.string) ?? .null,
                                  "password": form.password.map(JSONValue.string) ?? .null])
        } else {
            let value: JSONValue
            do {
                value = try JSONValue(parsing: data)
            } catch {
                throw NotifyError.malformed("the body is not JSON")
            }
            guard case .object(let object) = value else { throw NotifyError.malformed("expected a JSON object, got \(value.summary)") }
            members = object
        }
        var issues: [ValidationIssue] = []
        func text(_ key: String) -> String {
            if case .string(let value)? = members[key], !value.isEmpty { return value }
            issues.append(ValidationIssue(path: JSONPath.root.appending(key), code: .missingKey, severity: .error,
                                          message: "expected a non-empty \(key)"))
            return ""
        }
        let username = text("username")
        let password = text("password")
        if !issues.isEmpty { throw NotifyError.invalid("the sign-in is not valid", issues: issues) }
        return (username, password)
    }

    /// The members of a sign-in form.
    struct SignInForm: Decodable {
        var username: String?
        var password: String?
    }

    /// A session as the console sees it: who, the role, the CSRF token, when it ends.
    func json(_ session: ConsoleSession) -> JSONValue {
        .object(["username": .string(session.username), "role": .string(session.role.rawValue),
                 "csrfToken": .string(session.csrfToken), "expiresAt": .string(notifier.timestamp(session.expiresAt))])
    }

    /// The page; the bare path is redirected to the one with the slash (its relative URLs need it).
    func index(_ request: Request, context: Context) async throws -> Response {
        guard request.uri.path.hasSuffix("/") else {
            return Response(status: .movedPermanently, headers: [.location: "\(request.uri.path)/", .contentSecurityPolicy: policy])
        }
        return fileResponse(request, path: "index.html")
    }

    func file(_ request: Request, context: Context) async throws -> Response {
        fileResponse(request, path: context.parameters.getCatchAll().joined(separator: "/"))
    }

    /// The file at `path` with the console's headers, or 404 with the policy.
    func fileResponse(_ request: Request, path: String) -> Response {
        if let response = files.response(to: request, path: path, headers: headers) { return response }
        return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .contentSecurityPolicy: policy],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: "not found")))
    }
}
