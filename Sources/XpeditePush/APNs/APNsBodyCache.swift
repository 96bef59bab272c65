import NIOCore
import Synchronization
import XpediteNotify

/// The APNs bodies of the latest messages sent. A send to 10,000 devices makes 10,000 pushes of
/// one message, whose body is the same for each: it is encoded once and its bytes shared (a
/// `ByteBuffer` is copied on write, and a request only reads it). An entry is used only for the
/// very push it was made from; the cache forgets everything when it holds more than ``capacity``.
final class APNsBodyCache: Sendable {
    /// How many bodies are kept: far more than messages in flight at once.
    static let capacity = 64

    private struct Key: Hashable {
        var messageId: String
        var kind: PushKind
        var includingPayload: Bool
    }

    private struct Entry {
        var push: Push
        var body: ByteBuffer
    }

    private let entries = Mutex<[Key: Entry]>([:])

    /// The body of `push` (with its payload when `includingPayload`): the kept one when it was
    /// made from the same push, otherwise `make()`'s, kept for the next.
    func body(of push: Push, includingPayload: Bool, make: () -> ByteBuffer) -> ByteBuffer {
        let key = Key(messageId: push.messageId, kind: push.kind, includingPayload: includingPayload)
        if let kept = entries.withLock({ $0[key] }), kept.push == push { return kept.body }
        let body = make()
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(push: push, body: body)
        }
        return body
    }
}
