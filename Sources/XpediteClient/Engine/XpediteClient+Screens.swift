import Foundation
import XpediteLayout
import XpediteProtocol

extension XpediteClient {
    /// Sends a screen-producing request and shows its answer (docs/protocol/packets.md#transport):
    /// the newest tap wins, and an answer to a superseded request is discarded. When the server is
    /// unreachable, the page cache stands in (docs/protocol/caching.md#offline-fallback).
    func requestScreen(_ request: RequestPacket) async {
        await prepare()
        screenTickets += 1
        let ticket = screenTickets
        state.isLoading = true
        state.alerts = []
        emit()
        let key = PageKey(request)
        let answer: Data
        do {
            answer = try await transport.send(CanonicalJSON.data(request.json))
        } catch {
            guard ticket == screenTickets else { return }
            await fallBack(to: key, after: error, ticket: ticket)
            return
        }
        guard ticket == screenTickets else { return }
        await receive(answer, key: key, isConnectionReply: request.isSetConnection, ticket: ticket)
    }

    /// Handles a screen answer: token, version purge, `rc`, page cache, then the screen
    /// (docs/protocol/packets.md#tokens-and-sessions, docs/protocol/packets.md#rc-the-return-code,
    /// docs/protocol/caching.md#the-page-cache, docs/protocol/caching.md#version-change-one-purge).
    func receive(_ answer: Data, key: PageKey?, isConnectionReply: Bool, ticket: Int) async {
        let decoded: Decoded<ResponsePacket>
        do {
            decoded = try PacketDecoder(mode: .lenient, options: ValidationOptions(isConnectionReply: isConnectionReply))
                .decodeResponse(answer)
        } catch {
            state.alerts.append(ClientAlert(kind: .protocolError, message: "The server's answer breaks the protocol: \(error)"))
            state.isLoading = false
            emit()
            return
        }
        let packet = decoded.packet
        if let token = packet.token { self.token = token }
        if let version = packet.version?.canonical { await adopt(version: version) }
        guard ticket == screenTickets else { return }
        if !packet.rc.isSuccess {
            state.alerts.append(.returnCode(packet.rc))
            if packet.components.isEmpty {
                state.isLoading = false
                emit()
                return
            }
        } else if let key, let id = packet.id, let disposition = packet.disposition {
            await store(page: packet, answer: answer, key: key, id: id, disposition: disposition)
        }
        await show(packet, issues: decoded.issues, dropped: decoded.droppedComponents, offline: false, ticket: ticket)
    }

    /// Caches a page (docs/protocol/caching.md#the-page-cache) as the canonical JSON of the packet
    /// as read (new dialect, checked, the broken components of a lenient read left out), so that
    /// serving it offline skips the normaliser and the validator. A permanent page whose answer
    /// this client already stored byte for byte is neither encoded nor written again; an expiring
    /// one is, since its expiry counts from reception.
    func store(page packet: ResponsePacket, answer: Data, key: PageKey, id: String, disposition: Disposition) async {
        let now = configuration.clock()
        let expires: Date?
        let hash: Int?
        switch disposition {
        case .permanent:
            expires = nil
            // Every byte counts (Data's own hash looks at only the first 80).
            var hasher = Hasher()
            answer.withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
            if let stored = storedPages[key], stored.pageID == id, stored.hash == hash { return }
        case .expiry(let seconds):
            expires = now.addingTimeInterval(TimeInterval(seconds))
            hash = nil
        }
        storedPages = storedPages.filter { $0.value.pageID != id }
        do {
            try await cache.store(page: CanonicalJSON.data(packet.json), key: key, pageID: id, receivedAt: now,
                                  expiresAt: expires, time: packet.time, version: lastVersion)
            if let hash { storedPages[key] = (id, hash) }
        } catch {
            state.diagnostics.append("page cache: \(error)")
        }
    }

    /// A new `version` purges every cache in the order of
    /// docs/protocol/caching.md#version-change-one-purge before the answer is used; the token and
    /// `setDefaults` stay.
    func adopt(version: String) async {
        guard version != lastVersion else { return }
        do {
            try await cache.purge(storing: version)
        } catch {
            state.diagnostics.append("cache purge: \(error)")
        }
        imageURLs = [:]
        storedPages = [:]
        knownImageSizes = [:]
        attemptedImageURLs = []
        navigationDefinitions = [:]
        lastVersion = version
    }

    /// The server is unreachable: an unexpired cached page for the request is shown with the
    /// offline flag; otherwise a connection alert, and the screen stays
    /// (docs/protocol/caching.md#offline-fallback).
    func fallBack(to key: PageKey?, after error: any Error, ticket: Int) async {
        if error is CancellationError {
            state.isLoading = false
            emit()
            return
        }
        var cached: CachedPage?
        if let key {
            do {
                cached = try await cache.page(for: key, at: configuration.clock())
            } catch {
                state.diagnostics.append("page cache: \(error)")
            }
        }
        guard ticket == screenTickets else { return }
        if let cached {
            do {
                // The entry is the canonical JSON of a packet already read and checked (`store`).
                let packet = try PacketDecoder().decodeCanonicalResponse(cached.body)
                await show(packet, issues: [], dropped: [], offline: true, ticket: ticket)
                return
            } catch {
                // A damaged entry is treated as absent: the connection alert follows.
                state.diagnostics.append("page cache: a cached page does not decode: \(error)")
            }
        }
        let reason = (error as? TransportError)?.description ?? String(describing: error)
        state.alerts.append(ClientAlert(kind: .connection, message: "The server cannot be reached (\(reason))."))
        state.isLoading = false
        emit()
    }

    /// Shows a fresh screen (docs/protocol/packets.md#screens-replace-screens): images registered,
    /// navigation stubs expanded, critical images awaited (docs/protocol/caching.md#images), inputs
    /// at their starting values, the component errors alerted when the client reports them
    /// (docs/protocol/components/README.md#keys-every-component-has), laid out and delivered; then
    /// the background images start, and a task loads the first batch of every table and the old
    /// dynamic menus and web views.
    func show(_ received: ResponsePacket, issues: [ValidationIssue], dropped: [JSONPath], offline: Bool,
              ticket: Int) async {
        var packet = received
        var diagnostics: [String] = []
        var componentProblems: [String] = []
        let manifest = await register(images: packet.images, diagnostics: &diagnostics)
        packet.components = await expandNavigation(packet.components, diagnostics: &diagnostics,
                                                   componentProblems: &componentProblems)
        let critical = manifest.filter { $0.load == .critical }.map(\.url)
        await loadCriticalImages(critical, diagnostics: &diagnostics)
        guard ticket == screenTickets else { return }

        screenGeneration += 1
        contentTask?.cancel()
        contentTask = nil
        imageTask?.cancel()
        imageTask = nil
        var next = ScreenState()
        next.revision = state.revision
        next.packet = packet
        next.alerts = state.alerts
        if configuration.reportsComponentErrors,
           let alert = ComponentErrorReport(issues: issues, dropped: dropped, componentProblems: componentProblems).alert {
            // A debug client's one alert listing the screen's problems
            // (docs/protocol/components/README.md#keys-every-component-has).
            next.alerts.append(alert)
        }
        next.isOffline = offline
        next.issues = issues
        next.droppedComponents = dropped
        next.diagnostics = diagnostics
        next.values = FormState.initialValues(of: packet.components, today: configuration.clock())
        next.focusedField = Self.initialFocus(packet.components)
        next.defaults = packet.setDefaults.map(state.defaults.merging) ?? state.defaults
        next.imageSizes = imageSizesByName()
        ComponentTree.forEach(packet.components) { component, path, _ in
            if case .table(let table) = component {
                switch table.data {
                case .rows(let rows): next.tables[path] = TableRows(rows: rows, hasMore: false)
                case .dynamic: next.tables[path] = TableRows()
                }
            }
        }
        state = next
        relayout()
        emit()
        let generation = screenGeneration
        startBackgroundImages(generation: generation)
        contentTask = Task { await self.loadContent(generation: generation) }
    }
}
