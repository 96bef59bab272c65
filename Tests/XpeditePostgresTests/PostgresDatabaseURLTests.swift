import PostgresNIO
import Testing
import XpeditePostgresSupport

/// Reading database URLs: libpq's form, its defaults, TLS modes, and a clear error for each
/// wrong part (never the password in a message).
@Suite struct PostgresDatabaseURLTests {
    @Test func aFullURLIsRead() throws {
        let url = try PostgresDatabaseURL("postgres://ann:s%40cret@db.example:6543/xpedite_prod?sslmode=require&connect_timeout=3")
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.username == "ann")
        #expect(url.password == "s@cret")
        #expect(url.database == "xpedite_prod")
        #expect(url.tlsMode == .require)
        #expect(url.connectTimeout == .seconds(3))
        #expect(url.description == "postgres://ann:***@db.example:6543/xpedite_prod?sslmode=require")
        #expect(!String(describing: url).contains("cret"))
    }

    @Test func defaultsAreLibpqs() throws {
        let url = try PostgresDatabaseURL("postgresql://ann@127.0.0.1")
        #expect(url.port == 5432)
        #expect(url.password == nil)
        #expect(url.database == "ann")
        #expect(url.tlsMode == .prefer)
        #expect(url.connectTimeout == PostgresDatabaseURL.defaultConnectTimeout)
    }

    /// The pool keeps a connection open 10 s unused and runs no keep-alive query: the pool arms a
    /// timer per connection handed back, held until it would fire, so these durations bound how
    /// many it holds (decision 0542). postgres-nio's own defaults (60 s, and a keep-alive every
    /// 30 s) fail this test.
    @Test func thePoolHoldsAConnectionUnusedBrieflyAndRunsNoKeepAlive() throws {
        let url = try PostgresDatabaseURL("postgres://ann@127.0.0.1/d")
        #expect(url.poolIdleTimeout == PostgresDatabaseURL.defaultPoolIdleTimeout)
        #expect(PostgresDatabaseURL.defaultPoolIdleTimeout <= .seconds(10))
        let options = url.clientConfiguration().options
        #expect(options.connectionIdleTimeout == PostgresDatabaseURL.defaultPoolIdleTimeout)
        #expect(options.keepAliveBehavior == nil)
        let longer = try PostgresDatabaseURL("postgres://ann@127.0.0.1/d?pool_idle_timeout=30")
        #expect(longer.clientConfiguration().options.connectionIdleTimeout == .seconds(30))
        #expect(throws: PostgresDatabaseError.self) { try PostgresDatabaseURL("postgres://ann@h/d?pool_idle_timeout=0") }
    }

    @Test(arguments: [
        ("disable", PostgresDatabaseURL.TLSMode.disable), ("allow", .prefer), ("prefer", .prefer),
        ("require", .require), ("verify-ca", .verifyCA), ("verify-full", .verifyFull),
    ])
    func everySSLModeIsRead(_ text: String, _ mode: PostgresDatabaseURL.TLSMode) throws {
        #expect(try PostgresDatabaseURL("postgres://ann@h/d?sslmode=\(text)").tlsMode == mode)
    }

    @Test(arguments: [
        ("http://ann@h/d", "invalid database URL: the scheme is 'http'; expected postgres:// or postgresql://"),
        ("postgres://h/d", "invalid database URL: the user name is missing; expected postgres://user@h/database"),
        ("postgres://ann@h/d?sslmode=requried",
         "invalid database URL: sslmode 'requried' is not one of disable, allow, prefer, require, verify-ca, verify-full"),
        ("postgres://ann@h/d?ssl=true",
         "invalid database URL: the parameter 'ssl' is not supported (sslmode, sslrootcert, connect_timeout, pool_idle_timeout are)"),
        ("postgres://ann@h/d?connect_timeout=0",
         "invalid database URL: connect_timeout '0' is not a positive number of seconds"),
        ("postgres://ann@h/a/b", "invalid database URL: the path '/a/b' is not one database name"),
        ("postgres://ann:pw@h:0/d", "invalid database URL: the port 0 is not between 1 and 65535"),
        ("not a url", "invalid database URL: the scheme is missing; expected postgres:// or postgresql://"),
    ])
    func aWrongURLSaysWhichPartIsWrong(_ text: String, _ message: String) {
        #expect {
            try PostgresDatabaseURL(text)
        } throws: { error in
            "\(error)" == message
        }
    }
}
