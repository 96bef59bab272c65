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
        let length = bytes.count
        if length <= 16 {
            // Keys and short values: word copies (two, overlapping) instead of a call to memmove.
            copySmall(from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + count), length: length)
        } else {
            (base + count).update(from: source, count: length)
        }
        count += length
    }

    /// Copies 1…16 bytes with at most two overlapping loads and stores of the widest fitting size.
    @inline(__always)
    private func copySmall(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, length: Int) {
        if length >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else {
            for index in 0..<length {
                target.storeBytes(of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
            }
        }
    }

    /// Appends the decimal digits of `value`, most significant first.
    mutating func appendDecimal(_ value: UInt64) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        if capacity - count < digits { grow(toHold: digits) }
        var remaining = value
        var position = count + digits
        repeat {
            position -= 1
            base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining > 0
        count += digits
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
