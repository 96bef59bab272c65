/// A growable byte buffer that owns its memory: appends write straight into it, with none of
/// `Array`'s per-append uniqueness checks. Noncopyable, so the memory has exactly one owner and is
/// freed when the sink goes away.
struct ByteSink: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the same byte `times` times.
    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if capacity - count < times { grow(toHold: times) }
        (base + count).update(repeating: byte, count: times)
        count += times
    }

    private mutating func grow(toHold extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
