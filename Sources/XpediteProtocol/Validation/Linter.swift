/// The semantic rules of PROTOCOL.md Appendix C, run on a normalised tree after the shape check:
/// rules that look across keys and components (ids, names, forms, rows, references).
struct Linter {
    private(set) var issues: [ValidationIssue] = []

    /// Where a components array sits, which decides what may appear in it.
    private enum Container {
        case screen
        case form
        case box
        case navigation
    }

    private struct Page {
        var firstUse: [String: JSONPath] = [:]
        var formIDs: [String: JSONPath] = [:]
        var standaloneNames: [(name: String, path: JSONPath)] = []
        var preloaded: [String: String] = [:]
    }

    private var page = Page()

    // MARK: - Packets

    mutating func lintResponse(_ members: [String: JSONValue], options: ValidationOptions) {
        let root = JSONPath.root
        if options.isConnectionReply {
            for key in ["version", "token"] where members[key] == nil {
                issues.append(.error(.missingConnectionEntry, at: root, "a setConnection reply requires \"\(key)\""))
            }
        }
        if members["disposition"] != nil, members["id"]?.stringValue == nil {
            issues.append(.error(.dispositionWithoutID, at: root.appending("disposition"),
                                 "disposition requires a page \"id\" (the cache key)"))
        }
        if case .array(let entries)? = members["images"] {
            for entry in entries {
                if let id = entry["id"]?.stringValue { page.preloaded[id] = entry["load"]?.stringValue ?? "background" }
            }
        }
        if case .array(let components)? = members["components"] {
            lintComponents(components, at: root.appending("components"), in: .screen, form: nil)
        }
        for (name, path) in page.standaloneNames {
            if let formPath = page.formIDs[name] {
                issues.append(.error(.nameCollidesWithFormID, at: path.appending("name"),
                                     "field name \"\(name)\" equals the id of the form at \(formPath); formdata[\"\(name)\"] would be ambiguous"))
            }
        }
    }

    mutating func lintRequest(_ members: [String: JSONValue]) {
        let root = JSONPath.root
        guard let method = members["method"]?.stringValue else { return }
        if method == RequestPacket.setConnection {
            for key in ["bundleID", "uuid", "bounds", "xpediteVersion"] where members[key] == nil {
                issues.append(.error(.missingKey, at: root, "setConnection requires \"\(key)\""))
            }
            if members["token"] != nil {
                issues.append(.warning(.unknownKey, at: root.appending("token"),
                                       "setConnection never carries a token; ignored"))
            }
        } else if members["token"] == nil {
            issues.append(.error(.missingToken, at: root, "a request after setConnection requires \"token\""))
        }
        let known = Set(RequestPacket.shape.keys)
        for key in members.keys.sorted() where !known.contains(key) {
            issues.append(.warning(.unknownKey, at: root.appending(key),
                                   "unknown key \"\(key)\" in request; servers read it as a top-level argument (old dialect)"))
        }
    }

    // MARK: - Components

    /// The fields of the form being linted, by name.
    private typealias FormFields = [String: JSONPath]

    /// Lints one components array; returns the form's fields as updated by this array.
    @discardableResult
    private mutating func lintComponents(_ components: [JSONValue], at path: JSONPath, in container: Container,
                                         form: FormFields?) -> FormFields? {
        var form = form
        var row: [(path: JSONPath, widthPercent: Double, gap: Double)] = []
        for (index, element) in components.enumerated() {
            guard case .object(let members) = element, let type = members["type"]?.stringValue,
                  Component.shapes[type] != nil else { continue }
            let componentPath = path.appending(index)
            lintPlacement(type, in: container, at: componentPath)
            lintID(type, members, at: componentPath)
            if case .object(let size)? = members["size"] {
                lintSize(size, at: componentPath.appending("size"))
                trackRow(&row, size, type: type, members: members, at: componentPath)
            } else if type != "navigation", !(type == "form" && members["style"] == .string("dialog")) {
                finishRow(&row)
            }
            for key in ["method", "save", "cancel", "clickRow"] {
                if case .object(let method)? = members[key] { lintMethod(method, at: componentPath.appending(key)) }
            }
            if let name = members["name"]?.stringValue, Linter.fieldTypes.contains(type) {
                if var current = form {
                    if let first = current[name] {
                        issues.append(.warning(.duplicateName, at: componentPath.appending("name"),
                                               "field name \"\(name)\" is already used at \(first) in this form; the last value wins"))
                    } else {
                        current[name] = componentPath
                    }
                    form = current
                } else {
                    page.standaloneNames.append((name, componentPath))
                }
            }
            switch type {
            case "form": lintForm(members, at: componentPath)
            case "image": lintImage(members, at: componentPath)
            case "navigation": lintNavigation(members, at: componentPath)
            case "table": lintTable(members, at: componentPath)
            case "select", "radio": lintOptions(members, at: componentPath)
            case "scrollview":
                if members["text"] != nil, members["components"] != nil {
                    issues.append(.warning(.supersededKey, at: componentPath.appending("text"),
                                           "\"text\" is ignored because \"components\" is present"))
                }
            case "web":
                let given = ["web", "content", "data"].filter { members[$0] != nil }
                for key in given.dropFirst() {
                    issues.append(.warning(.supersededKey, at: componentPath.appending(key),
                                           "\"\(key)\" is ignored because \"\(given[0])\" is present"))
                }
            default: break
            }
            if case .array(let children)? = members["components"] {
                let childPath = componentPath.appending("components")
                switch type {
                case "form":
                    let names = lintComponents(children, at: childPath, in: .form, form: [:]) ?? [:]
                    if let focus = members["focus"]?.stringValue, names[focus] == nil {
                        issues.append(.warning(.danglingReference, at: componentPath.appending("focus"),
                                               "focus names \"\(focus)\", which is no field of this form"))
                    }
                case "navigation":
                    lintComponents(children, at: childPath, in: .navigation, form: nil)
                default:
                    form = lintComponents(children, at: childPath, in: .box, form: form)
                }
            }
        }
        finishRow(&row)
        return form
    }

    static let fieldTypes: Set<String> = ["textbox", "password", "textview", "checkbox", "date", "select", "radio"]

    private mutating func lintPlacement(_ type: String, in container: Container, at path: JSONPath) {
        switch (type, container) {
        case ("menuEntry", .navigation): return
        case ("menuEntry", _):
            issues.append(.error(.menuEntryOutsideNavigation, at: path.appending("type"),
                                 "menuEntry belongs in a navigation's components"))
        case (_, .navigation):
            issues.append(.error(.misplacedComponent, at: path.appending("type"),
                                 "a navigation's components hold only menuEntry items, got \"\(type)\""))
        case ("navigation", .form), ("navigation", .box):
            issues.append(.error(.misplacedComponent, at: path.appending("type"),
                                 "navigation belongs at the top level of a screen"))
        default: return
        }
    }

    private mutating func lintID(_ type: String, _ members: [String: JSONValue], at path: JSONPath) {
        guard let id = members["id"]?.stringValue, !id.isEmpty else { return }
        if type == "image" { return }
        if type == "navigation", members.count == 2 { return }
        if let first = page.firstUse[id] {
            issues.append(.error(.duplicateID, at: path.appending("id"),
                                 "duplicate component id \"\(id)\"; first used at \(first)"))
        } else {
            page.firstUse[id] = path
        }
        if type == "form" { page.formIDs[id] = path }
    }

    private mutating func lintSize(_ size: [String: JSONValue], at path: JSONPath) {
        for quantity in SizeSpec.quantities {
            let given = quantity.keys.filter { size[$0] != nil }
            guard given.count > 1 else { continue }
            let keys = given.map { "\"\($0)\"" }.joined(separator: " and ")
            issues.append(.error(.conflictingSizeKeys, at: path,
                                 "\(keys) both set the \(quantity.name); \"\(given[0])\" wins, send only one"))
        }
    }

    private mutating func trackRow(_ row: inout [(path: JSONPath, widthPercent: Double, gap: Double)],
                                   _ size: [String: JSONValue], type: String, members: [String: JSONValue],
                                   at path: JSONPath) {
        if type == "navigation" || (type == "form" && members["style"] == .string("dialog")) { return }
        let sameRow = size["x+"] != nil && ["y", "y%", "y+", "centrey"].allSatisfy { size[$0] == nil }
        if !sameRow { finishRow(&row) }
        row.append((path.appending("size"), size["width%"]?.numberValue ?? 0, sameRow ? (size["x+"]?.numberValue ?? 0) : 0))
    }

    private mutating func finishRow(_ row: inout [(path: JSONPath, widthPercent: Double, gap: Double)]) {
        defer { row.removeAll() }
        guard row.count > 1, let last = row.last else { return }
        let total = row.reduce(0) { $0 + $1.widthPercent }
        let gaps = row.reduce(0) { $0 + $1.gap }
        let totalText = JSONValue.format(number: total)
        if total > 100 {
            issues.append(.warning(.rowOverflow, at: last.path,
                                   "the width% values of this row add up to \(totalText); the row overflows the screen"))
        } else if total == 100, gaps > 0 {
            issues.append(.warning(.rowOverflow, at: last.path,
                                   "the width% values of this row add up to 100 and x+ adds \(JSONValue.format(number: gaps)) points; the row overflows the screen"))
        }
    }

    private mutating func lintMethod(_ method: [String: JSONValue], at path: JSONPath) {
        if let hint = method["navigation"]?.stringValue, hint != "root" {
            issues.append(.warning(.unknownNavigationHint, at: path.appending("navigation"),
                                   "navigation hint \"\(hint)\" is not defined; only \"root\" is, so it is ignored"))
        }
    }

    private mutating func lintForm(_ members: [String: JSONValue], at path: JSONPath) {
        if members["save"] != nil, members["id"]?.stringValue == nil {
            issues.append(.error(.formSaveWithoutID, at: path,
                                 "form with \"save\" requires an \"id\" (the key of its values in formdata)"))
        }
    }

    private mutating func lintImage(_ members: [String: JSONValue], at path: JSONPath) {
        let sources = ["id", "url", "name"].filter { members[$0] != nil }
        if sources.isEmpty {
            issues.append(.error(.imageWithoutSource, at: path, "image requires one of \"id\", \"url\" or \"name\""))
            return
        }
        guard case .object(let size)? = members["size"] ?? .object([:]) else { return }
        let hasWidth = size["width"] != nil || size["width%"] != nil
        let hasHeight = size["height"] != nil || size["height%"] != nil || size["relative-height%"] != nil
        guard hasWidth, !hasHeight else { return }
        let id = members["id"]?.stringValue
        let loadsLate = id.flatMap { page.preloaded[$0] }.map { $0 != "critical" } ?? true
        if loadsLate {
            issues.append(.warning(.layoutJump, at: path.appending("size"),
                                   "image sized by width only and loaded after rendering; the screen jumps when it arrives (give a height or load it \"critical\")"))
        }
    }

    private mutating func lintNavigation(_ members: [String: JSONValue], at path: JSONPath) {
        let isStub = members.count == 2 && members["id"]?.stringValue != nil
        if members["implementation"] == nil, !isStub {
            issues.append(.error(.navigationWithoutImplementation, at: path,
                                 "navigation requires \"implementation\" unless it is a cache stub {\"type\", \"id\"}"))
        }
    }

    private mutating func lintTable(_ members: [String: JSONValue], at path: JSONPath) {
        guard case .array(let header)? = members["header"] else { return }
        let values = header.map { $0["scroll"]?.stringValue ?? "on" }
        if let first = values.first, let index = values.firstIndex(where: { $0 != first }) {
            issues.append(.warning(.headerScrollDisagrees, at: path.appending("header").appending(index).appending("scroll"),
                                   "header scroll values disagree (\"\(first)\" first, \"\(values[index])\" here); the first wins"))
        }
    }

    private mutating func lintOptions(_ members: [String: JSONValue], at path: JSONPath) {
        guard case .object(let options)? = members["options"] else { return }
        let numeric = options.keys.filter { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        if numeric.count > 1, Set(numeric.map(\.count)).count > 1 {
            let sample = Options.sortedKeys(options.mapValues { _ in "" }).prefix(4).map { "\"\($0)\"" }.joined(separator: ", ")
            issues.append(.warning(.numericOptionKeys, at: path.appending("options"),
                                   "option keys are numbers of different lengths and sort as text (\(sample)); zero-pad them"))
        }
        switch members["value"] {
        case .string(let key)? where !options.isEmpty && options[key] == nil:
            issues.append(.warning(.unknownOption, at: path.appending("value"),
                                   "value \"\(key)\" is not one of the option keys"))
        case .array(let keys)?:
            for (index, key) in keys.enumerated() {
                if let key = key.stringValue, !options.isEmpty, options[key] == nil {
                    issues.append(.warning(.unknownOption, at: path.appending("value").appending(index),
                                           "value \"\(key)\" is not one of the option keys"))
                }
            }
        default: break
        }
    }
}
