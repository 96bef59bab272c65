import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteNotify
import XpediteNotifyWeb
import XpediteProtocol

/// The notification app's files under `/notify/app/` (served wherever XpediteNotify is mounted),
/// their Content-Security-Policy, and the WebM recordings browsers upload.
@Suite struct NotifyAppRoutesTests {
    /// A GET outside the API's base path: status, headers and bytes.
    func get(_ client: some TestClientProtocol, _ path: String) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: Data) {
        try await client.execute(uri: path, method: .get, headers: [:], body: nil) { response in
            (response.status, response.headers, Data(response.body.readableBytesView))
        }
    }

    @Test(arguments: StoreKind.tested)
    func theAppIsServedWithAStrictPolicy(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let page = try await get(client, "/notify/app/")
                #expect(page.status == .ok)
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
                #expect(page.headers[.contentSecurityPolicy] == NotifyAppFiles.contentSecurityPolicy)
                #expect(page.headers.first { $0.name.canonicalName == "x-content-type-options" }?.value == "nosniff")
                let html = String(decoding: page.body, as: UTF8.self)
                #expect(html.contains("<script type=\"module\" src=\"js/app.js\"></script>"))
                #expect(html.contains("<link rel=\"manifest\" href=\"manifest.webmanifest\">"))
                let policy = NotifyAppFiles.contentSecurityPolicy
                #expect(policy.contains("script-src 'self';"))
                #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
                #expect(policy.contains("object-src 'none'") && policy.contains("base-uri 'none'"))
                let moved = try await get(client, "/notify/app")
                #expect(moved.status == .movedPermanently)
                #expect(moved.headers[.location] == "/notify/app/")
            }
        }
    }

    @Test(arguments: [
        ("js/app.js", "text/javascript; charset=utf-8"), ("sw.js", "text/javascript; charset=utf-8"),
        ("app.css", "text/css; charset=utf-8"), ("manifest.webmanifest", "application/manifest+json"),
        ("icons/icon.svg", "image/svg+xml"), ("icons/icon-192.png", "image/png"), ("icons/icon-512.png", "image/png"),
        ("vendor/leaflet-1.6.0/leaflet.js", "text/javascript; charset=utf-8"), ("vendor/leaflet-1.6.0/leaflet.css", "text/css; charset=utf-8"),
    ])
    func eachFileIsServedWithItsType(path: String, type: String) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let file = try await get(client, "/notify/app/\(path)")
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == type)
            #expect(file.headers[.contentSecurityPolicy] == NotifyAppFiles.contentSecurityPolicy)
            #expect(!file.body.isEmpty)
        }
    }

    /// HEAD answers what GET answers without the body — the status, the type, the policy, the
    /// length of what GET sends, the redirect's `Location` — for the page, its files,
    /// `config.json`, the bare path and paths the app does not have (404, as GET).
    @Test(arguments: [
        ("/notify/app/", HTTPResponse.Status.ok), ("/notify/app/sw.js", .ok), ("/notify/app/js/app.js", .ok),
        ("/notify/app/icons/icon-192.png", .ok), ("/notify/app/manifest.webmanifest", .ok), ("/notify/app/config.json", .ok),
        ("/notify/app", .movedPermanently), ("/notify/app/nope.js", .notFound), ("/notify/app/js/missing/deeper.js", .notFound),
    ])
    func headAnswersLikeGetWithoutTheBody(path: String, status: HTTPResponse.Status) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let get = try await client.execute(uri: path, method: .get, headers: [:], body: nil) { $0 }
            let head = try await client.execute(uri: path, method: .head, headers: [:], body: nil) { $0 }
            #expect(get.status == status)
            #expect(head.status == status)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.headers[.contentSecurityPolicy] == NotifyAppFiles.contentSecurityPolicy)
            #expect(get.headers[.contentSecurityPolicy] == NotifyAppFiles.contentSecurityPolicy)
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(head.headers[.location] == get.headers[.location])
            #expect(head.body.readableBytes == 0)
            if status == .ok { #expect(get.body.readableBytes > 0) }
        }
    }

    @Test func everyFileTheServiceWorkerKeepsIsServed() async throws {
        let files = try NotifyAppFiles.load()
        let worker = String(decoding: try #require(files.file(at: "sw.js")).contents, as: UTF8.self)
        let start = try #require(worker.range(of: "const SHELL = ["))
        let end = try #require(worker.range(of: "].map(", range: start.upperBound..<worker.endIndex))
        let list = worker[start.upperBound..<end.lowerBound]
        let shell = list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(shell.count > 10)
        for path in shell where path != "./" && path != "config.json" {
            #expect(files.file(at: path) != nil, "sw.js keeps \(path), which is not served")
        }
        // preview.html's module draws the console designer's preview (docs/console.md#designer): a
        // page of the console framed at phone size, not part of the app that starts offline.
        let modules = files.paths.filter { $0.hasPrefix("js/") && $0 != "js/preview.js" }
        for module in modules { #expect(shell.contains(module), "sw.js does not keep \(module)") }
        #expect(files.file(at: "js/preview.js") != nil, "the preview's module is served")
    }

    @Test func theManifestMakesItInstallable() throws {
        let files = try NotifyAppFiles.load()
        let manifest = try JSONValue(parsing: try #require(files.file(at: "manifest.webmanifest")).contents)
        #expect(manifest["name"] == "Xpedite Notify")
        #expect(manifest["display"] == "standalone")
        #expect(manifest["start_url"] == "./#/inbox" && manifest["scope"] == "./")
        let icons = manifest["icons"]?.arrayValue ?? []
        #expect(icons.compactMap { $0["sizes"]?.stringValue }.sorted() == ["192x192", "512x512", "any"])
        for icon in icons {
            let path = try #require(icon["src"]?.stringValue)
            let file = try #require(files.file(at: path), "the manifest names \(path), which is not served")
            #expect(file.type == icon["type"]?.stringValue)
            if file.type == "image/png" {
                // The PNG's own size (IHDR) is the one the manifest says.
                let bytes = Array(file.contents)
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
                #expect(icon["sizes"]?.stringValue == "\(width)x\(width)")
            }
        }
    }

    @Test func noScriptOfTheAppWritesHTMLOrEvaluatesText() throws {
        let files = try NotifyAppFiles.load()
        let scripts = files.paths.filter { $0.hasSuffix(".js") && !$0.hasPrefix("vendor/") }
        #expect(scripts.count >= 10)
        for path in scripts {
            let text = String(decoding: try #require(files.file(at: path)).contents, as: UTF8.self)
            for banned in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "setTimeout(\"", "srcdoc"] {
                #expect(!text.contains(banned), "\(path) uses \(banned)")
            }
        }
        let html = String(decoding: try #require(files.file(at: "index.html")).contents, as: UTF8.self)
        #expect(!html.contains("<script>") && !html.contains("style=\"") && !html.contains("onclick") && !html.contains("onload"),
                "index.html has inline script, style or handlers")
    }

    @Test(arguments: StoreKind.tested)
    func unknownFilesAre404AndConfigNamesTheTiles(_ store: StoreKind) async throws {
        try await store.withHarness(configure: { $0.mapTileURL = "http://tiles.example/{z}/{x}/{y}.png" }) { harness in
            try await harness.application().test(.router) { client in
                #expect(try await get(client, "/notify/app/nope.js").status == .notFound)
                #expect(try await get(client, "/notify/app/../v1/users").status != .ok)
                let config = try await get(client, "/notify/app/config.json")
                #expect(config.status == .ok)
                #expect(try JSONValue(parsing: config.body) == ["mapTileURL": "http://tiles.example/{z}/{x}/{y}.png"])
            }
        }
    }

    /// What a browser's MediaRecorder writes: an EBML header (WebM).
    static let webm: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01] + Array(repeating: 0, count: 16)

    @Test(arguments: [("audio", "audio/webm"), ("video", "video/webm")])
    func webMRecordingsAreDocumentsServedAsWebM(kind: String, type: String) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            try await api.user("ann")
            let joe = try await api.login("joe")
            let ann = try await api.login("ann")
            let upload = try await api.call(.post, "/device/documents?kind=\(kind)", token: joe, raw: ByteBuffer(bytes: Self.webm))
            #expect(upload.status == .created)
            let name = try #require(upload.json["name"]?.stringValue)
            #expect(name.hasPrefix("rcs/\(kind)/") && name.hasSuffix(".webm"))
            let fetched = try await client.execute(uri: "/notify/v1/device/documents/\(name)", method: .get,
                                                   headers: [.authorization: "Bearer \(joe)"], body: nil) { response in
                (response.status, response.headers[.contentType], Array(response.body.readableBytesView))
            }
            #expect(fetched.0 == .ok && fetched.1 == type && fetched.2 == Self.webm)
            #expect(try await api.call(.get, "/device/documents/\(name)", token: ann).status == .notFound)
            // WebM is no image.
            let image = try await api.call(.post, "/device/documents?kind=image", token: joe, raw: ByteBuffer(bytes: Self.webm))
            #expect(image.status == .unprocessableContent)
        }
    }

    @Test func documentKindsByMagicBytes() {
        #expect(DocumentKind.audio.fileExtension(of: Self.webm) == "webm")
        #expect(DocumentKind.video.fileExtension(of: Self.webm) == "webm")
        #expect(DocumentKind.image.fileExtension(of: Self.webm) == nil)
        let mp4: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8)
        #expect(DocumentKind.video.fileExtension(of: mp4) == "mp4")
        #expect(DocumentKind.audio.fileExtension(of: mp4) == "m4a")
        #expect(DocumentKind.image.fileExtension(of: [0xFF, 0xD8, 0xFF, 0xE0]) == "jpg")
        #expect(DocumentKind.audio.fileExtension(of: [0x1A, 0x45]) == nil)
        #expect(DocumentKind.video.contentType(ofDocumentNamed: "rcs/video/a.webm") == "video/webm")
        #expect(DocumentKind.video.contentType(ofDocumentNamed: "rcs/video/a.mp4") == "video/mp4")
        #expect(DocumentKind.image.contentType(ofDocumentNamed: "rcs/image/a.webm") == "image/jpeg")
    }
}
