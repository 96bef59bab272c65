import Foundation
import Synchronization

/// The payloads being answered, each read from its stored text and with its rules compiled
/// (``AnsweredPayload``), so that an answer does not parse a payload and compile its rules again
/// when the one before it did (decision 0555).
///
/// An entry is kept by what is answered — a message's id or a start request's name — with the
/// payload text it was made from, and used only for that very text: the answer route reads the text
/// from the store anyway, and comparing its bytes with the kept ones costs far less than parsing
/// it (hashing the text or the payload's fields would cost nearly as much). A start request
/// replaced by `PUT /requests` is stored with another text, so it is read and compiled again;
/// the stale entry makes way.
///
/// Bounded by a number of payloads and by the bytes of their texts: past either, the least
/// recently answered make way (docs/deploying.md#what-a-server-holds-in-memory).
final class AnsweredPayloadCache: Sendable {
    /// What an answer is for.
    enum Key: Hashable, Sendable {
        /// A message, by its id.
        case message(String)
        /// A start request, by its name.
        case startRequest(String)
    }

    private struct Entry {
        var text: String
        var answered: AnsweredPayload
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most payloads kept.
    let capacity: Int
    /// The most bytes of stored payload text kept, all entries together.
    let byteCapacity: Int
    private let state = Mutex(State())

    /// A cache of at most `capacity` payloads and `byteCapacity` bytes of their texts (a payload
    /// larger than that alone is not kept).
    init(capacity: Int, byteCapacity: Int) {
        self.capacity = max(0, capacity)
        self.byteCapacity = max(0, byteCapacity)
    }

    /// The payload `key` is stored with as `text`: the kept one when it was made from the same
    /// text, otherwise read and compiled now and kept for the next answers.
    ///
    /// - Throws: ``StoreError/corrupt(_:)`` when the text is not a stored payload.
    func payload(for key: Key, text: String) throws(StoreError) -> AnsweredPayload {
        let kept: AnsweredPayload? = state.withLock { state in
            guard let entry = state.entries[key], Self.sameBytes(entry.text, text) else { return nil }
            state.clock &+= 1
            state.entries[key]?.lastUse = state.clock
            return entry.answered
        }
        if let kept { return kept }
        // Made outside the lock: two answers missing at once both make it, and the second keeps its own.
        let answered = try AnsweredPayload(storedText: text)
        keep(answered, for: key, text: text)
        return answered
    }

    /// How many payloads are kept now, and the bytes of their texts.
    var usage: (count: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }

    /// Whether the payload of `key` is kept, made from `text`.
    func isKept(_ key: Key, text: String) -> Bool {
        state.withLock { state in state.entries[key].map { Self.sameBytes($0.text, text) } ?? false }
    }

    private func keep(_ answered: AnsweredPayload, for key: Key, text: String) {
        let size = text.utf8.count
        guard capacity > 0, size <= byteCapacity else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.text.utf8.count }
            // The least recently used make way; a scan, on a miss only, which parsed a payload.
            while !state.entries.isEmpty, state.entries.count >= capacity || state.bytes + size > byteCapacity {
                guard let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.text.utf8.count
            }
            state.clock &+= 1
            state.entries[key] = Entry(text: text, answered: answered, lastUse: state.clock)
            state.bytes += size
        }
    }

    /// Whether two texts have the same UTF-8 bytes (`==` on strings compares them as Unicode,
    /// which is slower on text that is not ASCII and not what a stored text's identity is).
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        var first = first, second = second
        guard first.utf8.count == second.utf8.count else { return false }
        return first.withUTF8 { one in
            second.withUTF8 { other in
                guard let a = one.baseAddress, let b = other.baseAddress else { return one.count == other.count }
                return memcmp(a, b, one.count) == 0
            }
        }
    }
}
