import Hummingbird

/// The methods each path of the API takes, read once from the router's own routes
/// (``MethodNotAllowedMiddleware``) into a tree of the paths' components, so that a request's path
/// is looked up in one walk (a dictionary lookup per literal component) instead of being matched
/// against every route, and its `Allow` is text made when the tree was built.
struct RouteMethodTable: Sendable {
    /// A set of methods and what `Allow` says of it, made once, with the 405 of every usual method
    /// outside it made once too.
    struct Allowed: Sendable {
        let methods: Set<HTTPRequest.Method>
        /// The methods in ``RouteMethodTable/order`` (any other after them, by name), joined:
        /// `PUT, GET, HEAD, DELETE`.
        let header: String
        /// The 405 of each method of ``RouteMethodTable/order`` that is not in ``methods``.
        private let refusals: [HTTPRequest.Method: Response]

        /// The set of `methods`; its refusals made now unless `preparing` is false (a set made for
        /// one request, when several paths match it).
        init(_ methods: Set<HTTPRequest.Method>, preparing: Bool = true) {
            self.methods = methods
            let ordered = RouteMethodTable.order.filter(methods.contains)
                + methods.filter { !RouteMethodTable.order.contains($0) }.sorted { $0.rawValue < $1.rawValue }
            let header = ordered.map(\.rawValue).joined(separator: ", ")
            self.header = header
            var refusals: [HTTPRequest.Method: Response] = [:]
            for method in RouteMethodTable.order where preparing && !methods.contains(method) {
                refusals[method] = Self.refusal(of: method, header: header)
            }
            self.refusals = refusals
        }

        /// The 405 of `method`: the error object and `Allow` (decision 0590).
        func refusal(of method: HTTPRequest.Method) -> Response {
            refusals[method] ?? Self.refusal(of: method, header: header)
        }

        private static func refusal(of method: HTTPRequest.Method, header: String) -> Response {
            var response = NotifyError.methodNotAllowed(method, allowed: header).response
            response.headers[.allow] = header
            return response
        }
    }

    /// One level of the tree: what follows a path's first components. A class, made once and
    /// never changed, so that a lookup walks it without copying a level's dictionary and list.
    final class Node: Sendable {
        /// The next level by literal component (`send`, `messages`).
        let literals: [Substring: Node]
        /// The next level by any other component (a parameter, a wildcard), matched with `~=`.
        let patterns: [(element: RouterPath.Element, node: Node)]
        /// The methods of the paths that end here.
        let methods: Allowed?
        /// The methods of the paths that end here with `**` (which takes one component or more).
        let rest: Allowed?

        init(_ draft: Draft) {
            literals = draft.literals.mapValues(Node.init)
            patterns = draft.patterns.map { ($0.element, Node($0.node)) }
            methods = draft.methods
            rest = draft.rest
        }
    }

    /// A level of the tree while the table is made.
    struct Draft {
        var literals: [Substring: Draft] = [:]
        var patterns: [(element: RouterPath.Element, node: Draft)] = []
        var methods: Allowed?
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
        var root = Draft()
        for path in paths.values {
            Self.insert(path.components[...], (path.ends, path.rest), into: &root)
        }
        self.root = Node(root)
    }

    private static func insert(_ components: ArraySlice<RouterPath.Element>,
                               _ sets: (ends: Set<HTTPRequest.Method>, rest: Set<HTTPRequest.Method>), into node: inout Draft) {
        guard let element = components.first else {
            if !sets.ends.isEmpty { node.methods = Allowed(sets.ends) }
            if !sets.rest.isEmpty { node.rest = Allowed(sets.rest) }
            return
        }
        let literal = Substring(element.description)
        if element == .path(literal) {
            insert(components.dropFirst(), sets, into: &node.literals[literal, default: Draft()])
        } else if let index = node.patterns.firstIndex(where: { $0.element == element }) {
            insert(components.dropFirst(), sets, into: &node.patterns[index].node)
        } else {
            var child = Draft()
            insert(components.dropFirst(), sets, into: &child)
            node.patterns.append((element, child))
        }
    }

    /// The methods of every path that matches `path` as the router matches it (components
    /// between slashes, empty ones skipped; `**` takes one component or more), with their
    /// `Allow`; `nil` when no path matches.
    func allowed(_ path: String) -> Allowed? {
        var found = Found()
        Self.collect(path.split(separator: "/")[...], node: root, into: &found)
        return found.allowed
    }

    /// The sets of the paths that match: almost always one, so no list is made for it.
    private struct Found {
        var first: Allowed?
        var union: Set<HTTPRequest.Method>?

        mutating func add(_ allowed: Allowed) {
            guard let first else { return self.first = allowed }
            union = (union ?? first.methods).union(allowed.methods)
        }

        var allowed: Allowed? { union.map { Allowed($0, preparing: false) } ?? first }
    }

    private static func collect(_ components: ArraySlice<Substring>, node: Node, into found: inout Found) {
        guard let component = components.first else {
            if let methods = node.methods { found.add(methods) }
            return
        }
        if let rest = node.rest { found.add(rest) }
        let remaining = components.dropFirst()
        if let child = node.literals[component] { collect(remaining, node: child, into: &found) }
        for pattern in node.patterns where pattern.element ~= component {
            collect(remaining, node: pattern.node, into: &found)
        }
    }
}
