import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// bcrypt (hummingbird-auth), run on NIO's blocking thread pool: hashing is slow on purpose and
/// synchronous, so it never runs on an event loop or a cooperative thread.
final class PasswordHasher: Sendable {
    let cost: UInt8
    /// A hash of nothing in particular at ``cost``, made on first use: an unknown username is
    /// checked against it, so a wrong name takes as long as a wrong password.
    private let dummyHash = Mutex<String?>(nil)

    init(cost: UInt8) {
        self.cost = cost
    }

    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Spends the time of a password check, for a user that does not exist.
    func verifyUnknownUser(_ password: String) async throws {
        let hash: String
        if let made = dummyHash.withLock({ $0 }) {
            hash = made
        } else {
            let made = try await self.hash("not a password")
            hash = dummyHash.withLock { stored in
                if let stored { return stored }
                stored = made
                return made
            }
        }
        _ = try await verify(password, hash: hash)
    }
}
