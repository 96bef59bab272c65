import Foundation
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL database is and how to reach it, read from a URL in libpq's form:
/// `postgres://user:password@host:port/database?sslmode=require`.
///
/// The user name is required; the password may be left out (trust or peer authentication), the
/// port defaults to 5432 and the database to the user's name, as libpq does. User, password and
/// database are percent-decoded. Query parameters understood:
///
/// - `sslmode`: `disable` (no TLS), `prefer` (TLS when the server offers it, unverified: libpq's
///   default), `require` (TLS or no connection, certificate not verified, as libpq's `require`),
///   `verify-ca` (TLS, the certificate verified against the trust roots, not the host name) and
///   `verify-full` (TLS, certificate and host name verified).
/// - `sslrootcert`: a PEM file of trust roots for `verify-ca` and `verify-full` (the system's roots
///   otherwise).
/// - `connect_timeout`: seconds to wait for the connection and its start-up (10 by default).
///
/// Any other parameter is an error, so a misspelt `sslmode` never silently means no TLS.
/// ``description`` never shows the password.
public struct PostgresDatabaseURL: Sendable, Hashable, CustomStringConvertible {
    /// TLS to the database, libpq's `sslmode`.
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// No TLS.
        case disable
        /// TLS when the server offers it, without verifying its certificate (libpq's default).
        case prefer
        /// TLS always, without verifying the server's certificate.
        case require
        /// TLS always, the certificate verified against the trust roots, not the host name.
        case verifyCA = "verify-ca"
        /// TLS always, the certificate and the host name verified.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// The role to connect as.
    public var username: String
    /// The role's password, if any.
    public var password: String?
    /// The database's name.
    public var database: String
    /// TLS to the server.
    public var tlsMode: TLSMode
    /// Trust roots for `verify-ca` and `verify-full` (a PEM file), or `nil` for the system's.
    public var rootCertificatePath: String?
    /// How long the connection and its start-up may take.
    public var connectTimeout: Duration

    /// How long a pooled connection stays open unused (`pool_idle_timeout`, in seconds).
    public var poolIdleTimeout: Duration

    /// The default time a connection may take to be made.
    public static let defaultConnectTimeout: Duration = .seconds(10)

    /// The default time a pooled connection stays open unused: 10 s, not postgres-nio's 60 s with
    /// a keep-alive query every 30 s. The pool arms a timer each time a connection is handed back,
    /// and a timer cancelled by the next lease keeps its memory until it would have fired; so the
    /// pool holds about (queries per second) × this many timers (decision 0542).
    public static let defaultPoolIdleTimeout: Duration = .seconds(10)

    /// Reads a `postgres://` or `postgresql://` URL; throws ``PostgresDatabaseError`` naming the
    /// part that is wrong.
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text) else {
            throw PostgresDatabaseError.invalidURL("it is not a URL; expected postgres://user:password@host:port/database")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresDatabaseError.invalidURL(
                "the scheme is \(components.scheme.map { "'\($0)'" } ?? "missing"); expected postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresDatabaseError.invalidURL("the host is missing; expected postgres://user@host:port/database")
        }
        guard let user = components.user, let username = user.removingPercentEncoding, !username.isEmpty else {
            throw PostgresDatabaseError.invalidURL("the user name is missing; expected postgres://user@\(host)/database")
        }
        self.host = host
        self.port = components.port ?? 5432
        guard (1...65535).contains(port) else {
            throw PostgresDatabaseError.invalidURL("the port \(port) is not between 1 and 65535")
        }
        self.username = username
        if let password = components.password {
            guard let decoded = password.removingPercentEncoding else {
                throw PostgresDatabaseError.invalidURL("the password has an invalid percent escape")
            }
            self.password = decoded
        } else {
            self.password = nil
        }
        var path = components.percentEncodedPath
        if path.hasPrefix("/") { path.removeFirst() }
        guard !path.contains("/") else {
            throw PostgresDatabaseError.invalidURL("the path '/\(path)' is not one database name")
        }
        guard let database = path.removingPercentEncoding else {
            throw PostgresDatabaseError.invalidURL("the database name has an invalid percent escape")
        }
        self.database = database.isEmpty ? username : database
        self.tlsMode = .prefer
        self.rootCertificatePath = nil
        self.connectTimeout = Self.defaultConnectTimeout
        self.poolIdleTimeout = Self.defaultPoolIdleTimeout
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                // libpq's `allow` tries without TLS first; nearest here is `prefer`.
                if value == "allow" {
                    tlsMode = .prefer
                } else if let mode = TLSMode(rawValue: value) {
                    tlsMode = mode
                } else {
                    throw PostgresDatabaseError.invalidURL(
                        "sslmode '\(value)' is not one of disable, allow, prefer, require, verify-ca, verify-full")
                }
            case "sslrootcert":
                rootCertificatePath = value
            case "connect_timeout":
                guard let seconds = Int(value), seconds > 0 else {
                    throw PostgresDatabaseError.invalidURL("connect_timeout '\(value)' is not a positive number of seconds")
                }
                connectTimeout = .seconds(seconds)
            case "pool_idle_timeout":
                guard let seconds = Int(value), seconds > 0 else {
                    throw PostgresDatabaseError.invalidURL("pool_idle_timeout '\(value)' is not a positive number of seconds")
                }
                poolIdleTimeout = .seconds(seconds)
            default:
                throw PostgresDatabaseError.invalidURL(
                    "the parameter '\(item.name)' is not supported (sslmode, sslrootcert, connect_timeout, pool_idle_timeout are)")
            }
        }
    }

    /// The URL without its password, for messages and logs.
    public var description: String {
        let user = username + (password == nil ? "" : ":***")
        let query = tlsMode == .prefer ? "" : "?sslmode=\(tlsMode.rawValue)"
        return "postgres://\(user)@\(host):\(port)/\(database)\(query)"
    }

    /// The TLS settings of ``tlsMode``: trust roots and how much of the certificate is verified.
    private func tlsConfiguration() -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let rootCertificatePath {
            configuration.trustRoots = .file(rootCertificatePath)
        }
        switch tlsMode {
        case .disable, .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        return configuration
    }

    /// The pool's configuration: this URL's server, role, database and TLS.
    public func clientConfiguration(maximumConnections: Int = 20) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch tlsMode {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration())
        case .require, .verifyCA, .verifyFull: .require(tlsConfiguration())
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: username,
                                                         password: password, database: database, tls: tls)
        configuration.options.connectTimeout = connectTimeout
        configuration.options.maximumConnections = maximumConnections
        // One timer per connection handed back, held until it would fire (decision 0542): a short
        // idle timeout, and no keep-alive query, which only an idle connection kept open longer needs.
        configuration.options.connectionIdleTimeout = poolIdleTimeout
        configuration.options.keepAliveBehavior = nil
        return configuration
    }

    /// One connection's configuration (start-up checks, migrations, `LISTEN`).
    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch tlsMode {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: tlsConfiguration()))
        case .require, .verifyCA, .verifyFull: tls = .require(try NIOSSLContext(configuration: tlsConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(host: host, port: port, username: username,
                                                             password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .init(connectTimeout)
        return configuration
    }
}
