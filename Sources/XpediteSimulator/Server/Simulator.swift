import Foundation
import Hummingbird
import HummingbirdWebSocket
import XpediteProtocol
import XpediteStaticFiles
import XpediteWebApp

/// The browser simulator: pages, static files and the WebSocket over which each tab's phone
/// (an `XpediteClient` of its own) sends screens and receives taps.
///
/// Serve it alone (see `xpedite preview`) or next to an app on an existing server:
///
/// ```swift
/// let simulator = try Simulator(configuration: SimulatorConfiguration(
///     makeTransport: { InProcessTransport { await endpoint.respond(to: $0) } },
///     dataDirectory: dataURL))
/// simulator.mount(on: router)                       // GET /, /app/, /static/…
/// let app = Application(router: router,
///                       server: .http1WebSocketUpgrade(webSocketRouter: simulator.webSocketRouter()))
/// ```
public struct Simulator: Sendable {
    /// The configuration.
    public let configuration: SimulatorConfiguration
    private let files: StaticFiles
    /// The web app served at `{base}/app/`.
    private let webApp: WebAppRoutes
    /// The phones connected now, for the image route.
    private let sessions = PhoneSessions()

    /// The Content-Security-Policy of every page: scripts only from this server (no inline
    /// script), style attributes allowed (positions), frames and images from anywhere (web
    /// components, image URLs), nothing else.
    public static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; "
        + "style-src-attr 'unsafe-inline'; img-src * data: blob:; frame-src *; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Creates a simulator; reads the static files of the module's resources and the web app's.
    ///
    /// - Throws: when a resource is missing.
    public init(configuration: SimulatorConfiguration) throws {
        self.configuration = configuration
        self.files = try StaticFiles.load()
        // The web app posts to its endpoint directly when the configuration names one the phone's
        // browser can reach; otherwise through the relay, which uses the simulator's transport.
        // Through the relay, its images come through the simulator's image loader too: the app's
        // server (an in-process app, the fidelity suite's stand-in) may be the only one to reach them.
        let relays = configuration.webAppEndpoint == nil
        let endpoint = configuration.webAppEndpoint ?? "relay"
        self.webApp = try WebAppRoutes(files: try WebAppFiles.load(),
                                       configuration: WebAppConfiguration(endpoint: endpoint, debug: configuration.webAppDebug,
                                                                          imageBase: relays ? configuration.imageBaseURL?.absoluteString : nil,
                                                                          imageRelay: relays ? "image" : nil,
                                                                          notificationApp: configuration.notificationAppPath,
                                                                          sharedSignIn: configuration.notificationUsersShared),
                                       basePath: configuration.basePath,
                                       relay: relays ? configuration.makeTransport() : nil,
                                       imageLoader: relays ? configuration.imageLoader : nil)
    }

    /// Mounts the pages on `router`: `GET {base}/` (the simulator), the web app under
    /// `{base}/app/` (its files, `config.json`, `files.json` and `POST {base}/app/relay`, see
    /// docs/phone-app.md), `{base}/static/{file}` and each connected tab's images,
    /// `{base}/tab/{tab}/image?id=…&url=…`.
    public func mount<Routes: RouterMethods>(on router: Routes) {
        let template = PageTemplate(basePath: configuration.basePath, device: configuration.device,
                                    notificationAppPath: configuration.notificationAppPath,
                                    curlEndpoint: configuration.webAppEndpoint == nil ? configuration.endpointURL : nil)
        let base = configuration.basePath
        let simulatorPage = template.simulator()
        router.get(RouterPath(base.isEmpty ? "/" : base)) { _, _ in
            Self.response(simulatorPage, type: "text/html; charset=utf-8")
        }
        webApp.mount(on: router)
        let files = files
        router.get(RouterPath("\(base)/static/:file")) { request, context in
            guard let name = context.parameters.get("file"),
                  let response = files.served.response(to: request, path: name, headers: Self.fileHeaders) else {
                return Response(status: .notFound)
            }
            return response
        }
        let sessions = sessions
        router.get(RouterPath("\(base)/tab/:tab/image")) { request, context in
            guard let tab = context.parameters.get("tab"), let session = sessions.session(tab: tab) else {
                return Response(status: .notFound)
            }
            let query = request.uri.queryParameters
            guard let data = await session.imageData(id: query["id"].map(String.init), url: query["url"].map(String.init))
            else { return Response(status: .notFound) }
            return Self.imageResponse(data)
        }
    }

    /// The router of the WebSocket upgrades (`{base}/ws`): pass it to
    /// `.http1WebSocketUpgrade(webSocketRouter:)` of the server's configuration.
    public func webSocketRouter() -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        mountWebSocket(on: router)
        return router
    }

    /// Adds the WebSocket route to a router of WebSocket-capable contexts.
    public func mountWebSocket<Context: WebSocketRequestContext>(on router: Router<Context>) {
        let configuration = configuration
        let sessions = sessions
        router.ws(RouterPath("\(configuration.basePath)/ws")) { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let tab = Self.tabID(query["tab"].map(String.init))
            let width = query["width"].flatMap { Double(String($0)) } ?? configuration.device.width
            let height = query["height"].flatMap { Double(String($0)) } ?? configuration.device.height
            let session = try PhoneSession(configuration: configuration, tab: tab,
                                           bounds: Bounds(width: max(1, width), height: max(1, height)))
            sessions.add(session, tab: tab)
            defer { sessions.remove(session, tab: tab) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await text in session.outgoing { try await outbound.write(.text(text)) }
                }
                await session.start()
                let decoder = JSONDecoder()
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    do {
                        await session.handle(try decoder.decode(BrowserMessage.self, from: Data(text.utf8)))
                    } catch {
                        context.logger.debug("simulator: a message that is not understood: \(error)")
                    }
                }
                await session.stop()
                group.cancelAll()
            }
        }
    }

    /// A tab id safe as a directory name: letters, digits and `-`, at most 64; a new UUID
    /// otherwise.
    static func tabID(_ raw: String?) -> String {
        guard let raw, !raw.isEmpty, raw.count <= 64,
              raw.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return UUID().uuidString }
        return raw
    }

    /// The policy of an image answer: nothing runs in it, even when it is opened as a page (an
    /// SVG from the app's server).
    static let imageContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    /// An image from a tab's engine, typed by its bytes.
    static func imageResponse(_ data: Data) -> Response {
        Response(status: .ok,
                 headers: [.contentType: ImageContentType.of(data), .contentSecurityPolicy: imageContentSecurityPolicy,
                           .init("X-Content-Type-Options")!: "nosniff", .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The headers of a static file's answer besides its validators and type.
    static var fileHeaders: HTTPFields {
        [.contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff"]
    }

    static func response(_ text: String, type: String) -> Response {
        response(Data(text.utf8), type: type)
    }

    static func response(_ data: Data, type: String) -> Response {
        Response(status: .ok,
                 headers: [.contentType: type, .contentSecurityPolicy: contentSecurityPolicy,
                           .init("X-Content-Type-Options")!: "nosniff", .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
