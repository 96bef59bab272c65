import Foundation
import XpediteLayout
import XpediteProtocol

/// The phone's engine: everything an Xpedite app does except drawing (docs/protocol/packets.md,
/// docs/protocol/values.md#input-values, docs/protocol/caching.md). It connects, keeps the token,
/// sends every kind of method call, holds form input, pages tables, caches pages, menus and images
/// on disk, falls back to the cache when the server is unreachable, and purges on a version change.
/// A renderer maps each ``ScreenState`` to views and reports taps as ``ClientAction``s addressed by
/// the frame tree's index paths.
///
/// ```swift
/// let client = try XpediteClient(transport: HTTPTransport(url: endpoint),
///                                configuration: ClientConfiguration(cacheDirectory: cacheURL))
/// Task { for await state in client.states { render(state) } }
/// await client.connect()
/// if let tap = await client.state.action(tapping: "Customers") { await client.perform(tap) }
/// ```
public actor XpediteClient {
    /// Every state, as it changes. The stream keeps only the newest undelivered state: a
    /// renderer always draws the latest screen.
    public nonisolated let states: AsyncStream<ScreenState>
    /// The current state.
    public internal(set) var state = ScreenState()
    /// The session token of the conversation (docs/protocol/packets.md#tokens-and-sessions); in
    /// memory only.
    public internal(set) var token: String?

    let transport: any Transport
    let configuration: ClientConfiguration
    let cache: ClientCache
    let continuation: AsyncStream<ScreenState>.Continuation
    var bounds: Bounds
    var preparation: Task<Void, Never>?
    /// The last server version seen (canonical text), loaded from the cache.
    var lastVersion: String?
    /// The image id→URL map (docs/protocol/packets.md#images), mirrored in the cache.
    var imageURLs: [String: String] = [:]
    /// The old dialect's images folder (docs/protocol/packets.md#images), from the last answer that
    /// sent one: later screens name their images relative to it.
    var imageFolder: String?
    /// Sizes of the images loaded, by URL.
    var knownImageSizes: [String: ImageSize] = [:]
    /// URLs loaded (with or without a size) or failed during this screen's life.
    var attemptedImageURLs: Set<String> = []
    /// Permanent pages this client stored, by page-cache key: the page id and a hash of the
    /// bytes, so an unchanged page is not written again.
    var storedPages: [PageKey: (pageID: String, hash: Int)] = [:]
    /// Navigation definitions stored this process, by id, so an unchanged one is not rewritten.
    var navigationDefinitions: [String: Component.Navigation] = [:]
    /// Counts screen requests: an answer whose ticket is not the latest is discarded
    /// (docs/protocol/packets.md#transport).
    var screenTickets = 0
    /// Counts screens shown: data answers for an earlier screen are discarded.
    var screenGeneration = 0
    /// Counts refreshes per table: a page answer from before a refresh is discarded.
    var tableEpochs: [[Int]: Int] = [:]
    /// Loading of the current screen's table rows, dynamic menus and web views.
    var contentTask: Task<Void, Never>?
    /// Background image loading for the current screen.
    var imageTask: Task<Void, Never>?

    /// Creates a client. Opens (or creates) the cache database in
    /// ``ClientConfiguration/cacheDirectory``.
    ///
    /// - Throws: when the cache directory or database cannot be created.
    public init(transport: any Transport, configuration: ClientConfiguration = ClientConfiguration()) throws {
        self.transport = transport
        self.configuration = configuration
        self.bounds = configuration.bounds
        self.cache = try ClientCache(directory: configuration.cacheDirectory)
        (states, continuation) = AsyncStream.makeStream(of: ScreenState.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Starts the conversation: sends `setConnection` with the device's bundle id, uuid, bounds,
    /// app version and, when the configuration has one, appearance
    /// (docs/protocol/packets.md#1-the-first-packet-setconnection) and shows the answer. It never
    /// carries a token.
    public func connect(device: DeviceIdentity? = nil) async {
        let device = device ?? configuration.device
        let request = RequestPacket(method: RequestPacket.setConnection, bundleID: device.bundleID, uuid: device.uuid,
                                    bounds: bounds, xpediteVersion: device.xpediteVersion,
                                    appearance: configuration.appearance)
        await requestScreen(request)
    }

    /// Performs what the user did. Returns once the resulting screen has been delivered (or the
    /// alert shown); `loadMore` and `refresh` return once their batch is in. The first batch of
    /// each table, old dynamic menus and web views, and the images load after delivery, each
    /// arrival delivering a state (see ``settle()``).
    public func perform(_ action: ClientAction) async {
        switch action {
        case .press(let path):
            guard case .button(let button)? = state.component(at: path), let method = button.method else { return }
            await call(method)
        case .save(let path):
            await save(form: path)
        case .cancel(let path):
            await cancel(form: path)
        case .returnKey(let path):
            await returnKey(in: path)
        case .tapRow(let path, let row):
            await tapRow(table: path, row: row)
        case .menuEntry(let path, let index):
            let entries = state.menuEntries(ofNavigation: path)
            guard entries.indices.contains(index), let method = entries[index].method else { return }
            await call(method)
        case .barButton(let path):
            guard case .navigation(let navigation)? = state.component(at: path),
                  navigation.implementation?.style == .button else { return }
            let entries = state.menuEntries(ofNavigation: path)
            guard entries.count == 1, let method = entries[0].method else { return }
            await call(method)
        case .loadMore(let path):
            await loadPage(table: path, refresh: false)
        case .refresh(let path):
            guard case .table(let table)? = state.component(at: path), table.refresh != nil else { return }
            await loadPage(table: path, refresh: true)
        case .setValue(let path, let value):
            guard let field = state.component(at: path), field.fieldName != nil else { return }
            state.values[path] = value
            emit()
        case .dismissAlerts:
            state.alerts = []
            emit()
        }
    }

    /// Lays the current screen out again for new bounds (rotation, resizing); the server is not
    /// told (docs/protocol/packets.md#the-bounds-string).
    public func setBounds(_ bounds: Bounds) {
        self.bounds = bounds
        relayout()
        emit()
    }

    /// Waits until the current screen's content (first table batches, dynamic menus and web
    /// views) and its background images have loaded or failed.
    public func settle() async {
        await contentTask?.value
        await imageTask?.value
    }

    // MARK: Shared steps

    /// Creates the cache tables and reads the last version and the image map, once.
    func prepare() async {
        if preparation == nil {
            preparation = Task { await self.loadCacheState() }
        }
        await preparation?.value
    }

    private func loadCacheState() async {
        do {
            try await cache.prepare()
            lastVersion = try await cache.version()
            imageURLs = try await cache.imageIDs()
        } catch {
            state.diagnostics.append("cache: \(error)")
        }
    }

    /// Sends a method call (docs/protocol/components/display.md#button,
    /// docs/protocol/menus.md#what-a-tap-does): with the screen's captured input when it says
    /// `formdata:true`.
    func call(_ method: MethodCall) async {
        let request = RequestPacket(method: method.function, token: token, parameters: method.parameters,
                                    formdata: method.formdata ? capturedInput() : nil)
        await requestScreen(request)
    }

    /// The screen's captured input (docs/protocol/forms.md#the-shape-of-formdata).
    func capturedInput() -> [String: JSONValue] {
        guard let packet = state.packet else { return [:] }
        return FormState.capture(packet.components, values: state.values)
    }

    /// Lays the current screen out against the bounds and the images known.
    func relayout() {
        guard let packet = state.packet else { return }
        state.frames = LayoutEngine(configuration: configuration.layout)
            .layout(packet, bounds: bounds, imageSizes: state.imageSizes, defaults: state.defaults)
    }

    /// Delivers the state.
    func emit() {
        state.revision += 1
        continuation.yield(state)
    }
}
