import Foundation
import Hummingbird
import XpediteClient
import XpediteStaticFiles
import XpediteWebApp

/// The web app's routes (issue 26, docs/phone-app.md): the Xpedite app that runs in the phone's
/// browser, served at `{base}/app/` with its configuration in `config.json`, the list of its files
/// for the service worker in `files.json`, a same-origin relay that forwards each packet to the
/// simulator's app (so a server in another language needs no CORS headers), and one that loads
/// each image with the simulator's image loader (images only the simulator's server reaches: an
/// in-process app's, the fidelity suite's stand-in).
struct WebAppRoutes: Sendable {
    /// The app's files.
    var files: StaticFileSet
    /// What the app is told.
    var configuration: WebAppConfiguration
    /// The path prefix (`""` for the root).
    var basePath: String
    /// Where the relay sends each packet; `nil` when the app posts to its endpoint directly.
    var relay: (any Transport)?
    /// What the image relay loads each image with; `nil`: no image relay.
    var imageLoader: (any ImageLoader)?
    /// The bytes of `config.json`.
    private let configJSON: Data
    /// The bytes of `files.json`: every file's path.
    private let listJSON: Data

    /// Creates the routes.
    ///
    /// - Throws: when the configuration or the file list cannot be encoded.
    init(files: StaticFileSet, configuration: WebAppConfiguration, basePath: String, relay: (any Transport)?,
         imageLoader: (any ImageLoader)? = nil) throws {
        self.files = files
        self.configuration = configuration
        self.basePath = basePath
        self.relay = relay
        self.imageLoader = imageLoader
        configJSON = try configuration.json()
        listJSON = try JSONEncoder().encode(files.paths)
    }

    /// The largest packet the relay forwards.
    static let maximumPacketSize = 4 << 20

    /// Mounts `GET {base}/app` (a redirect to `{base}/app/`), `GET {base}/app/` (the page),
    /// `GET {base}/app/config.json`, `GET {base}/app/files.json`, `GET {base}/app/{file}` (the page
    /// and the files answer `HEAD` too), `POST {base}/app/relay` and, with an image loader,
    /// `GET {base}/app/image?url=…`.
    func mount<Routes: RouterMethods>(on router: Routes) {
        let base = basePath
        let files = files
        let policy = configuration.contentSecurityPolicy
        let configJSON = configJSON
        let listJSON = listJSON
        // The router treats `/app` and `/app/` as one route: the page is served at the one that
        // ends in a slash (its relative URLs and the worker's scope are the folder).
        // The page and the files answer HEAD as GET, without the body (a browser or a monitor
        // checking the app is there, as the notification app's routes do).
        let page = { @Sendable (request: Request, _: Routes.Context) -> Response in
            guard request.uri.path.hasSuffix("/") else {
                return Response(status: .movedPermanently, headers: [.location: "\(base)/app/", .cacheControl: "no-cache"])
            }
            return files.response(to: request, path: "index.html", headers: Self.headers(policy: policy))
                ?? Response(status: .notFound)
        }
        router.get(RouterPath("\(base)/app"), use: page)
        router.head(RouterPath("\(base)/app"), use: page)
        router.get(RouterPath("\(base)/app/config.json")) { _, _ in
            Self.response(configJSON, type: "application/json", policy: policy)
        }
        router.get(RouterPath("\(base)/app/files.json")) { _, _ in
            Self.response(listJSON, type: "application/json", policy: policy)
        }
        let file = { @Sendable (request: Request, context: Routes.Context) -> Response in
            let path = context.parameters.getCatchAll().joined(separator: "/")
            guard !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
                return Response(status: .notFound)
            }
            var headers = Self.headers(policy: policy)
            if path == "sw.js", let allowed = HTTPFields.Element.Name("Service-Worker-Allowed") { headers[allowed] = "\(base)/app/" }
            return files.response(to: request, path: path, headers: headers) ?? Response(status: .notFound)
        }
        router.get(RouterPath("\(base)/app/**"), use: file)
        router.head(RouterPath("\(base)/app/**"), use: file)
        if let imageLoader {
            router.get(RouterPath("\(base)/app/image")) { request, _ in
                await Self.relayImage(request.uri.queryParameters["url"].map(String.init), loader: imageLoader)
            }
        }
        guard let relay else { return }
        router.post(RouterPath("\(base)/app/relay")) { request, _ in
            let body = try await request.body.collect(upTo: Self.maximumPacketSize)
            do {
                let answer = try await relay.send(Data(buffer: body))
                return Self.response(answer, type: "application/json", policy: policy)
            } catch let error as TransportError {
                // The app reads any status but 200 as "the server cannot be reached".
                return Self.relayFailure(error.description)
            } catch {
                return Self.relayFailure(String(describing: error))
            }
        }
    }

    /// The image at `url` (absolute http or https) through `loader`, typed by its bytes; 404 when
    /// it is no image or cannot be had, 400 for a URL that is not http(s).
    static func relayImage(_ url: String?, loader: any ImageLoader) async -> Response {
        guard let url, let parsed = URL(string: url), parsed.scheme == "http" || parsed.scheme == "https", parsed.host != nil else {
            return Response(status: .badRequest)
        }
        do {
            let data = try await loader.load(parsed)
            guard ImageContentType.of(data) != "application/octet-stream" else { return Response(status: .notFound) }
            return Simulator.imageResponse(data)
        } catch {
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "The image cannot be loaded: \(error)")))
        }
    }

    /// A relay that could not reach the app: 502, with the reason as text.
    static func relayFailure(_ reason: String) -> Response {
        Response(status: .badGateway,
                 headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: "The relay cannot reach the app: \(reason)")))
    }

    /// The headers every answer of the app carries beside the file's own validators.
    static func headers(policy: String) -> HTTPFields {
        var headers: HTTPFields = [.contentSecurityPolicy: policy]
        if let noSniff = HTTPFields.Element.Name("X-Content-Type-Options") { headers[noSniff] = "nosniff" }
        return headers
    }

    static func response(_ data: Data, type: String, policy: String) -> Response {
        Response(status: .ok,
                 headers: [.contentType: type, .contentSecurityPolicy: policy,
                           .init("X-Content-Type-Options")!: "nosniff", .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
