import XpediteProtocol

/// Walks a screen's components with the index paths the layout engine gives them.
enum ComponentTree {
    /// Calls `body` for every component, depth first in document order, with its index path
    /// and the index path of the form holding it (if any).
    static func forEach(_ components: [Component], _ body: (Component, [Int], [Int]?) -> Void) {
        // One path buffer for the whole walk: a body that keeps a path copies it, the others
        // cost no allocation.
        var path: [Int] = []
        path.reserveCapacity(8)
        func walk(_ level: [Component], _ form: [Int]?) {
            for (index, component) in level.enumerated() {
                path.append(index)
                body(component, path, form)
                if case .navigation = component {
                    path.removeLast()
                    continue
                }
                let children = component.children
                if !children.isEmpty {
                    let enclosing: [Int]? = if case .form = component { path } else { form }
                    walk(children, enclosing)
                }
                path.removeLast()
            }
        }
        walk(components, nil)
    }

    /// The component at `indexPath`.
    static func component(at indexPath: [Int], in components: [Component]) -> Component? {
        var level = components
        var found: Component?
        for index in indexPath {
            guard level.indices.contains(index) else { return nil }
            found = level[index]
            level = level[index].children
        }
        return found
    }

    /// Whether a component is an input that can take focus.
    static func isFocusable(_ component: Component) -> Bool {
        switch component {
        case .textbox, .password, .textview, .date, .select, .radio, .checkbox: true
        default: false
        }
    }
}
