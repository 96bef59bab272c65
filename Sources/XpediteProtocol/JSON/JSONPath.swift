/// The location of a value inside a packet, printed the way issues show it:
/// `$.components[3].size.width%`.
public struct JSONPath: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// One step of a path: an object member or an array element.
    public enum Step: Sendable, Hashable {
        /// An object's member, by key: `.size`.
        case key(String)
        /// An array's element, by 0-based index: `[3]`.
        case index(Int)
    }

    /// The steps from the root.
    public private(set) var steps: [Step]

    /// The path of the whole packet, `$`.
    public static let root = JSONPath(steps: [])

    /// Creates a path from its steps.
    public init(steps: [Step]) { self.steps = steps }

    /// The path of the member `key` of the value at this path.
    public func appending(_ key: String) -> JSONPath {
        var copy = self
        copy.steps.append(.key(key))
        return copy
    }

    /// The path of the element `index` of the array at this path.
    public func appending(_ index: Int) -> JSONPath {
        var copy = self
        copy.steps.append(.index(index))
        return copy
    }

    /// Whether `self` equals `other` or lies inside it.
    public func hasPrefix(_ other: JSONPath) -> Bool {
        steps.count >= other.steps.count && Array(steps.prefix(other.steps.count)) == other.steps
    }

    /// The path as text: `$`, then `.key` for plain keys, `["key"]` for keys with dots, spaces,
    /// brackets or quotes, and `[i]` for array elements.
    public var description: String {
        var text = "$"
        for step in steps {
            switch step {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if !key.isEmpty, !key.contains(where: { ".[]\" '".contains($0) }) {
                    text += "." + key
                } else {
                    text += "[\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
                }
            }
        }
        return text
    }

    /// Document order: by step, array elements before object members at the same place.
    public static func < (lhs: JSONPath, rhs: JSONPath) -> Bool {
        for (left, right) in zip(lhs.steps, rhs.steps) where left != right {
            switch (left, right) {
            case (.index(let a), .index(let b)): return a < b
            case (.key(let a), .key(let b)): return a < b
            case (.index, .key): return true
            case (.key, .index): return false
            }
        }
        return lhs.steps.count < rhs.steps.count
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let path = JSONPath(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a JSON path: \(text)"))
        }
        self = path
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Parses the text form produced by ``description``.
    public init?(parsing text: String) {
        var rest = Substring(text)
        guard rest.hasPrefix("$") else { return nil }
        rest = rest.dropFirst()
        var steps: [Step] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let end = rest.firstIndex(where: { $0 == "." || $0 == "[" }) ?? rest.endIndex
                guard end != rest.startIndex else { return nil }
                steps.append(.key(String(rest[..<end])))
                rest = rest[end...]
            } else if first == "[" {
                rest = rest.dropFirst()
                if rest.hasPrefix("\"") {
                    rest = rest.dropFirst()
                    var key = ""
                    var escaped = false
                    while let character = rest.first {
                        rest = rest.dropFirst()
                        if escaped { key.append(character); escaped = false; continue }
                        if character == "\\" { escaped = true; continue }
                        if character == "\"" { break }
                        key.append(character)
                    }
                    guard rest.hasPrefix("]") else { return nil }
                    rest = rest.dropFirst()
                    steps.append(.key(key))
                } else {
                    guard let close = rest.firstIndex(of: "]"), let index = Int(rest[..<close]) else { return nil }
                    steps.append(.index(index))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                return nil
            }
        }
        self.steps = steps
    }
}
