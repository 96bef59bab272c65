import XpediteLayout
import XpediteProtocol

extension ScreenState {
    /// The state as JSON (what `xpedite client --dump json` prints): `packet` (canonical, new
    /// dialect), `frames`, `tables` (rows loaded per table, keyed `"2.0"`), `values` (as sent in
    /// `formdata`), `alerts` (with the `rc`), `offline`, `loading`, `issues`, `dropped`, `menus`,
    /// `web`, `focus`.
    public var json: JSONValue {
        func key(_ path: [Int]) -> String { path.map(String.init).joined(separator: ".") }
        var tablesJSON = JSONObject()
        for (path, table) in tables {
            var members: JSONObject = ["rows": .array(table.rows.map(JSONValue.object)), "hasMore": .bool(table.hasMore)]
            if let max = table.max { members["max"] = .number(Double(max)) }
            tablesJSON[key(path)] = .object(members)
        }
        var valuesJSON = JSONObject()
        for (path, value) in values { valuesJSON[key(path)] = value.wire }
        var menusJSON = JSONObject()
        for (path, entries) in menus {
            menusJSON[key(path)] = .array(entries.map { Component.menuEntry($0).json })
        }
        var webJSON = JSONObject()
        for (path, html) in webContent { webJSON[key(path)] = .string(html) }
        let alertsJSON: [JSONValue] = alerts.map { alert in
            var members: JSONObject = ["message": .string(alert.message)]
            switch alert.kind {
            case .returnCode(let rc):
                members["kind"] = "rc"
                switch rc {
                case .code(let code): members["rc"] = .number(Double(code))
                case .message(let text): members["rc"] = .string(text)
                }
            case .connection: members["kind"] = "connection"
            case .protocolError: members["kind"] = "protocol"
            case .componentErrors: members["kind"] = "components"
            }
            return .object(members)
        }
        var members: JSONObject = [
            "packet": packet?.json ?? .null,
            "frames": frames?.json ?? .null,
            "tables": .object(tablesJSON),
            "values": .object(valuesJSON),
            "alerts": .array(alertsJSON),
            "offline": .bool(isOffline),
            "loading": .bool(isLoading),
            "issues": .array(issues.map { .string($0.description) }),
            "dropped": .array(droppedComponents.map { .string($0.description) }),
        ]
        if !diagnostics.isEmpty { members["diagnostics"] = .array(diagnostics.map(JSONValue.string)) }
        if !menus.isEmpty { members["menus"] = .object(menusJSON) }
        if !webContent.isEmpty { members["web"] = .object(webJSON) }
        if let focusedField { members["focus"] = .string(key(focusedField)) }
        return .object(members)
    }
}
