import AsyncHTTPClient
import Foundation
import NIOCore
import XpediteProtocol

/// FCM's OAuth 2 access tokens (docs/push.md#setting-up-fcm), granted by the service account's
/// `token_uri` for an RS256 JWT bearer assertion (RFC 7523) with scope `firebase.messaging`.
///
/// A token is kept until 60 seconds before it expires; concurrent callers that find none share
/// one request for it (single flight). ``invalidate(_:)`` drops a token FCM refused (401).
public actor FCMAccessTokens {
    /// `https://www.googleapis.com/auth/firebase.messaging`.
    public static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// How long before its expiry a token is replaced: 60 s.
    public static let refreshMargin: TimeInterval = 60

    /// Why no access token could be had.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The token endpoint refused the assertion (a 4xx other than 429): status and its `error`.
        case refused(String)
        /// The token endpoint is unavailable (429, 5xx, or no answer): try later.
        case unavailable(String, after: Duration?)
        /// The assertion could not be signed.
        case signing(String)

        /// A readable reason.
        public var description: String {
            switch self {
            case .refused(let reason): "access token refused: \(reason)"
            case .unavailable(let reason, _): "access token unavailable: \(reason)"
            case .signing(let reason): "cannot sign the access token assertion: \(reason)"
            }
        }
    }

    private struct Granted {
        var token: String
        var refreshAt: Date
    }

    private let serviceAccount: FCMServiceAccount
    private let httpClient: HTTPClient
    private let requestTimeout: Duration
    private let now: @Sendable () -> Date
    private var granted: Granted?
    private var refreshing: Task<Granted, any Error>?

    /// Tokens for `serviceAccount`, asked for through `httpClient`.
    public init(serviceAccount: FCMServiceAccount, httpClient: HTTPClient, requestTimeout: Duration = .seconds(10),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.serviceAccount = serviceAccount
        self.httpClient = httpClient
        self.requestTimeout = requestTimeout
        self.now = now
    }

    /// A live access token: the kept one, or a new one (one request however many callers wait).
    public func token() async throws(Failure) -> String {
        if let granted, now() < granted.refreshAt { return granted.token }
        let task: Task<Granted, any Error>
        if let refreshing {
            task = refreshing
        } else {
            let (account, client, timeout, now) = (serviceAccount, httpClient, requestTimeout, now)
            task = Task { try await Self.grant(for: account, through: client, timeout: timeout, now: now) }
            refreshing = task
        }
        do {
            let fresh = try await task.value
            if refreshing == task {
                refreshing = nil
                granted = fresh
            }
            return fresh.token
        } catch let failure as Failure {
            if refreshing == task { refreshing = nil }
            throw failure
        } catch {
            if refreshing == task { refreshing = nil }
            throw .unavailable(PushHTTP.transportReason(error), after: nil)
        }
    }

    /// Drops `token` (FCM answered 401 to it), so the next ``token()`` asks for a new one; a
    /// token already replaced is left alone. `nil` drops whatever is kept.
    public func invalidate(_ token: String? = nil) {
        guard let granted, token == nil || granted.token == token else { return }
        self.granted = nil
    }

    /// One request to the token endpoint.
    private static func grant(for account: FCMServiceAccount, through client: HTTPClient, timeout: Duration,
                              now: @Sendable () -> Date) async throws -> Granted {
        let issuedAt = now()
        let iat = Int(issuedAt.timeIntervalSince1970.rounded(.down))
        let assertion: String
        do {
            assertion = try JSONWebToken(header: ["typ": "JWT"], claims: [
                "iss": .string(account.clientEmail), "scope": .string(scope), "aud": .string(account.tokenURI),
                "iat": .number(Double(iat)), "exp": .number(Double(iat + 3600)),
            ]).signedRS256(with: account.privateKey)
        } catch {
            throw Failure.signing(error.description)
        }
        var request = HTTPClientRequest(url: account.tokenURI)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "accept", value: "application/json")
        let form = "grant_type=" + formEncoded("urn:ietf:params:oauth:grant-type:jwt-bearer") + "&assertion=" + formEncoded(assertion)
        request.body = .bytes(ByteBuffer(string: form))
        let answer = try await PushHTTP.send(request, through: client, timeout: timeout)
        let json = answer.json
        guard answer.status == 200 else {
            let error = [json?["error"]?.stringValue, json?["error_description"]?.stringValue].compactMap { $0 }.joined(separator: ": ")
            let reason = error.isEmpty ? "\(answer.status)" : "\(answer.status) \(error)"
            if answer.status == 429 || answer.status >= 500 {
                throw Failure.unavailable(reason, after: answer.retryAfter(now: now()))
            }
            throw Failure.refused(reason)
        }
        guard let token = json?["access_token"]?.stringValue, !token.isEmpty else {
            throw Failure.unavailable("the token endpoint's answer has no access_token", after: nil)
        }
        let lifetime = TimeInterval(json?["expires_in"]?.intValue ?? 3600)
        let keep = lifetime > 2 * refreshMargin ? lifetime - refreshMargin : lifetime / 2
        return Granted(token: token, refreshAt: issuedAt.addingTimeInterval(keep))
    }

    /// `application/x-www-form-urlencoded` text of a value (RFC 3986 unreserved characters kept).
    private static func formEncoded(_ value: String) -> String {
        PushHTTP.percentEncoded(value)
    }
}
