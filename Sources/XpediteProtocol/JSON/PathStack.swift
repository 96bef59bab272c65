/// The path of the value a tree walk is visiting, kept as one growing and shrinking stack so a
/// walk allocates a ``JSONPath`` only when it reports an issue.
struct PathStack {
    private(set) var steps: [JSONPath.Step] = []

    init() { steps.reserveCapacity(16) }

    /// A stack that starts at `path`.
    init(_ path: JSONPath) {
        steps = path.steps
        steps.reserveCapacity(steps.count + 16)
    }

    /// The current path.
    var path: JSONPath { JSONPath(steps: steps) }

    /// The path of member `key` of the current value.
    func path(_ key: String) -> JSONPath {
        JSONPath(steps: steps + [.key(key)])
    }

    mutating func push(_ key: String) { steps.append(.key(key)) }

    mutating func push(_ index: Int) { steps.append(.index(index)) }

    mutating func pop() { steps.removeLast() }
}

extension JSONValue {
    /// Runs `body` on this object's members in place (no copy when the tree is uniquely held);
    /// does nothing for other values.
    mutating func withObject(_ body: (inout JSONObject) -> Void) {
        guard case .object(var members) = self else { return }
        self = .null
        body(&members)
        self = .object(members)
    }
}
