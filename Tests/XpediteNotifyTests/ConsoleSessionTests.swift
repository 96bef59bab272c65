import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteTestFixtures

/// Console operators and sessions (docs/notify-api.md#operators-and-roles,
/// docs/notify-api.md#console-sessions): the operators routes, signing in and out, the cookie's
/// attributes, the session's end, CSRF and same-origin checks, and the sign-in limits.
@Suite struct ConsoleSessionTests {
    static let password = "correct horse battery"

    /// Runs `body` with a console client on a new notifier whose clock the test moves, with
    /// `ann` (admin), `sam` (sender) and `vic` (viewer).
    static func withConsole(configure: @escaping @Sendable (inout NotifyConfiguration) -> Void = { _ in },
                            _ body: @escaping @Sendable (ConsoleTestClient, TestClock) async throws -> Void) async throws {
        let clock = TestClock()
        let harness = try NotifyHarness { configuration in
            configuration.now = clock.function
            configure(&configuration)
        }
        try await harness.application().test(.router) { client in
            let console = ConsoleTestClient(client: client)
            try await console.putOperator("ann", password: password, role: "admin")
            try await console.putOperator("sam", password: password, role: "sender")
            try await console.putOperator("vic", password: password, role: "viewer")
            try await body(console, clock)
        }
    }

    /// Whether the cookie an answer sets is `Secure`.
    static func secure(_ answer: ConsoleTestClient.Answer) -> Bool {
        attributes(answer.setCookie).contains("secure")
    }

    /// The attributes of a `Set-Cookie` value, lowercased, without the name and value.
    static func attributes(_ setCookie: String?) -> Set<String> {
        Set((setCookie ?? "").split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }

    @Test func operatorsAreCreatedListedAndRemovedWithoutTheirPasswords() async throws {
        try await Self.withConsole { console, _ in
            let key: HTTPFields = [.authorization: "Bearer \(NotifyHarness.apiKey)"]
            let list = try await console.raw(.get, "/notify/v1/operators", headers: key)
            #expect(list.status == .ok)
            #expect(list.json["operators"]?.arrayValue?.compactMap { $0["username"]?.stringValue } == ["ann", "sam", "vic"])
            #expect(list.json["operators"]?.arrayValue?.first?["role"] == "admin")
            #expect(list.json["operators"]?.arrayValue?.first?["createdAt"]?.stringValue != nil)
            let updated = try await console.raw(.put, "/notify/v1/operators/vic", headers: key,
                                                body: ["password": "another long one", "role": "sender"])
            #expect(updated.status == .ok)
            #expect(updated.json["role"] == "sender")
            for answer in [list, updated] {
                #expect(!answer.text.contains(Self.password) && !answer.text.contains("another long one"))
                #expect(!answer.text.contains("$2") && !answer.text.lowercased().contains("password"))
            }
            #expect(try await console.raw(.delete, "/notify/v1/operators/vic", headers: key).status == .noContent)
            let again = try await console.raw(.delete, "/notify/v1/operators/vic", headers: key)
            #expect(again.status == .notFound)
            #expect(again.code == "not_found")
        }
    }

    @Test func aBadOperatorIsRefusedWithThePathsOfItsIssues() async throws {
        try await Self.withConsole { console, _ in
            let key: HTTPFields = [.authorization: "Bearer \(NotifyHarness.apiKey)"]
            let answer = try await console.raw(.put, "/notify/v1/operators/zed", headers: key,
                                               body: ["password": "short", "role": "owner"])
            #expect(answer.status == .unprocessableContent)
            let paths = answer.json["error"]?["issues"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
            #expect(paths == ["$.password", "$.role"])
            #expect(answer.text.contains("admin, sender, viewer"))
            let missing = try await console.raw(.put, "/notify/v1/operators/zed", headers: key, body: [:])
            #expect(missing.json["error"]?["issues"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["$.password", "$.role"])
            #expect(try await console.raw(.put, "/notify/v1/operators/zed", body: ["password": "long enough!", "role": "admin"])
                .status == .unauthorized)
        }
    }

    @Test func signingInSetsAHardenedCookieAndAnswersWhoAndTheToken() async throws {
        try await Self.withConsole { console, _ in
            let answer = try await console.signIn("ann", Self.password)
            #expect(answer.status == .ok)
            #expect(answer.json["username"] == "ann")
            #expect(answer.json["role"] == "admin")
            let csrf = try #require(answer.json["csrfToken"]?.stringValue)
            #expect(csrf.count == 64)
            #expect(!answer.text.contains(Self.password))
            let setCookie = try #require(answer.setCookie)
            #expect(setCookie.hasPrefix("xpedite_console=xcs_"))
            // 256 random bits, hex: "xcs_" and 64 digits.
            #expect(setCookie.split(separator: ";").first?.count == "xpedite_console=xcs_".count + 64)
            let attributes = Self.attributes(setCookie)
            #expect(attributes.contains("httponly"))
            #expect(attributes.contains("samesite=strict"))
            #expect(attributes.contains("path=/notify"))
            #expect(!attributes.contains("secure"))
            #expect(!attributes.contains { $0.hasPrefix("expires") || $0.hasPrefix("max-age") })
            // The session answers who is signed in, with the same token.
            let cookie = String(setCookie.split(separator: ";")[0])
            let session = try await console.raw(.get, "/notify/console/session", headers: [.cookie: cookie])
            #expect(session.status == .ok)
            #expect(session.json["username"] == "ann")
            #expect(session.json["csrfToken"] == .string(csrf))
            #expect(try await console.raw(.get, "/notify/console/session").status == .unauthorized)
            // A form signs in too.
            let form = try await console.raw(.post, "/notify/console/session", form: "username=sam&password=correct+horse+battery")
            #expect(form.status == .ok)
            #expect(form.json["role"] == "sender")
        }
    }

    @Test func theCookieIsSecureOnlyWhenTheRequestCameOverHTTPS() async throws {
        let proto = try #require(HeaderName("X-Forwarded-Proto"))
        let https: HTTPFields = [proto: "https"]
        // Not trusted (the default): the header is ignored.
        try await Self.withConsole { console, _ in
            let forwarded = try await console.signIn("ann", Self.password, headers: https)
            #expect(!Self.secure(forwarded))
        }
        try await Self.withConsole(configure: { $0.console.trustsForwardedHeaders = true }) { console, _ in
            let forwarded = try await console.signIn("ann", Self.password, headers: https)
            let plain = try await console.signIn("ann", Self.password)
            #expect(Self.secure(forwarded))
            #expect(!Self.secure(plain))
        }
        try await Self.withConsole(configure: { $0.console.alwaysHTTPS = true }) { console, _ in
            let plain = try await console.signIn("ann", Self.password)
            #expect(Self.secure(plain))
        }
    }

    @Test func aWrongPasswordAndAnUnknownUserAnswerAlike() async throws {
        try await Self.withConsole { console, _ in
            let wrong = try await console.signIn("ann", "not the password")
            let unknown = try await console.signIn("nobody", "not the password")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.setCookie == nil)
            #expect(wrong.status == unknown.status)
            #expect(wrong.text == unknown.text)
            #expect(wrong.code == "sign_in_failed")
            // A user of the API (not an operator) cannot sign in to the console.
            let api = APIClient(client: console.client)
            try await api.user("joe", password: Self.password)
            #expect(try await console.signIn("joe", Self.password).text == wrong.text)
        }
    }

    @Test func failedSignInsOfOneUsernameAreRefusedForAGrowingTime() async throws {
        try await Self.withConsole { console, clock in
            for _ in 0..<5 { #expect(try await console.signIn("ann", "guess").status == .unauthorized) }
            // Refused now, even with the right password.
            let refused = try await console.signIn("ann", Self.password)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.code == "too_many_attempts")
            #expect(refused.headers[.retryAfter] == "30")
            #expect(refused.setCookie == nil)
            // Another operator from the same address is not slowed down by ann's failures.
            #expect(try await console.signIn("sam", Self.password).status == .ok)
            clock.advance(by: 31)
            // One more failure doubles the wait.
            #expect(try await console.signIn("ann", "guess").status == .unauthorized)
            #expect(try await console.signIn("ann", Self.password).headers[.retryAfter] == "60")
            clock.advance(by: 61)
            #expect(try await console.signIn("ann", Self.password).status == .ok)
            // The success cleared the count.
            #expect(try await console.signIn("ann", "guess").status == .unauthorized)
            #expect(try await console.signIn("ann", Self.password).status == .ok)
        }
    }

    @Test func failedSignInsFromOneAddressAreRefused() async throws {
        try await Self.withConsole(configure: { $0.console.signInLimits.freeFailuresPerAddress = 3 }) { console, _ in
            for name in ["x1", "x2", "x3"] { #expect(try await console.signIn(name, "guess").status == .unauthorized) }
            let refused = try await console.signIn("ann", Self.password)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "30")
        }
    }

    @Test func aSignedOutOrEndedSessionNoLongerWorks() async throws {
        try await Self.withConsole { console, clock in
            let ann = try await console.session("ann", Self.password)
            #expect(try await console.call(.get, "/users", session: ann).status == .ok)
            let out = try await console.raw(.delete, "/notify/console/session", headers: [.cookie: ann.cookie])
            #expect(out.status == .noContent)
            #expect(Self.attributes(out.setCookie).contains("max-age=0"))
            let after = try await console.call(.get, "/users", session: ann)
            #expect(after.status == .unauthorized)
            #expect(after.code == "unauthorized")
            #expect(try await console.raw(.get, "/notify/console/session", headers: [.cookie: ann.cookie]).status == .unauthorized)

            // A session used within 12 hours slides on; one left alone for 12 hours ends.
            let sam = try await console.session("sam", Self.password)
            clock.advance(by: 11 * 3600)
            #expect(try await console.call(.get, "/users", session: sam).status == .ok)
            clock.advance(by: 11 * 3600)
            #expect(try await console.call(.get, "/users", session: sam).status == .ok)
            clock.advance(by: 12 * 3600 + 1)
            #expect(try await console.call(.get, "/users", session: sam).status == .unauthorized)
            #expect(try await console.raw(.get, "/notify/console/session", headers: [.cookie: sam.cookie]).status == .unauthorized)
        }
    }

    @Test func removingAnOperatorEndsItsSessionsAndAChangedRoleCountsAtOnce() async throws {
        try await Self.withConsole { console, _ in
            let key: HTTPFields = [.authorization: "Bearer \(NotifyHarness.apiKey)"]
            let sam = try await console.session("sam", Self.password)
            #expect(try await console.call(.put, "/payloads/p", session: sam, body: ["payload": SamplePayloads.colour]).status == .ok)
            try await console.putOperator("sam", password: Self.password, role: "viewer")
            #expect(try await console.call(.put, "/payloads/p", session: sam, body: ["payload": SamplePayloads.colour]).status
                == .forbidden)
            #expect(try await console.raw(.delete, "/notify/v1/operators/sam", headers: key).status == .noContent)
            #expect(try await console.call(.get, "/users", session: sam).status == .unauthorized)
        }
    }

    @Test func aChangeWithASessionNeedsItsCSRFTokenAndASameOriginRequest() async throws {
        try await Self.withConsole { console, _ in
            let ann = try await console.session("ann", Self.password)
            let body: JSONValue = ["payload": SamplePayloads.colour]
            let missing = try await console.call(.put, "/payloads/p", session: ann, csrf: .some(nil), body: body)
            #expect(missing.status == .forbidden)
            #expect(missing.code == "csrf")
            let wrong = try await console.call(.put, "/payloads/p", session: ann, csrf: .some(String(repeating: "0", count: 64)), body: body)
            #expect(wrong.status == .forbidden)
            #expect(wrong.code == "csrf")
            // Another session's token is not this one's.
            let sam = try await console.session("sam", Self.password)
            #expect(try await console.call(.put, "/payloads/p", session: ann, csrf: .some(sam.csrfToken), body: body).code == "csrf")
            // A cross-site request is refused even with the right token.
            let origin = try #require(HeaderName("Origin"))
            let site = try #require(HeaderName("Sec-Fetch-Site"))
            let crossOrigin = try await console.call(.put, "/payloads/p", session: ann, headers: [origin: "https://evil.example"], body: body)
            #expect(crossOrigin.status == .forbidden)
            #expect(crossOrigin.code == "csrf")
            let crossSite = try await console.call(.post, "/send", session: ann, headers: [site: "cross-site"],
                                                   body: ["title": "T", "body": "B", "payload": SamplePayloads.colour, "to": ["all": true]])
            #expect(crossSite.code == "csrf")
            #expect(try await console.call(.put, "/payloads/p", session: ann, headers: [site: "same-site"], body: body).code == "csrf")
            // A cross-site sign-in is refused too (login CSRF).
            #expect(try await console.signIn("ann", Self.password, headers: [origin: "https://evil.example"]).code == "csrf")
            // Same origin, with the token: accepted. Reads need no token.
            #expect(try await console.call(.put, "/payloads/p", session: ann,
                                           headers: [origin: "http://localhost", site: "same-origin"], body: body).status == .ok)
            #expect(try await console.call(.get, "/payloads/p", session: ann, csrf: .some(nil)).status == .ok)
            // The API key needs no token.
            let api = try await console.raw(.put, "/notify/v1/payloads/q", headers: [.authorization: "Bearer \(NotifyHarness.apiKey)"],
                                            body: body)
            #expect(api.status == .ok)
            // A bad key is 401 even with a good cookie.
            #expect(try await console.call(.get, "/users", session: ann, headers: [.authorization: "Bearer nope"]).status == .unauthorized)
        }
    }

    @Test func theConsolePageIsServedWithItsPolicy() async throws {
        try await Self.withConsole { console, _ in
            let page = try await console.raw(.get, "/notify/console/")
            #expect(page.status == .ok)
            #expect(page.text.contains("id=\"sign-in\""))
            #expect(page.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(try await console.raw(.get, "/notify/console/js/session.js").status == .ok)
            #expect(try await console.raw(.get, "/notify/console").status == .movedPermanently)
            #expect(try await console.raw(.get, "/notify/console/nothing.js").status == .notFound)
        }
    }

    /// The answers' maps draw the notification app's tiles (decision 0517): the policy lets
    /// pictures come from the tiles' origin and from nowhere else.
    @Test(arguments: [
        ("https://tile.openstreetmap.org/{z}/{x}/{y}.png", "img-src 'self' https://tile.openstreetmap.org;"),
        ("https://{s}.tiles.example:8443/{maptype}/{z}/{x}/{y}.png", "img-src 'self' https://*.tiles.example:8443;"),
        ("/tiles/{z}/{x}/{y}.png", "img-src 'self';"),
        ("https://evil.example; script-src *//{z}/{x}/{y}.png", "img-src 'self';"),
        ("javascript://{z}", "img-src 'self';"),
    ])
    func theConsolePolicyLetsPicturesComeFromTheMapTiles(template: String, imageSources: String) async throws {
        try await Self.withConsole(configure: { $0.mapTileURL = template }) { console, _ in
            for path in ["/notify/console/", "/notify/console/js/console.js", "/notify/console/nothing.js"] {
                let policy = try await console.raw(.get, path).headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains(imageSources), "\(path): \(policy)")
                #expect(policy.contains("script-src 'self';"), "\(path): \(policy)")
            }
        }
    }
}
