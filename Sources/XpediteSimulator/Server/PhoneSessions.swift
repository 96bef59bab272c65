import Synchronization

/// The phones connected now, by tab id: the image route asks the tab's engine for its images.
/// A reloaded tab opens a new session before the old socket has closed; the newest wins, and
/// an old session leaving does not remove it.
final class PhoneSessions: Sendable {
    private let sessions = Mutex<[String: PhoneSession]>([:])

    func add(_ session: PhoneSession, tab: String) {
        sessions.withLock { $0[tab] = session }
    }

    func remove(_ session: PhoneSession, tab: String) {
        sessions.withLock { if $0[tab] === session { $0[tab] = nil } }
    }

    func session(tab: String) -> PhoneSession? {
        sessions.withLock { $0[tab] }
    }
}
