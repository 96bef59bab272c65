import Foundation
import Hummingbird
import XpediteStaticFiles
import XpediteWebApp

/// The browser simulator: its page (the phone frame, the tools and the packet inspector), its
/// static files, and the web app the phone frame runs (`{base}/app/`, with its packet and image
/// relays). The phone is the web app itself: nothing is drawn on the server.
///
/// Serve it alone (see `xpedite preview`) or next to an app on an existing server:
///
/// ```swift
/// let simulator = try Simulator(configuration: SimulatorConfiguration(
///     makeTransport: { InProcessTransport { await endpoint.respond(to: $0) } }))
/// simulator.mount(on: router)                       // GET /, /app/, /static/…
/// let app = Application(router: router)
/// ```
public struct Simulator: Sendable {
    /// The configuration.
    public let configuration: SimulatorConfiguration
    private let files: StaticFiles
    /// The web app served at `{base}/app/`.
    private let webApp: WebAppRoutes

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
    /// `{base}/app/` (its files, `config.json`, `files.json`, `POST {base}/app/relay` and
    /// `GET {base}/app/image?url=…`, see docs/phone-app.md) and `{base}/static/{file}`.
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
    }

    /// The policy of an image answer: nothing runs in it, even when it is opened as a page (an
    /// SVG from the app's server).
    static let imageContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    /// An image of the image relay, typed by its bytes.
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
