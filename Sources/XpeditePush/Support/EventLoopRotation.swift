import NIOCore
import Synchronization

/// A few event loops of a group, handed out in turn: where a provider sends its requests, so
/// that they spread over one HTTP/2 connection per loop (a small pool of connections).
final class EventLoopRotation: Sendable {
    private let loops: [any EventLoop]
    private let turn = Atomic<UInt>(0)

    /// The first `limit` loops of `group` (at least one).
    init(_ group: any EventLoopGroup, atMost limit: Int) {
        let all = Array(group.makeIterator())
        loops = all.isEmpty ? [group.next()] : Array(all.prefix(max(1, limit)))
    }

    /// How many loops it turns over.
    var count: Int { loops.count }

    /// The next loop.
    func next() -> any EventLoop {
        loops[Int(turn.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(loops.count))]
    }
}
