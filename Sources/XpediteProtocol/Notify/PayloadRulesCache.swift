import Synchronization

/// Compiled ``PayloadRules`` kept by the fields they were compiled from, so that a server checking
/// many answers to one payload parses and types its expressions once, not on every answer
/// (decision 0462). Bounded: when full, it starts again empty.
final class PayloadRulesCache: Sendable {
    /// The cache ``ResponseValidator`` uses.
    static let shared = PayloadRulesCache(capacity: 256)

    private let capacity: Int
    private let entries = Mutex<[[Field]: PayloadRules]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The rules of `fields`, compiled now or earlier.
    func rules(for fields: [Field]) -> PayloadRules {
        if let known = entries.withLock({ $0[fields] }) { return known }
        let compiled = PayloadRules(fields: fields)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[fields] = compiled
        }
        return compiled
    }
}
