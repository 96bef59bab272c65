import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteClient
@testable import XpediteSimulator
import XpediteWebApp

@Suite("Simulator server")
struct SimulatorServerTests {
    func makeApp(notificationAppPath: String? = nil, usersShared: Bool = false) throws -> some ApplicationProtocol {
        var configuration = SimulatorConfiguration(
            makeTransport: { InProcessTransport { _ in Data(#"{"rc":0,"components":[]}"#.utf8) } },
            notificationAppPath: notificationAppPath)
        configuration.notificationUsersShared = usersShared
        let simulator = try Simulator(configuration: configuration)
        let router = Router()
        simulator.mount(on: router)
        return Application(router: router)
    }

    @Test(arguments: ["/", "/app/", "/static/app-switch.js", "/static/frame-wrappers.js", "/static/notify-calls.js",
                      "/static/notify-inspector.js", "/static/phone-app.js", "/static/simulator.css", "/app/sw.js",
                      "/app/manifest.webmanifest", "/app/app.js", "/app/config.json"])
    func servesWithContentSecurityPolicy(_ path: String) async throws {
        try await makeApp().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("script-src 'self'"))
                #expect(!policy.contains("'unsafe-eval'"))
                #expect(!policy.contains("script-src 'self' 'unsafe-inline'"))
            }
        }
    }

    @Test func pagesHaveNoInlineScript() async throws {
        try await makeApp().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                // The phone frame runs the web app (phone-app.js); the server-side phone is gone.
                #expect(!page.contains("simulator.js"))
                #expect(page.contains("<script type=\"module\" src=\"/static/phone-app.js\"></script>"))
                #expect(!page.contains("<script>"))
                #expect(!page.contains("onclick"))
            }
            try await client.execute(uri: "/app/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("<script type=\"module\" src=\"app.js\"></script>"))
                #expect(!page.contains("<script>"))
                #expect(!page.contains("onclick"))
            }
        }
    }

    @Test(arguments: ["/static/../Package.swift", "/static/unknown.js", "/static/%2e%2e%2fPackage.swift"])
    func onlyListedFilesAreServed(_ path: String) async throws {
        try await makeApp().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// The phone app's policy, which a web component's `srcdoc` frame inherits: scripts only from
    /// the server, styles, fonts and media from anywhere and inline, so that a web page keeps its
    /// looks (decision 0610).
    @Test func theWebAppsPolicyLocksScriptsAndLetsAWebPageKeepItsStyles() {
        let policy = WebAppConfiguration(endpoint: "https://api.example.com:8443/xpedite").contentSecurityPolicy
        let directives = Dictionary(uniqueKeysWithValues: policy.split(separator: ";").map { part -> (String, String) in
            let words = part.split(separator: " ", maxSplits: 1)
            return (String(words[0]), words.count > 1 ? String(words[1]) : "")
        })
        #expect(directives["script-src"] == "'self'")
        #expect(directives["default-src"] == "'self'")
        #expect(directives["worker-src"] == "'self'")
        #expect(directives["object-src"] == "'none'")
        #expect(directives["base-uri"] == "'none'")
        #expect(directives["style-src"] == "* 'unsafe-inline'")
        #expect(directives["font-src"] == "* data:")
        #expect(directives["media-src"] == "* data: blob:")
        #expect(directives["connect-src"] == "'self' https://api.example.com:8443")
        #expect(directives["frame-ancestors"] == "'self'")
        #expect(!policy.contains("unsafe-eval"))
    }

    @Test func devicePickerListsEveryDevice() async throws {
        try await makeApp().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                for device in SimulatedDevice.all {
                    #expect(page.contains("value=\"\(Int(device.width))x\(Int(device.height))\""))
                }
            }
        }
    }

    /// The one app (docs/phone-app.md#one-app): config.json names the notification app and the
    /// shared sign-in only where the server mounts it and says so.
    @Test(arguments: [(nil, false), ("/notify/app/", false), ("/notify/app/", true)] as [(String?, Bool)])
    func theWebAppIsToldWhereTheNotificationAppIs(_ path: String?, _ shared: Bool) async throws {
        try await makeApp(notificationAppPath: path, usersShared: shared).test(.router) { client in
            try await client.execute(uri: "/app/config.json", method: .get) { response in
                let config = try JSONDecoder().decode(WebAppConfiguration.self, from: Data(buffer: response.body))
                #expect(config.notificationApp == path)
                #expect(config.sharedSignIn == shared)
                let text = String(buffer: response.body)
                #expect(text.contains("notificationApp") == (path != nil))
            }
        }
    }

    @Test func theAppSwitchIsThereOnlyWithANotificationApp() async throws {
        try await makeApp(notificationAppPath: "/notify/app/").test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("data-notify-app=\"/notify/app/\""))
                #expect(page.contains("<button type=\"button\" data-app=\"notify\" aria-pressed=\"false\">Notification app</button>"))
                #expect(page.contains("id=\"notify-screen\" hidden=\"\""))
                #expect(page.contains("<script type=\"module\" src=\"/static/app-switch.js\"></script>"))
            }
            try await client.execute(uri: "/static/app-switch.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("xpediteInspected"))
            }
            // The web app alone has no switch.
            try await client.execute(uri: "/app/", method: .get) { response in
                #expect(!String(buffer: response.body).contains("app-switch"))
            }
        }
        try await makeApp().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(!page.contains("data-notify-app"))
                #expect(!page.contains("notify-screen"))
                #expect(!page.contains("app-switch.js"))
            }
        }
    }

    @Test func theWebAppIsServedUnderAppWithItsConfiguration() async throws {
        try await makeApp().test(.router) { client in
            try await client.execute(uri: "/app", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/app/")
            }
            try await client.execute(uri: "/app/config.json", method: .get) { response in
                let config = try JSONDecoder().decode(WebAppConfiguration.self, from: Data(buffer: response.body))
                #expect(config == WebAppConfiguration(endpoint: "relay", debug: true, imageRelay: "image"))
            }
            try await client.execute(uri: "/app/files.json", method: .get) { response in
                let files = try JSONDecoder().decode([String].self, from: Data(buffer: response.body))
                #expect(files.contains("index.html"))
                #expect(files.contains("js/engine/engine.js"))
                #expect(files.contains("js/render/screen-view.js"))
                #expect(!files.contains { $0.hasSuffix(".d.ts") })
            }
            try await client.execute(uri: "/app/js/engine/engine.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.init("Service-Worker-Allowed")!] == nil)
                let etag = try #require(response.headers[.eTag])
                try await client.execute(uri: "/app/js/engine/engine.js", method: .get, headers: [.ifNoneMatch: etag]) { again in
                    #expect(again.status == .notModified)
                }
            }
            try await client.execute(uri: "/app/sw.js", method: .get) { response in
                #expect(response.headers[.init("Service-Worker-Allowed")!] == "/app/")
            }
            for path in ["/app/../Package.swift", "/app/js/%2e%2e/index.html", "/app/unknown.js"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound)
                }
            }
        }
    }

    @Test func theRelayForwardsEachPacketToTheAppAndSays502WhenItCannot() async throws {
        let simulator = try Simulator(configuration: SimulatorConfiguration(
            makeTransport: { InProcessTransport { body in
                let request = String(decoding: body, as: UTF8.self)
                if request.contains("down") { throw TransportError.httpStatus(503) }
                return Data(#"{"rc":0,"echo":\#(request),"components":[]}"#.utf8)
            } }))
        let router = Router()
        simulator.mount(on: router)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/app/relay", method: .post, body: ByteBuffer(string: #"{"method":"home","token":"t"}"#)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"rc":0,"echo":{"method":"home","token":"t"},"components":[]}"#)
            }
            try await client.execute(uri: "/app/relay", method: .post, body: ByteBuffer(string: #"{"method":"down"}"#)) { response in
                #expect(response.status == .badGateway)
                #expect(String(buffer: response.body).contains("HTTP 503"))
            }
        }
    }

    /// Through the relay, the web app's images come through the simulator's image loader: typed by
    /// their bytes with the image policy; what is no image, or cannot be had, is a 404, a URL that
    /// is not http(s) a 400. The page names the server behind the relay for "copy as curl".
    @Test func theImageRelayLoadsEachImageWithTheImageLoader() async throws {
        struct Loader: ImageLoader {
            func load(_ url: URL) async throws -> Data {
                switch url.path {
                case "/logo.png": Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0])
                case "/page.html": Data("<html><script>alert(1)</script>".utf8)
                default: throw TransportError.httpStatus(404)
                }
            }
        }
        let simulator = try Simulator(configuration: SimulatorConfiguration(
            makeTransport: { InProcessTransport { _ in Data(#"{"rc":0,"components":[]}"#.utf8) } },
            endpointURL: "https://my.app/xpedite", imageLoader: Loader()))
        let router = Router()
        simulator.mount(on: router)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/app/image?url=https%3A%2F%2Fmy.app%2Flogo.png", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(response.headers[.contentSecurityPolicy]?.contains("sandbox") == true)
            }
            for (uri, status) in [("/app/image?url=https%3A%2F%2Fmy.app%2Fpage.html", HTTPResponse.Status.notFound),
                                  ("/app/image?url=https%3A%2F%2Fmy.app%2Fmissing.png", .notFound),
                                  ("/app/image?url=file%3A%2F%2F%2Fetc%2Fpasswd", .badRequest),
                                  ("/app/image", .badRequest)] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == status, "\(uri)")
                }
            }
            try await client.execute(uri: "/app/config.json", method: .get) { response in
                let config = try JSONDecoder().decode(WebAppConfiguration.self, from: Data(buffer: response.body))
                #expect(config.imageRelay == "image")
                #expect(config.imageBase == "https://my.app/xpedite")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(String(buffer: response.body).contains(#"data-endpoint="https://my.app/xpedite""#))
            }
        }
    }

    @Test func anAppWithItsOwnEndpointHasNoRelay() async throws {
        let simulator = try Simulator(configuration: SimulatorConfiguration(
            makeTransport: { InProcessTransport { _ in Data(#"{"rc":0,"components":[]}"#.utf8) } },
            webAppEndpoint: "https://api.example.com/xpedite"))
        let router = Router()
        simulator.mount(on: router)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/app/relay", method: .post, body: ByteBuffer(string: "{}")) { response in
                #expect(response.status != .ok)
            }
            try await client.execute(uri: "/app/image?url=https%3A%2F%2Fapi.example.com%2Flogo.png", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/app/", method: .get) { response in
                #expect(response.headers[.contentSecurityPolicy]?.contains("connect-src 'self' https://api.example.com;") == true)
            }
        }
    }
}

/// The simulator's scripts and style as a browser caches them: a tag, revalidation, `304` on a
/// later start, gzip when the browser takes it.
@Suite("Simulator static files")
struct SimulatorStaticFilesTests {
    @Test(arguments: ["/static/app-switch.js", "/static/simulator.css", "/static/icon.svg", "/app/sw.js"])
    func aSecondStartAnswers304(_ path: String) async throws {
        let first = try await SimulatorServerTests().makeApp().test(.router) { client in
            try await client.execute(uri: path, method: .get, headers: [.acceptEncoding: "gzip"]) { $0 }
        }
        #expect(first.status == .ok)
        #expect(first.headers[.cacheControl] == "no-cache")
        #expect(first.headers[.lastModified] != nil)
        let tag = try #require(first.headers[.eTag])
        try await SimulatorServerTests().makeApp().test(.router) { client in
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: tag, .acceptEncoding: "gzip"]) { response in
                #expect(response.status == .notModified)
                #expect(response.headers[.eTag] == tag)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    /// HEAD of the web app's page and files: the GET's status and validators, no body; an unknown
    /// file is 404 either way.
    @Test(arguments: ["/app/", "/app/app.js", "/app/sw.js", "/app/js/engine/engine.js", "/app/no-such-file.js"])
    func theWebAppAnswersHeadAsGet(_ path: String) async throws {
        try await SimulatorServerTests().makeApp().test(.router) { client in
            let get = try await client.execute(uri: path, method: .get) { $0 }
            let head = try await client.execute(uri: path, method: .head) { $0 }
            #expect(head.status == get.status)
            #expect(head.headers[.eTag] == get.headers[.eTag])
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.body.readableBytes == 0)
            #expect((get.status == .ok) == !path.hasSuffix("no-such-file.js"))
        }
    }

    @Test func theScriptIsGzippedForWhoTakesIt() async throws {
        try await SimulatorServerTests().makeApp().test(.router) { client in
            let plain = try await client.execute(uri: "/static/app-switch.js", method: .get) { $0 }
            let gzipped = try await client.execute(uri: "/static/app-switch.js", method: .get, headers: [.acceptEncoding: "gzip"]) { $0 }
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(Array(gzipped.body.readableBytesView.prefix(2)) == [0x1F, 0x8B])
            #expect(gzipped.body.readableBytes < plain.body.readableBytes)
        }
    }
}
