import Crypto
import Foundation
import Synchronization
import XpediteProtocol

/// APNs' provider authentication token (docs/push.md#setting-up-apns): an ES256 JWT `{alg: ES256,
/// kid}` `{iss: team id, iat}`, made once and reused for ``lifetime`` (Apple refuses one older than
/// an hour, and one renewed more often than every 20 minutes), and made afresh on demand after an
/// `ExpiredProviderToken` answer. Safe to share between concurrent deliveries.
public final class APNsProviderToken: Sendable {
    /// 40 minutes: how long one token is reused (inside Apple's 20–60 minutes).
    public static let lifetime: TimeInterval = 40 * 60

    private let signingKey: P256.Signing.PrivateKey
    private let keyId: String
    private let teamId: String
    private let now: @Sendable () -> Date
    private let state = Mutex<(token: String, authorization: String, issuedAt: Date)?>(nil)

    /// The token of `configuration`'s key, key id and team, dated by `now`.
    public init(configuration: APNsConfiguration, now: @escaping @Sendable () -> Date = { Date() }) {
        signingKey = configuration.signingKey
        keyId = configuration.keyId
        teamId = configuration.teamId
        self.now = now
    }

    /// The token to send: the kept one while it is younger than ``lifetime``, otherwise a new one.
    public func current() throws(JSONWebToken.Error) -> String {
        try currentAuthorization().token
    }

    /// The token to send and its `authorization` header value (`bearer <token>`), both made once
    /// per token and shared by every push that carries it.
    public func currentAuthorization() throws(JSONWebToken.Error) -> (token: String, authorization: String) {
        let now = now()
        return try state.withLock { (state) throws(JSONWebToken.Error) -> (token: String, authorization: String) in
            if let kept = state, now >= kept.issuedAt, now.timeIntervalSince(kept.issuedAt) < Self.lifetime {
                return (kept.token, kept.authorization)
            }
            let fresh = try make(at: now)
            let authorization = "bearer " + fresh
            state = (fresh, authorization, now)
            return (fresh, authorization)
        }
    }

    /// A new token after APNs refused `stale` as expired; when another delivery already replaced
    /// `stale`, its replacement (one renewal for many concurrent refusals).
    public func renew(replacing stale: String) throws(JSONWebToken.Error) -> String {
        let now = now()
        return try state.withLock { (state) throws(JSONWebToken.Error) -> String in
            if let kept = state, kept.token != stale { return kept.token }
            let fresh = try make(at: now)
            state = (fresh, "bearer " + fresh, now)
            return fresh
        }
    }

    private func make(at date: Date) throws(JSONWebToken.Error) -> String {
        let issuedAt = Int(date.timeIntervalSince1970.rounded(.down))
        let jwt = JSONWebToken(header: ["kid": .string(keyId)], claims: ["iss": .string(teamId), "iat": .number(Double(issuedAt))])
        return try jwt.signedES256(with: signingKey)
    }
}
