import XpediteProtocol

extension FrameTree {
    /// An indented, human-readable outline of the tree: one line per node with its index path,
    /// type, id, frame and content, its parts below it, then the warnings.
    ///
    /// ```
    /// screen (0, 59, 393, 759), content height 44
    /// [0] button (39.3, 0, 314.4, 44)
    /// ```
    public var outline: String {
        var lines: [String] = []
        var screenLine = "screen \(screen.frame), content height \(JSONValue.format(number: screen.contentHeight))"
        if let bar = screen.navigationBar { screenLine += ", navigation bar \(bar)" }
        lines.append(screenLine)
        var stack: [(node: LayoutNode, depth: Int)] = components.reversed().map { ($0, 0) }
        while let (node, depth) = stack.popLast() {
            let indent = String(repeating: "  ", count: depth)
            var line = "\(indent)[\(node.indexPathText)] \(node.type)"
            if let id = node.id { line += " #\(id)" }
            line += " \(node.frame)"
            if node.placement == .window { line += " (window)" }
            if let content = node.content {
                line += ", content \(content.frame) height \(JSONValue.format(number: content.height))"
            }
            lines.append(line)
            for part in node.parts {
                var partLine = "\(indent)    \(part.kind.rawValue)"
                if let index = part.index { partLine += " \(index)" }
                if let key = part.key { partLine += " \"\(key)\"" }
                lines.append(partLine + " \(part.frame)")
            }
            stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
        }
        if !warnings.isEmpty {
            lines.append("warnings:")
            for warning in warnings { lines.append("  \(warning)") }
        }
        return lines.joined(separator: "\n")
    }
}
