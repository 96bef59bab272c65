import XpediteClient
import XpediteProtocol

/// The screen of `xpedite client` as an indented outline with numbered actions.
enum ClientOutline {
    /// How many rows of a table are listed.
    static let shownRows = 50

    /// The outline text and the action behind each number (number n is `actions[n - 1]`).
    static func render(_ state: ScreenState) -> (text: String, actions: [ClientAction]) {
        var lines: [String] = []
        var actions: [ClientAction] = []
        func numbered(_ action: ClientAction, _ text: String) -> String {
            actions.append(action)
            return "[\(actions.count)] \(text)"
        }
        let title = state.packet?.title.map { "== \($0) ==" } ?? "== (no title) =="
        lines.append(title + (state.isOffline ? "  [offline]" : "") + (state.isLoading ? "  [loading]" : ""))
        state.forEachComponent { component, path, _ in
            let indent = String(repeating: "  ", count: path.count - 1)
            switch component {
            case .label(let label): lines.append(indent + label.text)
            case .button(let button):
                let text = button.text ?? button.icon ?? "(button)"
                lines.append(indent + (button.method != nil ? numbered(.press(button: path), text) : text))
            case .image(let image): lines.append(indent + "(image \(image.id ?? image.url ?? ""))")
            case .form(let form):
                lines.append(indent + "form \(form.id ?? "(no id)")" + (form.title.map { " — \($0)" } ?? ""))
                var buttons: [String] = []
                if form.save != nil { buttons.append(numbered(.save(form: path), form.saveNavigation ?? "Save")) }
                if form.cancel != nil { buttons.append(numbered(.cancel(form: path), form.cancelNavigation ?? "Cancel")) }
                if !buttons.isEmpty { lines.append(indent + "  " + buttons.joined(separator: "  ")) }
            case .section(let section): lines.append(indent + "— \(section.title ?? "") —")
            case .table(let table):
                let rows = state.tables[path]
                let count = rows?.rows.count ?? 0
                lines.append(indent + "table: \(count) rows loaded" + (rows?.hasMore == true ? ", more available" : ""))
                for (index, row) in (rows?.rows ?? []).prefix(shownRows).enumerated() {
                    let text = ScreenState.cellTexts(row, table: table).last ?? ""
                    lines.append(indent + "  " + (table.clickRow != nil ? numbered(.tapRow(table: path, row: index), text) : text))
                }
                if count > shownRows { lines.append(indent + "  … \(count - shownRows) more rows loaded") }
                if rows?.hasMore == true { lines.append(indent + "  " + numbered(.loadMore(table: path), "load more rows")) }
                if table.refresh != nil { lines.append(indent + "  " + numbered(.refresh(table: path), table.refresh ?? "refresh")) }
            case .navigation(let navigation):
                let style = navigation.implementation.map { "\($0.style.rawValue) \($0.position.rawValue)" } ?? "menu"
                lines.append(indent + "menu (\(style))")
                let entries = state.menuEntries(ofNavigation: path)
                if navigation.implementation?.style == .button, entries.count == 1, entries[0].method != nil {
                    lines.append(indent + "  " + numbered(.barButton(navigation: path), entries[0].text ?? entries[0].symbol ?? "bar button"))
                } else {
                    for (index, entry) in entries.enumerated() {
                        if entry.method != nil {
                            lines.append(indent + "  " + numbered(.menuEntry(navigation: path, entry: index), entry.text ?? entry.symbol ?? "(entry)"))
                        } else {
                            lines.append(indent + "  " + (entry.text.map { "# \($0)" } ?? "-----"))
                        }
                    }
                }
            case .web(let web):
                lines.append(indent + "(web \(web.web ?? state.webContent[path].map { "\($0.count) characters of HTML" } ?? "content"))")
            case .scrollview(let scroll):
                if let text = scroll.text { lines.append(indent + text) }
            default:
                if let name = component.fieldName {
                    let value = state.values[path].map { CanonicalJSON.string($0.wire) } ?? "\"\""
                    var line = indent + "\(name) (\(component.type)) = \(value)"
                    if state.focusedField == path { line += "  ◀ focus" }
                    if case .textbox(let box) = component, box.onEnter != nil {
                        line += "  " + numbered(.returnKey(field: path), "return")
                    } else if case .password(let box) = component, box.onEnter != nil {
                        line += "  " + numbered(.returnKey(field: path), "return")
                    }
                    lines.append(line)
                }
            }
        }
        for alert in state.alerts { lines.append("! \(alert.message)") }
        for note in state.diagnostics { lines.append("? \(note)") }
        for path in state.droppedComponents { lines.append("? dropped \(path)") }
        return (lines.joined(separator: "\n"), actions)
    }

    /// Every text `tap "TEXT"` can take on this screen.
    static func tappableTexts(_ state: ScreenState) -> [String] {
        var texts: [String] = []
        state.forEachComponent { component, path, _ in
            switch component {
            case .button(let button) where button.method != nil: texts.append(button.text ?? "")
            case .form(let form):
                if form.save != nil { texts.append(form.saveNavigation ?? "Save") }
                if form.cancel != nil { texts.append(form.cancelNavigation ?? "Cancel") }
            case .navigation:
                texts += state.menuEntries(ofNavigation: path).filter { $0.method != nil }.compactMap(\.text)
            case .table(let table):
                texts += (state.tables[path]?.rows ?? []).prefix(10).compactMap { ScreenState.cellTexts($0, table: table).first }
            default: break
            }
        }
        return texts
    }
}
