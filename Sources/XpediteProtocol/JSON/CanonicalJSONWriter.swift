/// Writes a ``JSONValue`` tree as canonical JSON bytes, directly: members sorted by the UTF-8
/// bytes of their keys, slashes unescaped, strings escaped as RFC 8259 requires, numbers as
/// ``JSONValue/format(number:)`` prints them (integral values up to 2^53 without a fraction,
/// others in Swift's shortest round-tripping form, non-finite ones as `null`).
///
/// The output is byte for byte what Foundation's `JSONEncoder` writes for the tree with
/// `[.sortedKeys, .withoutEscapingSlashes]` (plus `.prettyPrinted`: two-space indentation,
/// `"key" : value`, empty containers as an open and close line); the tests hold it to that on
/// every fixture. Serialising the project's own tree is the one piece of JSON the project writes
/// itself (docs/architecture.md#conventions); parsing stays with `JSONSerialization`.
struct CanonicalJSONWriter: ~Copyable {
    private var bytes: ByteSink
    private let pretty: Bool

    init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        bytes = ByteSink(capacity: capacity)
    }

    /// Calls `body` with the bytes written so far.
    func withWritten<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withBytes(body)
    }

    mutating func write(_ value: JSONValue) {
        write(value, depth: 0)
    }

    /// Writes a data response, byte for byte as `write(response.json)`; compact rows are written
    /// straight from the typed array, with no tree of them built.
    mutating func write(_ response: DataResponse) {
        guard !pretty, case .rows(let rows) = response.data else {
            write(response.json)
            return
        }
        // The members in canonical order: "data" < "max" < "rc" < "token" (the tests compare
        // this with writing `response.json`).
        append("{\"data\":")
        write(rows: rows)
        if let max = response.max {
            append(",\"max\":")
            write(number: Double(max))
        }
        append(",\"rc\":")
        write(response.rc.json, depth: 1)
        if let token = response.token {
            append(",\"token\":")
            write(string: token)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func write(rows: [JSONObject]) {
        bytes.append(UInt8(ascii: "["))
        rows.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                // A kept row's bytes are copied as they are. Only its form is read: rows are
                // shared by concurrent requests, and each reference counted is a contended atomic.
                if case .encoded(let encoded) = buffer[index].form {
                    encoded.withUnsafeBufferPointer { bytes.append($0) }
                } else {
                    write(object: buffer[index], depth: 1)
                }
            }
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func write(_ value: borrowing JSONValue, depth: Int) {
        switch value {
        case .null:
            append("null")
        case .bool(let flag):
            append(flag ? "true" : "false")
        case .number(let number):
            write(number: number)
        case .string(let string):
            write(string: string)
        case .array(let elements):
            write(array: elements, depth: depth)
        case .object(let object):
            write(object: object, depth: depth)
        }
    }

    // MARK: - Containers

    private mutating func write(array elements: [JSONValue], depth: Int) {
        bytes.append(UInt8(ascii: "["))
        if elements.isEmpty {
            if pretty { emptyBody(depth: depth) }
            bytes.append(UInt8(ascii: "]"))
            return
        }
        // Elements are written in place from the array's storage, not copied out one by one.
        elements.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { newline(depth: depth + 1) }
                write(buffer[index], depth: depth + 1)
            }
        }
        if pretty { newline(depth: depth) }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func write(object: JSONObject, depth: Int) {
        // Written once and kept (`JSONObject.preEncoded()`): the bytes as they are.
        if !pretty, object.withEncodedBytes({ bytes.append($0) }) { return }
        bytes.append(UInt8(ascii: "{"))
        if object.isEmpty {
            if pretty { emptyBody(depth: depth) }
            bytes.append(UInt8(ascii: "}"))
            return
        }
        let members = object.isCanonicallyOrdered ? object.storedMembers : object.sortedMembers
        members.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { newline(depth: depth + 1) }
                write(string: buffer[index].key)
                if pretty {
                    append(" : ")
                } else {
                    bytes.append(UInt8(ascii: ":"))
                }
                write(buffer[index].value, depth: depth + 1)
            }
        }
        if pretty { newline(depth: depth) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `JSONEncoder` prints an empty container as an open line, an empty line, and the close.
    private mutating func emptyBody(depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        newline(depth: depth)
    }

    private mutating func newline(depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(UInt8(ascii: " "), times: 2 * depth)
    }

    // MARK: - Scalars

    private mutating func write(number: Double) {
        guard number.isFinite else {
            // JSON has no NaN or infinity; a tree built in code that holds one writes null.
            append("null")
            return
        }
        // An integral value up to 2^53 converts to Int64 and back unchanged (a truncating
        // conversion and a compare, no call into libm's round).
        if abs(number) <= 9_007_199_254_740_992, Double(Int64(number)) == number {
            write(integer: Int64(number))
        } else {
            append(number.description)
        }
    }

    private mutating func write(integer: Int64) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        // |integer| ≤ 2^53 here: at most 16 digits, written straight into the sink.
        bytes.appendDecimal(integer.magnitude)
    }

    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Native strings (all the tree holds, but bridged ones) hand out their UTF-8 in place.
        let wrote = string.utf8.withContiguousStorageIfAvailable { utf8 in
            writeEscaped(utf8)
            return true
        } ?? false
        if !wrote {
            var copy = string
            copy.withUTF8 { writeEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Copies runs of bytes that need no escape as they are, and escapes the rest.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Most strings need no escape at all: checked eight bytes at a time, then copied at once.
        if !Self.needsEscape(utf8) {
            bytes.append(utf8)
            return
        }
        var start = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if start < index { bytes.append(UnsafeBufferPointer(rebasing: utf8[start..<index])) }
            escape(byte)
            start = index + 1
        }
        if start < utf8.count { bytes.append(UnsafeBufferPointer(rebasing: utf8[start...])) }
    }

    /// Whether any byte is a C0 control, `"` or `\`: eight bytes per step (SWAR: a byte of a word
    /// is zero exactly when `(w - 0x01…) & ~w & 0x80…` has its high bit), the tail one by one.
    @inline(__always)
    private static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // Bytes below 0x20: (w - 0x20…) & ~w has the high bit of such a byte set.
            let controls = (word &- 0x2020_2020_2020_2020) & ~word & highs
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let quotes = (quote &- ones) & ~quote & highs
            let backslashes = (backslash &- ones) & ~backslash & highs
            if controls | quotes | backslashes != 0 { return true }
            offset += 8
        }
        while offset < utf8.count {
            let byte = utf8[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            offset += 1
        }
        return false
    }

    /// The escape `JSONEncoder` writes: the short forms RFC 8259 names, `\u00xx` (lowercase) otherwise.
    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            append("u00")
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0x0F))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append($0) }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append($0) }
    }
}

extension JSONObject {
    /// The members in canonical order: by the UTF-8 bytes of their keys, as `JSONEncoder`'s
    /// `.sortedKeys` orders them. Members already in that order (objects the SDK's encoders
    /// made) are returned as they are stored, without a copy.
    var sortedMembers: [Member] {
        let members = storedMembers
        var isSorted = true
        members.withUnsafeBufferPointer { buffer in
            for index in buffer.indices.dropFirst() where !Self.precedes(buffer[index - 1], buffer[index]) {
                isSorted = false
                return
            }
        }
        return isSorted ? members : members.sorted(by: Self.precedes)
    }

    /// The canonical order of two members: keys the protocol defines compare by a precomputed
    /// rank, any other pair by the UTF-8 bytes of the keys.
    static func precedes(_ lhs: Member, _ rhs: Member) -> Bool {
        if lhs.wireKey != .unknown, rhs.wireKey != .unknown {
            return WireKey.canonicalRank[Int(lhs.wireKey.rawValue)] < WireKey.canonicalRank[Int(rhs.wireKey.rawValue)]
        }
        return lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
    }

    /// The object with its members in canonical order, so writing it needs no sort.
    var canonicallyOrdered: JSONObject {
        isCanonicallyOrdered ? self : JSONObject(uniqueMembers: sortedMembers, canonicallyOrdered: true)
    }
}

extension WireKey {
    /// Each key's position among all the protocol's keys sorted by UTF-8 bytes, by raw value.
    static let canonicalRank: [Int] = {
        var rank = [Int](repeating: 0, count: allCases.count)
        let sorted = allCases.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for (position, key) in sorted.enumerated() { rank[Int(key.rawValue)] = position }
        return rank
    }()
}
