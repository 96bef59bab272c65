import HummingbirdBcrypt
import NIOPosix

/// bcrypt (hummingbird-auth), run on NIO's blocking thread pool: hashing is slow on purpose and
/// synchronous, so it never runs on an event loop or a cooperative thread.
struct PasswordHasher: Sendable {
    var cost: UInt8

    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
