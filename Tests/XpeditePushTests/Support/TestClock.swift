import Foundation
import Synchronization

/// A clock a test moves by hand, shared by a provider and a stand-in.
final class TestClock: Sendable {
    private let date: Mutex<Date>

    /// A clock at `start` (now by default, so TLS certificates and real expiry checks agree).
    init(_ start: Date = Date()) {
        date = Mutex(start)
    }

    /// The clock as a provider and a stand-in take it.
    var now: @Sendable () -> Date { { self.date.withLock { $0 } } }

    /// Moves the clock on.
    func advance(seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
