import Hummingbird
import ServiceLifecycle
import Synchronization

/// An Xpedite app: the handlers of its methods, its entry screen, its navigation menus and its
/// configuration. Register everything, then mount it on a Hummingbird router.
///
/// ```swift
/// var app = XpediteApp()
/// app.onConnect { _ in signInScreen() }
/// app.on("signIn") { call in … }                          // a screen
/// app.group(requiring: .signedIn) { group in
///     group.on("viewCustomer") { call in … }               // a screen, behind the guard
///     group.on("listCustomers") { call in TablePage(…) }   // table rows
/// }
/// let router = Router(context: XpediteRequestContext.self)
/// try app.mount(on: router)
/// ```
///
/// Registering never overwrites or drops silently: registering a method twice, setting the entry
/// screen twice, giving `setConnection` or a table entries they would drop, or registering after
/// the app was mounted
/// is an ``XpediteSetupError``, thrown by ``mount(on:)`` and ``makeEndpoint()`` (so a server with
/// a broken setup does not start) and logged when it happens. Once mounted, the app is frozen:
/// the endpoint serves what was registered then.
public struct XpediteApp: Sendable {
    /// The configuration the endpoint runs with, as it is when the app is mounted.
    public var configuration: XpediteConfiguration

    var handlers: [String: Handler] = [:]
    var connectHandler: Handler?
    var navigation: [String: Component.Navigation] = [:]
    /// Setup mistakes, in the order they were made; the first is thrown when mounting.
    private(set) var problems: [XpediteSetupError] = []
    /// Shared by every copy of this app: whether one of them was mounted.
    private let mounted = MountFlag()

    /// Creates an app with no handlers.
    public init(configuration: XpediteConfiguration = XpediteConfiguration()) {
        self.configuration = configuration
    }

    // MARK: - Registering

    /// Sets the entry screen: the answer to `setConnection`
    /// (docs/protocol/packets.md#2-the-answer-to-setconnection), and to a request whose token is
    /// unknown or expired (docs/protocol/packets.md#tokens-and-sessions;
    /// ``XpediteCall/connectReason`` tells which).
    ///
    /// The SDK adds `rc`, `token`, `version`, `setDefaults` and the image manifest. Setting it
    /// twice is an ``XpediteSetupError/duplicateConnect``.
    public mutating func onConnect<Answer: XpediteResponseGenerator>(
        _ handler: @escaping @Sendable (XpediteCall) async throws -> Answer
    ) {
        add(RequestPacket.setConnection, Handler(entries: nil, guards: [], handler))
    }

    /// Registers the handler of `method`; it answers with a screen or table rows, whatever its
    /// `XpediteResponseGenerator` return type makes: a `ResponsePacket` or the DSL's `Screen` draws
    /// a screen, a ``TablePage`` answers a table's data request (docs/protocol/tables.md).
    /// Registering `setConnection` sets the entry screen.
    ///
    /// A closure that only throws needs its return type: `{ _ -> ResponsePacket in throw … }`.
    ///
    /// - Parameters:
    ///   - method: the function name buttons, rows, menus and forms send.
    ///   - screen: entries (`title`, `background`, page `id`, `disposition`) for screens that leave them out.
    ///   - handler: draws the answer, or throws (``XpediteError`` and ``FormError`` become `rc` messages).
    public mutating func on<Answer: XpediteResponseGenerator>(
        _ method: String, screen: ScreenEntries? = nil,
        _ handler: @escaping @Sendable (XpediteCall) async throws -> Answer
    ) {
        add(method, Handler(entries: screen, guards: [], handler))
    }

    /// Registers methods behind guards, written once for the whole group:
    ///
    /// ```swift
    /// app.group(requiring: .signedIn) { group in
    ///     group.on("orders") { call in … }
    /// }
    /// ```
    ///
    /// Each guard, in order, lets the call through, answers instead of the handler, or throws
    /// (``XpediteGuard``).
    public mutating func group(requiring guards: XpediteGuard...,
                               register: (inout XpediteMethodGroup) throws -> Void) rethrows {
        var group = XpediteMethodGroup(guards: guards)
        try register(&group)
        for registration in group.registrations { add(registration.method, registration.handler) }
    }

    /// Registers a full navigation definition for stub expansion
    /// (docs/protocol/menus.md#a-menu-cached-by-id): a screen may then carry the stub
    /// `.navigation(.init(id: id))`, and the SDK sends the full definition instead the first time a
    /// session (or a new app version) sees it.
    ///
    /// - Throws: ``XpediteSetupError`` when the definition has no `id` or no `implementation`,
    ///   when its id is already registered, or when the app is already mounted.
    public mutating func register(navigation definition: Component.Navigation) throws(XpediteSetupError) {
        guard let id = definition.id else { throw .navigationWithoutID }
        guard definition.implementation != nil else { throw .navigationWithoutImplementation(id: id) }
        guard !mounted.isSet else { throw .registeredAfterMount("navigation \(id)") }
        guard navigation[id] == nil else { throw .duplicateNavigation(id: id) }
        navigation[id] = definition
    }

    /// Adds a handler, or records why it cannot be added.
    private mutating func add(_ method: String, _ handler: Handler) {
        if mounted.isSet {
            record(.registeredAfterMount(method))
        } else if method == RequestPacket.setConnection {
            if !handler.guards.isEmpty {
                record(.guardedConnect)
            } else if handler.entries != nil {
                record(.connectScreenEntries)
            } else if handler.kind != .response {
                record(.connectNotScreen)
            } else if connectHandler != nil {
                record(.duplicateConnect)
            } else {
                connectHandler = handler
            }
        } else if handlers[method] != nil {
            record(.duplicateMethod(method))
        } else if handler.kind == .data, handler.entries != nil {
            record(.tableScreenEntries(method))
        } else {
            handlers[method] = handler
        }
    }

    private mutating func record(_ problem: XpediteSetupError) {
        configuration.logger.error("Setup error", metadata: ["xpedite.setup": .string(problem.description)])
        problems.append(problem)
    }

    // MARK: - Reading

    /// The registered method names, sorted.
    public var methods: [String] { handlers.keys.sorted() }

    /// The background services the app needs: the purge of expired sessions. Pass them to the
    /// Hummingbird `Application` so they start and stop with it.
    public var services: [any Service] {
        [SessionPurgeService(store: configuration.sessionStore, idleTimeout: configuration.sessionIdleTimeout,
                             interval: configuration.sessionPurgeInterval, logger: configuration.logger,
                             clock: configuration.clock)]
    }

    // MARK: - Mounting

    /// Throws the first setup mistake, if any.
    public func checkSetup() throws(XpediteSetupError) {
        if let problem = problems.first { throw problem }
    }

    /// The endpoint that answers requests, without HTTP (benchmarks, custom transports). Freezes
    /// the app like ``mount(on:)``.
    ///
    /// - Throws: the first ``XpediteSetupError`` recorded while registering.
    public func makeEndpoint() throws(XpediteSetupError) -> XpediteEndpoint {
        try checkSetup()
        mounted.set()
        return XpediteEndpoint(app: self)
    }

    /// Mounts the endpoint (`POST` ``XpediteConfiguration/path``) and, with a Prometheus registry
    /// configured, the metrics (`GET` ``XpediteConfiguration/metricsPath``) on a router or router
    /// group, next to the app's other routes. The app is frozen from now on.
    ///
    /// Use ``XpediteRequestContext`` (or any context conforming to Hummingbird's
    /// `RemoteAddressRequestContext`) for handlers to see the client's address.
    ///
    /// - Throws: the first ``XpediteSetupError`` recorded while registering.
    @discardableResult
    public func mount<Routes: RouterMethods>(on router: Routes) throws(XpediteSetupError) -> XpediteEndpoint {
        let endpoint = try makeEndpoint()
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

/// Whether an app (any copy of it) was mounted.
private final class MountFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}
