import XpediteClient

/// What the browser reports: a tap or an input addressed by index path (`"2.0"`), or a tool
/// (device change, offline switch, reconnect, clear caches, re-send). The browser never
/// decides what a tap means; ``clientAction`` maps it onto the engine's ``ClientAction``.
struct BrowserMessage: Decodable, Sendable {
    var action: String
    var path: String?
    var row: Int?
    var entry: Int?
    var number: Int?
    var kind: String?
    var text: String?
    var checked: Bool?
    var options: [String]?
    var width: Double?
    var height: Double?
    var offline: Bool?

    /// The index path of `path`: `"2.0"` → `[2, 0]`; `nil` when malformed.
    var indexPath: [Int]? {
        guard let path, !path.isEmpty else { return nil }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// The engine action of a screen interaction; `nil` for tools and malformed messages.
    var clientAction: ClientAction? {
        if action == "dismiss" { return .dismissAlerts }
        guard let path = indexPath else { return nil }
        switch action {
        case "press": return .press(button: path)
        case "save": return .save(form: path)
        case "cancel": return .cancel(form: path)
        case "return": return .returnKey(field: path)
        case "row": return row.map { .tapRow(table: path, row: $0) }
        case "menu": return entry.map { .menuEntry(navigation: path, entry: $0) }
        case "bar": return .barButton(navigation: path)
        case "loadMore": return .loadMore(table: path)
        case "refresh": return .refresh(table: path)
        case "set": return fieldValue.map { .setValue(field: path, $0) }
        default: return nil
        }
    }

    /// The value of a `set` message, by `kind`.
    var fieldValue: FieldValue? {
        switch kind {
        case "text": text.map(FieldValue.text)
        case "checked": checked.map(FieldValue.checked)
        case "date": text.map(FieldValue.date)
        case "option": text.map(FieldValue.option)
        case "options": options.map(FieldValue.options)
        default: nil
        }
    }
}
