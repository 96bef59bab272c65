import XpediteProtocol

extension ScreenState {
    /// The action for tapping what shows `text` (`xpedite client --do 'tap "TEXT"'`): a button,
    /// a form's Save or Cancel label, a menu entry (new `menuEntry` or old navigation data), or
    /// a loaded table row one of whose shown cells reads `text`. The first in document order
    /// wins; `nil` when nothing shows it.
    public func action(tapping text: String) -> ClientAction? {
        var found: ClientAction?
        forEachComponent { component, path, _ in
            guard found == nil else { return }
            switch component {
            case .button(let button) where button.text == text && button.method != nil:
                found = .press(button: path)
            case .form(let form):
                if form.save != nil, (form.saveNavigation ?? "Save") == text { found = .save(form: path) }
                else if form.cancel != nil, (form.cancelNavigation ?? "Cancel") == text { found = .cancel(form: path) }
            case .navigation(let navigation):
                let entries = menuEntries(ofNavigation: path)
                guard let index = entries.firstIndex(where: { $0.text == text && $0.method != nil }) else { return }
                let isBarButton = navigation.implementation?.style == .button && entries.count == 1
                found = isBarButton ? .barButton(navigation: path) : .menuEntry(navigation: path, entry: index)
            case .table(let table):
                guard let rows = tables[path]?.rows else { return }
                if let row = rows.firstIndex(where: { Self.cellTexts($0, table: table).contains(text) }) {
                    found = .tapRow(table: path, row: row)
                }
            default:
                break
            }
        }
        return found
    }

    /// The texts a row shows: one per cell column (the first field when the table has no `cell`),
    /// plus all of them joined by a space.
    public static func cellTexts(_ row: JSONObject, table: Component.Table) -> [String] {
        let fields = table.cell?.compactMap(\.field) ?? row.keys.prefix(1).map { $0 }
        let texts = fields.map { row[$0].map(cellText) ?? "" }
        return texts.count > 1 ? texts + [texts.joined(separator: " ")] : texts
    }

    /// How a cell shows a value (docs/protocol/components/table.md): strings as they are, numbers
    /// as their JSON text, booleans as `true`/`false`, missing and `null` as empty.
    public static func cellText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): JSONValue.format(number: number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .array, .object: CanonicalJSON.string(value)
        }
    }

    /// The input named `name` inside the form with id `form` (or outside any form when `form`
    /// is `nil`).
    public func field(named name: String, inForm form: String?) -> [Int]? {
        var found: [Int]?
        forEachComponent { component, path, formPath in
            guard found == nil, component.fieldName == name else { return }
            let formID: String? = formPath.flatMap {
                if case .form(let definition)? = self.component(at: $0) { return definition.id }
                return nil
            }
            if formID == form { found = path }
        }
        return found
    }

    /// The index paths of the forms on screen, in document order.
    public var forms: [[Int]] {
        var paths: [[Int]] = []
        forEachComponent { component, path, _ in
            if case .form = component { paths.append(path) }
        }
        return paths
    }

    /// The index paths of the tables on screen, in document order.
    public var tablePaths: [[Int]] {
        var paths: [[Int]] = []
        forEachComponent { component, path, _ in
            if case .table = component { paths.append(path) }
        }
        return paths
    }
}
