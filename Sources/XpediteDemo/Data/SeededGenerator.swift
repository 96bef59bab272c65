/// SplitMix64: a tiny, fast pseudo-random generator with a fixed seed, so the seeded customers
/// are the same on every machine and every run (the standard library's generator is random by
/// design). Not for anything secret.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }

    /// An integer in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }
}
