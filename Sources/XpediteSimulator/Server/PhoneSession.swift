import Foundation
import XpediteClient
import XpediteProtocol

/// One browser tab's phone: its own ``XpediteClient`` (token, caches in its own directory), the
/// switchable transport and packet log, and the stream of messages for the tab.
actor PhoneSession {
    private let configuration: SimulatorConfiguration
    private let directory: URL
    private let transport: SwitchableTransport
    private var client: XpediteClient
    private var bounds: Bounds
    private var stateForwarding: Task<Void, Never>?
    private var packetForwarding: Task<Void, Never>?
    private let renderer: ScreenRenderer
    /// The messages for the browser, in order.
    nonisolated let outgoing: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init(configuration: SimulatorConfiguration, tab: String, bounds: Bounds) throws {
        self.configuration = configuration
        self.directory = configuration.dataDirectory.appendingPathComponent("tabs").appendingPathComponent(tab)
        self.bounds = bounds
        self.transport = SwitchableTransport(base: configuration.makeTransport(), log: PacketLog())
        self.client = try Self.makeClient(configuration: configuration, transport: transport, directory: directory,
                                          bounds: bounds, tab: tab)
        self.renderer = ScreenRenderer(imageRoute: ImageRoute(basePath: configuration.basePath, tab: tab))
        (outgoing, continuation) = AsyncStream.makeStream(of: String.self)
    }

    private static func makeClient(configuration: SimulatorConfiguration, transport: SwitchableTransport, directory: URL,
                                   bounds: Bounds, tab: String) throws -> XpediteClient {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try XpediteClient(transport: transport, configuration: ClientConfiguration(
            cacheDirectory: directory, bounds: bounds, device: DeviceIdentity(uuid: "simulator-\(tab)"),
            imageLoader: SwitchableImageLoader(base: configuration.imageLoader, transport: transport),
            imageBaseURL: configuration.imageBaseURL,
            // The simulator is a debug client: one alert lists a screen's component errors
            // (docs/protocol/components/README.md#keys-every-component-has).
            reportsComponentErrors: true))
    }

    /// The bytes of an image the screen shows, from the engine's cache or its (switchable)
    /// loader; `nil` when the phone cannot have it.
    func imageData(id: String?, url: String?) async -> Data? {
        await client.imageData(id: id, url: url)
    }

    /// Starts forwarding screens and packets to the browser and connects the phone.
    func start() async {
        forwardStates()
        let log = transport.log
        let inspector = InspectorRenderer(endpointURL: configuration.endpointURL)
        packetForwarding = Task { [continuation] in
            for await _ in log.changes {
                let html = inspector.render(await log.exchanges)
                continuation.yield(Self.encode(ServerMessage(kind: "packets", html: html)))
            }
        }
        await client.connect()
    }

    private func forwardStates() {
        let states = client.states
        let renderer = renderer
        stateForwarding?.cancel()
        stateForwarding = Task { [continuation] in
            for await state in states {
                let message = ServerMessage(kind: "screen", html: renderer.render(state), revision: state.revision,
                                            screen: state.packet?.hashValue,
                                            offline: state.isOffline, loading: state.isLoading, title: state.packet?.title)
                continuation.yield(Self.encode(message))
            }
        }
    }

    /// Handles one message from the browser; screen actions go to the engine as they are.
    func handle(_ message: BrowserMessage) async {
        if let action = message.clientAction {
            await client.perform(action)
            return
        }
        switch message.action {
        case "device":
            guard let width = message.width, let height = message.height, width > 0, height > 0,
                  width.isFinite, height.isFinite else { return }
            bounds = Bounds(width: width, height: height)
            await client.setBounds(bounds)
            await client.connect()
        case "offline":
            transport.isOffline = message.offline ?? false
        case "reconnect":
            await client.connect()
        case "clearCaches":
            await clearCaches()
        case "resend":
            guard let number = message.number, let exchange = await transport.log.exchange(number: number) else { return }
            // The answer (or failure) lands in the packet log; the screen is not changed.
            _ = try? await transport.send(exchange.request)
        default:
            break
        }
    }

    /// Drops the phone's caches: a fresh client on an emptied directory, connected again.
    private func clearCaches() async {
        do {
            if FileManager.default.fileExists(atPath: directory.path) {
                try FileManager.default.removeItem(at: directory)
            }
            client = try Self.makeClient(configuration: configuration, transport: transport, directory: directory,
                                         bounds: bounds, tab: directory.lastPathComponent)
        } catch {
            continuation.yield(Self.encode(ServerMessage(kind: "error", html: HTML.escape("clearing the caches failed: \(error)"))))
        }
        forwardStates()
        await client.connect()
    }

    /// Stops forwarding; the stream ends.
    func stop() async {
        stateForwarding?.cancel()
        packetForwarding?.cancel()
        await transport.log.finish()
        continuation.finish()
    }

    static func encode(_ message: ServerMessage) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
        } catch {
            return #"{"kind":"error","html":"encoding failed"}"#
        }
    }
}
