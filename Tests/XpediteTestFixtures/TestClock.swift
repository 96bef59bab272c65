import Foundation
import Synchronization

/// A clock the tests move by hand, shared by the test targets: pass ``function`` where a
/// configuration takes a `now` or `clock` closure.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    /// A clock at `start` (14 April 2025 by default).
    public init(start: Date = Date(timeIntervalSince1970: 1_744_531_200)) {
        current = Mutex(start)
    }

    /// The clock's time.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The clock as a closure.
    public var function: @Sendable () -> Date { { self.now } }
}
