import Hummingbird
import ServiceLifecycle

/// An Xpedite app: the handlers of its methods, its entry screen, its navigation menus and its
/// configuration. Register everything, then mount it on a Hummingbird router.
///
/// ```swift
/// var app = XpediteApp()
/// app.onConnect { call in
///     ResponsePacket(title: "Hello", components: [.label(.init(text: "Hello, world"))])
/// }
/// app.on("viewCustomer") { call in … }             // a screen
/// app.on("listCustomers") { call in TablePage(…) }  // a table page
/// let router = Router()
/// app.mount(on: router)
/// ```
///
/// `XpediteApp` is a value: ``mount(on:)`` takes a snapshot, so register handlers first.
public struct XpediteApp: Sendable {
    /// The configuration the endpoint runs with.
    public var configuration: XpediteConfiguration

    var handlers: [String: Handler] = [:]
    var connectHandler: (@Sendable (XpediteCall) async throws -> ResponsePacket)?
    var navigation: [String: Component.Navigation] = [:]

    /// Creates an app with no handlers.
    public init(configuration: XpediteConfiguration = XpediteConfiguration()) {
        self.configuration = configuration
    }

    /// Sets the entry screen: the answer to `setConnection` (PROTOCOL.md §1.4), and to a request
    /// whose token is unknown or expired (§1.8; ``XpediteCall/connectReason`` tells which).
    ///
    /// The SDK adds `rc`, `token`, `version`, `setDefaults` and the image manifest.
    public mutating func onConnect(_ handler: @escaping @Sendable (XpediteCall) async throws -> ResponsePacket) {
        connectHandler = handler
    }

    /// Registers the screen handler of `method`. Registering `setConnection` sets the entry screen.
    ///
    /// - Parameters:
    ///   - method: the function name buttons, rows, menus and forms send.
    ///   - screen: entries (`title`, `background`, page `id`, `disposition`) for screens that leave them out.
    ///   - handler: draws the screen, or throws (``XpediteError`` and ``FormError`` become `rc` messages).
    public mutating func on(_ method: String, screen: ScreenEntries? = nil,
                            _ handler: @escaping @Sendable (XpediteCall) async throws -> ResponsePacket) {
        if method == RequestPacket.setConnection {
            connectHandler = handler
        } else {
            handlers[method] = .screen(handler, screen)
        }
    }

    /// Registers the table data handler of `method` (a table's `data.dynamic` function, §3.7).
    ///
    /// Chosen when the closure returns a ``TablePage``; a closure that only throws registers a
    /// screen handler (this overload is disfavoured).
    @_disfavoredOverload
    public mutating func on(_ method: String, _ handler: @escaping @Sendable (XpediteCall) async throws -> TablePage) {
        handlers[method] = .table(handler)
    }

    /// Registers a full navigation definition for stub expansion (PROTOCOL.md §7.4): a screen may
    /// then carry the stub `.navigation(.init(id: id))`, and the SDK sends the full definition
    /// instead the first time a session (or a new app version) sees it.
    ///
    /// - Throws: ``XpediteSetupError`` when the definition has no `id` or no `implementation`.
    public mutating func register(navigation definition: Component.Navigation) throws(XpediteSetupError) {
        guard let id = definition.id else { throw .navigationWithoutID }
        guard definition.implementation != nil else { throw .navigationWithoutImplementation(id: id) }
        navigation[id] = definition
    }

    /// The registered method names, sorted.
    public var methods: [String] { handlers.keys.sorted() }

    /// The background services the app needs: the purge of expired sessions. Pass them to the
    /// Hummingbird `Application` so they start and stop with it.
    public var services: [any Service] {
        [SessionPurgeService(store: configuration.sessionStore, idleTimeout: configuration.sessionIdleTimeout,
                             interval: configuration.sessionPurgeInterval, logger: configuration.logger,
                             clock: configuration.clock)]
    }

    /// The endpoint that answers requests, without HTTP (benchmarks, custom transports).
    public func makeEndpoint() -> XpediteEndpoint {
        XpediteEndpoint(app: self)
    }

    /// Mounts the endpoint (`POST` ``XpediteConfiguration/path``) and, with a Prometheus registry
    /// configured, the metrics (`GET` ``XpediteConfiguration/metricsPath``) on a router.
    @discardableResult
    public func mount<Routes: RouterMethods>(on router: Routes) -> XpediteEndpoint {
        let endpoint = makeEndpoint()
        router.post(RouterPath(configuration.path)) { request, context in
            await endpoint.respond(to: request, context: context)
        }
        if let registry = configuration.prometheusRegistry {
            router.get(RouterPath(configuration.metricsPath)) { _, _ in
                Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                         body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
            }
        }
        return endpoint
    }
}
