import Hummingbird

/// The methods each path of the API takes, read once from the router's own routes
/// (``MethodNotAllowedMiddleware``) into a tree of the paths' components, so that a request's path
/// is looked up in one walk (a dictionary lookup per literal component) instead of being matched
/// against every route, and its `Allow` is text made when the tree was built.
struct RouteMethodTable: Sendable {
    /// A set of methods and what `Allow` says of it, made once.
    struct Allowed: Sendable {
        let methods: Set<HTTPRequest.Method>
        /// The methods in ``RouteMethodTable/order`` (any other after them, by name), joined:
        /// `PUT, GET, HEAD, DELETE`.
        let header: String

        init(_ methods: Set<HTTPRequest.Method>) {
            self.methods = methods
            let ordered = RouteMethodTable.order.filter(methods.contains)
                + methods.filter { !RouteMethodTable.order.contains($0) }.sorted { $0.rawValue < $1.rawValue }
            header = ordered.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// One level of the tree: what follows a path's first components.
    struct Node: Sendable {
        /// The next level by literal component (`send`, `messages`).
        var literals: [Substring: Node] = [:]
        /// The next level by any other component (a parameter, a wildcard), matched with `~=`.
        var patterns: [(element: RouterPath.Element, node: Node)] = []
        /// The methods of the paths that end here.
        var methods: Allowed?
        /// The methods of the paths that end here with `**` (which takes one component or more).
        var rest: Allowed?
    }

    /// The order of the methods in `Allow`: the contract's (create or replace, read, then delete).
    static let order: [HTTPRequest.Method] = [.put, .get, .head, .post, .delete, .patch, .options, .trace, .connect]

    private let root: Node

    /// The table of `routes`: each path with the methods of its routes.
    init(_ routes: [(path: RouterPath, method: HTTPRequest.Method)]) {
        // By path (its text): the components before any `**`, the methods of the routes that end
        // there and of those that go on with `**` (whatever a route writes after it is never compared).
        var paths: [String: (components: [RouterPath.Element], ends: Set<HTTPRequest.Method>, rest: Set<HTTPRequest.Method>)] = [:]
        for route in routes {
            let prefix = Array(route.path.components.prefix { $0 != .recursiveWildcard })
            let key = prefix.map(\.description).joined(separator: "/")
            if prefix.count < route.path.components.count {
                paths[key, default: (prefix, [], [])].rest.insert(route.method)
            } else {
                paths[key, default: (prefix, [], [])].ends.insert(route.method)
            }
        }
        var root = Node()
        for path in paths.values {
            Self.insert(path.components[...], (path.ends, path.rest), into: &root)
        }
        self.root = root
    }

    private static func insert(_ components: ArraySlice<RouterPath.Element>,
                               _ sets: (ends: Set<HTTPRequest.Method>, rest: Set<HTTPRequest.Method>), into node: inout Node) {
        guard let element = components.first else {
            if !sets.ends.isEmpty { node.methods = Allowed(sets.ends) }
            if !sets.rest.isEmpty { node.rest = Allowed(sets.rest) }
            return
        }
        let literal = Substring(element.description)
        if element == .path(literal) {
            insert(components.dropFirst(), sets, into: &node.literals[literal, default: Node()])
        } else if let index = node.patterns.firstIndex(where: { $0.element == element }) {
            insert(components.dropFirst(), sets, into: &node.patterns[index].node)
        } else {
            var child = Node()
            insert(components.dropFirst(), sets, into: &child)
            node.patterns.append((element, child))
        }
    }

    /// The methods of every path that matches `path` as the router matches it (components
    /// between slashes, empty ones skipped; `**` takes one component or more), with their
    /// `Allow`; `nil` when no path matches.
    func allowed(_ path: String) -> Allowed? {
        var found: [Allowed] = []
        Self.collect(path.split(separator: "/")[...], node: root, into: &found)
        guard let first = found.first else { return nil }
        if found.count == 1 { return first }
        return Allowed(found.reduce(into: Set()) { $0.formUnion($1.methods) })
    }

    private static func collect(_ components: ArraySlice<Substring>, node: Node, into found: inout [Allowed]) {
        guard let component = components.first else {
            if let methods = node.methods { found.append(methods) }
            return
        }
        if let rest = node.rest { found.append(rest) }
        let remaining = components.dropFirst()
        if let child = node.literals[component] { collect(remaining, node: child, into: &found) }
        for pattern in node.patterns where pattern.element ~= component {
            collect(remaining, node: pattern.node, into: &found)
        }
    }
}
