import Foundation
import XpediteProtocol

extension XpediteClient {
    /// Row taps (docs/protocol/tables.md#row-taps): `selected` carries the row's value of the named
    /// field (or `null`), otherwise `row` carries the 0-based index in the loaded list.
    func tapRow(table path: [Int], row: Int) async {
        guard case .table(let table)? = state.component(at: path), let click = table.clickRow,
              let rows = state.tables[path]?.rows, rows.indices.contains(row) else { return }
        var request = RequestPacket(method: click.function, token: token, parameters: click.parameters)
        if let field = click.selected {
            request.selected = rows[row][field] ?? .null
        } else {
            request.row = row
        }
        if click.formdata { request.formdata = capturedInput() }
        await requestScreen(request)
    }

    /// Loads a table's next batch, or (refresh) its first batch again (docs/protocol/tables.md).
    /// One page request is in flight per table; rows stay for the screen's life.
    func loadPage(table path: [Int], refresh: Bool) async {
        guard case .table(let table)? = state.component(at: path), case .dynamic(let source) = table.data else { return }
        var rows = state.tables[path] ?? TableRows()
        if refresh {
            tableEpochs[path, default: 0] += 1
            rows = TableRows()
        } else if !rows.hasMore || rows.isLoading {
            return
        }
        let epoch = tableEpochs[path, default: 0]
        let generation = screenGeneration
        rows.isLoading = true
        state.tables[path] = rows
        emit()
        let request = RequestPacket(method: source.method.function, token: token, parameters: source.method.parameters,
                                    offset: rows.rows.count, limit: configuration.pageLimit)
        let result = await requestData(request)
        guard generation == screenGeneration, epoch == tableEpochs[path, default: 0] else { return }
        var current = state.tables[path] ?? TableRows()
        current.isLoading = false
        switch result {
        case .answer(let response) where !response.rc.isSuccess:
            state.alerts.append(.returnCode(response.rc))
            current.hasMore = false
        case .answer(let response):
            if case .rows(let batch) = response.data {
                current.rows.append(contentsOf: batch)
                current.max = response.max
                current.hasMore = response.hasMore(afterLoading: current.rows.count)
            } else {
                current.hasMore = false
                state.diagnostics.append("table at \(path.map(String.init).joined(separator: ".")): data is not a list of rows")
            }
        case .failed(let alert):
            state.alerts.append(alert)
        }
        state.tables[path] = current
        emit()
    }

    /// Sends a data request (docs/protocol/tables.md, docs/protocol/menus.md#old-dialect-menus):
    /// the answer never replaces the screen, but its token is adopted.
    func requestData(_ request: RequestPacket) async -> DataOutcome {
        let answer: Data
        do {
            answer = try await transport.send(CanonicalJSON.data(request.json))
        } catch {
            let reason = (error as? TransportError)?.description ?? String(describing: error)
            return .failed(ClientAlert(kind: .connection, message: "The server cannot be reached (\(reason))."))
        }
        do {
            let decoded = try PacketDecoder(mode: .lenient).decodeDataResponse(answer)
            if let token = decoded.packet.token { self.token = token }
            return .answer(decoded.packet)
        } catch {
            return .failed(ClientAlert(kind: .protocolError,
                                        message: "The server's answer to \(request.method) breaks the protocol: \(error)"))
        }
    }

    /// After a screen is delivered: the first batch of every dynamic table, the entries of old
    /// dynamic menus and the HTML of old dynamic web views
    /// (docs/protocol/tables.md#paging-on-the-phone, docs/protocol/menus.md#old-dialect-menus).
    func loadContent(generation: Int) async {
        guard let packet = state.packet else { return }
        var tables: [[Int]] = []
        var menus: [([Int], Component.Navigation, DynamicSource)] = []
        var webs: [([Int], DynamicSource)] = []
        ComponentTree.forEach(packet.components) { component, path, _ in
            switch component {
            case .table(let table):
                if case .dynamic = table.data { tables.append(path) }
            case .navigation(let navigation):
                if let source = navigation.data, navigation.components == nil { menus.append((path, navigation, source)) }
            case .web(let web):
                if web.web == nil, web.content == nil, let source = web.data { webs.append((path, source)) }
            default:
                break
            }
        }
        for path in tables {
            guard generation == screenGeneration else { return }
            await loadPage(table: path, refresh: false)
        }
        for (path, navigation, source) in menus {
            guard generation == screenGeneration else { return }
            let result = await requestData(RequestPacket(method: source.method.function, token: token,
                                                         parameters: source.method.parameters))
            guard generation == screenGeneration else { return }
            switch result {
            case .answer(let response) where response.rc.isSuccess:
                if case .rows(let records) = response.data {
                    state.menus[path] = records.map { Self.menuEntry(from: $0, cell: navigation.cell) }
                }
            case .answer(let response): state.alerts.append(.returnCode(response.rc))
            case .failed(let alert): state.alerts.append(alert)
            }
            emit()
        }
        for (path, source) in webs {
            guard generation == screenGeneration else { return }
            let result = await requestData(RequestPacket(method: source.method.function, token: token,
                                                         parameters: source.method.parameters))
            guard generation == screenGeneration else { return }
            switch result {
            case .answer(let response) where response.rc.isSuccess:
                if case .html(let html) = response.data { state.webContent[path] = html }
            case .answer(let response): state.alerts.append(.returnCode(response.rc))
            case .failed(let alert): state.alerts.append(alert)
            }
            emit()
        }
    }

    /// An old dynamic menu record mapped through `cell` (docs/protocol/menus.md#old-dialect-menus):
    /// `record[cell.text]` is the text, `record[cell.method]` the function, `record[cell.icon]` the
    /// icon; without `cell` the fields `text`, `method` and `icon` are read.
    static func menuEntry(from record: JSONObject, cell: Component.Navigation.CellMapping?) -> Component.MenuEntry {
        func text(_ field: String?, _ fallback: String) -> String? {
            record[field ?? fallback].flatMap { $0.isNull ? nil : ScreenState.cellText($0) }
        }
        return Component.MenuEntry(text: text(cell?.text, "text"),
                                   method: text(cell?.method, "method").map { MethodCall(function: $0) },
                                   icon: text(cell?.icon, "icon"))
    }
}

/// What a data request brought: an answer, or the alert to show.
enum DataOutcome: Sendable {
    case answer(DataResponse)
    case failed(ClientAlert)
}
