/// The semantic rules of docs/protocol/validation.md, run on a normalised tree after the shape
/// check: rules that look across keys and components (ids, names, forms, rows, references). (Two
/// size keys for one quantity are checked by ``DialectNormalizer``, which still sees the sender's
/// key names.)
struct Linter {
    private(set) var issues: [ValidationIssue] = []
    private var stack = PathStack()

    /// Where a components array sits, which decides what may appear in it.
    private enum Container {
        case screen
        case form
        case box
        case navigation
    }

    /// What the rules remember across one page.
    private struct Page {
        var firstUse: [String: JSONPath] = [:]
        var formIDs: [String: JSONPath] = [:]
        var standaloneNames: [(name: String, path: JSONPath)] = []
        var preloaded: [String: String] = [:]
    }

    private var page = Page()

    /// The fields of the form being linted, by name.
    private typealias FormFields = [String: JSONPath]

    /// One component of a row of `x+` placements.
    private typealias RowEntry = (path: JSONPath, widthPercent: Double, gap: Double)

    static let fieldTypes: Set<String> = ["textbox", "password", "textview", "checkbox", "date", "select", "radio"]

    // MARK: - Packets

    mutating func lintResponse(_ members: JSONObject, options: ValidationOptions) {
        if options.isConnectionReply {
            for key in ["version", "token"] where members[key] == nil {
                issues.append(.error(.missingConnectionEntry, at: .root, "a setConnection reply requires \"\(key)\""))
            }
        }
        if members[.disposition] != nil, (members[.id]?.stringValue ?? "").isEmpty {
            issues.append(.error(.dispositionWithoutID, at: JSONPath.root.appending("disposition"),
                                 "disposition requires a page \"id\" (the cache key)", repairable: true))
        }
        if case .array(let entries)? = members[.images] {
            for entry in entries {
                if let id = entry[.id]?.stringValue { page.preloaded[id] = entry[.load]?.stringValue ?? "background" }
            }
        }
        if case .array(let components)? = members[.components] {
            stack.push("components")
            lintComponents(components, in: .screen, form: nil)
            stack.pop()
        }
        for (name, path) in page.standaloneNames {
            if let formPath = page.formIDs[name] {
                issues.append(.error(.nameCollidesWithFormID, at: path.appending("name"),
                                     "field name \"\(name)\" equals the id of the form at \(formPath); formdata[\"\(name)\"] would be ambiguous",
                                     repairable: true))
            }
        }
    }

    mutating func lintRequest(_ members: JSONObject) {
        let root = JSONPath.root
        guard let method = members[.method]?.stringValue else { return }
        if method == RequestPacket.setConnection {
            for key in ["bundleID", "uuid", "bounds", "xpediteVersion"] where members[key] == nil {
                issues.append(.error(.missingKey, at: root, "setConnection requires \"\(key)\""))
            }
            if members[.token] != nil {
                issues.append(.warning(.unknownKey, at: root.appending("token"), "setConnection never carries a token; ignored"))
            }
        } else if members[.token] == nil {
            issues.append(.error(.missingToken, at: root, "a request after setConnection requires \"token\""))
        }
        for key in members.keys.sorted() where RequestPacket.shape.property(key) == nil {
            issues.append(.warning(.unknownKey, at: root.appending(key),
                                   "unknown key \"\(key)\" in request; servers read it as a top-level argument (old dialect)"))
        }
    }

    // MARK: - Components

    /// Lints one components array (the stack points at it); returns the form's fields as
    /// updated by this array.
    @discardableResult
    private mutating func lintComponents(_ components: [JSONValue], in container: Container, form: FormFields?) -> FormFields? {
        var form = form
        var row: [RowEntry] = []
        for (index, element) in components.enumerated() {
            guard case .object(let members) = element, let type = members[.type]?.stringValue,
                  Component.shapes[type] != nil else { continue }
            stack.push(index)
            defer { stack.pop() }
            lintPlacement(type, in: container)
            if type != "menuEntry", let id = members[.id]?.stringValue, !id.isEmpty {
                lintID(id, type: type, isStub: members.count == 2)
            }
            let isOutsideFlow = type == "navigation" || (type == "form" && members[.style] == .string("dialog"))
            if !isOutsideFlow {
                if case .object(let size)? = members[.size] {
                    trackRow(&row, size)
                } else {
                    finishRow(&row)
                }
            }
            for key: WireKey in [.method, .save, .cancel, .clickRow] {
                if case .object(let method)? = members[key] { lintMethod(method, key: key.name) }
            }
            if Linter.fieldTypes.contains(type), let name = members[.name]?.stringValue {
                if var fields = form {
                    if let first = fields[name] {
                        issues.append(.warning(.duplicateName, at: stack.path("name"),
                                               "field name \"\(name)\" is already used at \(first) in this form; the last value wins"))
                    } else {
                        fields[name] = stack.path
                    }
                    form = fields
                } else {
                    page.standaloneNames.append((name, stack.path))
                }
            }
            switch type {
            case "form": lintForm(members)
            case "image": lintImage(members)
            case "navigation": lintNavigation(members)
            case "table": lintTable(members)
            case "select", "radio": lintOptions(members)
            case "scrollview":
                if members[.text] != nil, members[.components] != nil {
                    issues.append(.warning(.supersededKey, at: stack.path("text"),
                                           "\"text\" is ignored because \"components\" is present"))
                }
            case "web":
                let given = [WireKey.web, .content, .data].filter { members.has($0) }
                for key in given.dropFirst() {
                    issues.append(.warning(.supersededKey, at: stack.path(key.name),
                                           "\"\(key.name)\" is ignored because \"\(given[0].name)\" is present"))
                }
            default: break
            }
            if case .array(let children)? = members[.components] {
                stack.push("components")
                switch type {
                case "form":
                    let fields = lintComponents(children, in: .form, form: [:]) ?? [:]
                    stack.pop()
                    if let focus = members[.focus]?.stringValue, fields[focus] == nil {
                        issues.append(.warning(.danglingReference, at: stack.path("focus"),
                                               "focus names \"\(focus)\", which is no field of this form"))
                    }
                case "navigation":
                    lintComponents(children, in: .navigation, form: nil)
                    stack.pop()
                default:
                    form = lintComponents(children, in: .box, form: form)
                    stack.pop()
                }
            }
        }
        finishRow(&row)
        return form
    }

    private mutating func lintPlacement(_ type: String, in container: Container) {
        switch (type, container) {
        case ("menuEntry", .navigation):
            return
        case ("menuEntry", _):
            issues.append(.error(.menuEntryOutsideNavigation, at: stack.path("type"),
                                 "menuEntry belongs in a navigation's components"))
        case (_, .navigation):
            issues.append(.error(.misplacedComponent, at: stack.path("type"),
                                 "a navigation's components hold only menuEntry items, got \"\(type)\""))
        case ("navigation", .form), ("navigation", .box):
            issues.append(.warning(.misplacedComponent, at: stack.path("type"),
                                   "a navigation inside a container is still a screen menu; put it at the top level"))
        default:
            return
        }
    }

    /// Duplicate ids (docs/protocol/caching.md#the-duplicate-guard): images (whose id names a
    /// preloaded image) and navigation stubs are exempt.
    private mutating func lintID(_ id: String, type: String, isStub: Bool) {
        if type == "image" || (type == "navigation" && isStub) { return }
        if let first = page.firstUse[id] {
            issues.append(.error(.duplicateID, at: stack.path("id"), "duplicate component id \"\(id)\"; first used at \(first)"))
        } else {
            page.firstUse[id] = stack.path
        }
        if type == "form", page.formIDs[id] == nil { page.formIDs[id] = stack.path }
    }

    private mutating func trackRow(_ row: inout [RowEntry], _ size: JSONObject) {
        let sameRow = size[.xPlus] != nil && size[.y] == nil && size[.yPercent] == nil && size[.yPlus] == nil
            && size[.centrey] == nil
        if !sameRow { finishRow(&row) }
        row.append((stack.path("size"), size[.widthPercent]?.numberValue ?? 0, sameRow ? (size[.xPlus]?.numberValue ?? 0) : 0))
    }

    private mutating func finishRow(_ row: inout [RowEntry]) {
        defer { row.removeAll(keepingCapacity: true) }
        guard row.count > 1, let last = row.last else { return }
        let total = row.reduce(0) { $0 + $1.widthPercent }
        let gaps = row.reduce(0) { $0 + $1.gap }
        if total > 100 {
            issues.append(.warning(.rowOverflow, at: last.path,
                                   "the width% values of this row add up to \(JSONValue.format(number: total)); the row overflows the screen"))
        } else if total == 100, gaps > 0 {
            issues.append(.warning(.rowOverflow, at: last.path,
                                   "the width% values of this row add up to 100 and x+ adds \(JSONValue.format(number: gaps)) points; the row overflows the screen"))
        }
    }

    private mutating func lintMethod(_ method: JSONObject, key: String) {
        if let hint = method[.navigation]?.stringValue, hint != "root" {
            issues.append(.warning(.unknownNavigationHint, at: JSONPath(steps: stack.steps + [.key(key), .key("navigation")]),
                                   "navigation hint \"\(hint)\" is not defined; only \"root\" is, so it is ignored"))
        }
    }

    private mutating func lintForm(_ members: JSONObject) {
        if members[.save] != nil, (members[.id]?.stringValue ?? "").isEmpty {
            issues.append(.error(.formSaveWithoutID, at: stack.path,
                                 "form with \"save\" requires an \"id\" (the key of its values in formdata)", repairable: true))
        }
    }

    private mutating func lintImage(_ members: JSONObject) {
        if members[.id] == nil, members[.url] == nil, members[.name] == nil {
            issues.append(.error(.imageWithoutSource, at: stack.path, "image requires one of \"id\", \"url\" or \"name\""))
            return
        }
        guard case .object(let size)? = members[.size] else { return }
        let hasWidth = size[.width] != nil || size[.widthPercent] != nil
        let hasHeight = size[.height] != nil || size[.heightPercent] != nil || size[.relativeHeightPercent] != nil
        guard hasWidth, !hasHeight else { return }
        let loadsLate = members[.id]?.stringValue.flatMap { page.preloaded[$0] }.map { $0 != "critical" } ?? true
        if loadsLate {
            issues.append(.warning(.layoutJump, at: stack.path("size"),
                                   "image sized by width only and loaded after rendering; the screen jumps when it arrives (give a height or load it \"critical\")"))
        }
    }

    private mutating func lintNavigation(_ members: JSONObject) {
        let isStub = members.count == 2 && members[.id]?.stringValue != nil
        if members[.implementation] == nil, !isStub {
            issues.append(.error(.navigationWithoutImplementation, at: stack.path,
                                 "navigation requires \"implementation\" unless it is a cache stub {\"type\", \"id\"}"))
        }
    }

    private mutating func lintTable(_ members: JSONObject) {
        guard case .array(let header)? = members[.header] else { return }
        let values = header.map { $0[.scroll]?.stringValue ?? "on" }
        if let first = values.first, let index = values.firstIndex(where: { $0 != first }) {
            issues.append(.warning(.headerScrollDisagrees,
                                   at: JSONPath(steps: stack.steps + [.key("header"), .index(index), .key("scroll")]),
                                   "header scroll values disagree (\"\(first)\" first, \"\(values[index])\" here); the first wins"))
        }
    }

    private mutating func lintOptions(_ members: JSONObject) {
        guard case .object(let options)? = members[.options] else { return }
        let numeric = options.keys.filter { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        if numeric.count > 1, Set(numeric.map(\.count)).count > 1 {
            let sample = Options.sorted(options.keys).prefix(4).map { "\"\($0)\"" }.joined(separator: ", ")
            issues.append(.warning(.numericOptionKeys, at: stack.path("options"),
                                   "option keys are numbers of different lengths and sort as text (\(sample)); zero-pad them"))
        }
        switch members[.value] {
        case .string(let key)? where !options.isEmpty && options[key] == nil:
            issues.append(.warning(.unknownOption, at: stack.path("value"), "value \"\(key)\" is not one of the option keys"))
        case .array(let keys)?:
            for (index, key) in keys.enumerated() {
                if let key = key.stringValue, !options.isEmpty, options[key] == nil {
                    issues.append(.warning(.unknownOption, at: JSONPath(steps: stack.steps + [.key("value"), .index(index)]),
                                           "value \"\(key)\" is not one of the option keys"))
                }
            }
        default: break
        }
    }
}
