import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteNotify
import XpeditePostgresTesting
import XpediteNotifyTestSupport

/// Console sessions and sign-in limits live in PostgreSQL, so two servers on one database share
/// them: a session made on one works on the other, a sign-out on one ends it on both, and failed
/// sign-ins on one count on the other.
@Suite(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"), .timeLimit(.minutes(2)))
struct ConsoleTwoServersTests {
    @Test func aSessionMadeOnOneServerWorksOnTheOther() async throws {
        try await TwoServersTests.withTwoServers { _, _, clientA, clientB in
            let a = ConsoleTestClient(client: clientA)
            let b = ConsoleTestClient(client: clientB)
            try await a.putOperator("ann", password: ConsoleSessionTests.password, role: "admin")
            let ann = try await a.session("ann", ConsoleSessionTests.password)
            // Read and change on B with A's session.
            #expect(try await b.call(.get, "/users", session: ann).status == .ok)
            #expect(try await b.call(.put, "/users/joe", session: ann, body: ["password": "pw"]).status == .ok)
            #expect(try await b.call(.put, "/users/joe", session: ann, csrf: .some(nil), body: ["password": "pw"]).code == "csrf")
            let onB = try await b.raw(.get, "/notify/console/session", headers: [.cookie: ann.cookie])
            #expect(onB.json["csrfToken"] == .string(ann.csrfToken))
            // Signed out on B: gone on A too.
            #expect(try await b.raw(.delete, "/notify/console/session", headers: [.cookie: ann.cookie]).status == .noContent)
            #expect(try await a.call(.get, "/users", session: ann).status == .unauthorized)
        }
    }

    @Test func failedSignInsOnOneServerCountOnTheOther() async throws {
        try await TwoServersTests.withTwoServers { _, _, clientA, clientB in
            let a = ConsoleTestClient(client: clientA)
            let b = ConsoleTestClient(client: clientB)
            try await a.putOperator("ann", password: ConsoleSessionTests.password, role: "admin")
            for index in 0..<5 {
                let server = index.isMultiple(of: 2) ? a : b
                #expect(try await server.signIn("ann", "guess").status == .unauthorized)
            }
            let refused = try await b.signIn("ann", ConsoleSessionTests.password)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] != nil)
            #expect(try await a.signIn("ann", ConsoleSessionTests.password).status == .tooManyRequests)
        }
    }
}
