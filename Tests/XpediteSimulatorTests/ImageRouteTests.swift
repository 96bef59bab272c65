import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import XpediteClient
import XpediteProtocol
@testable import XpediteSimulator
import XpediteTestFixtures

/// An image loader serving fixed files by absolute URL and counting its loads.
final class CountingImageLoader: ImageLoader {
    let files: [String: Data]
    let loads = Mutex<[String]>([])

    init(files: [String: Data]) {
        self.files = files
    }

    func load(_ url: URL) async throws -> Data {
        loads.withLock { $0.append(url.absoluteString) }
        guard let data = files[url.absoluteString] else { throw TransportError.httpStatus(404) }
        return data
    }
}

/// The first bytes of a PNG, 2×1 pixels (enough for its header to give the size).
let pngHeader = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                      0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0])

@Suite("Images through the engine")
struct ImageRouteTests {
    let screen = ##"""
        {"rc":0,"id":"pics","disposition":"permanent","images":[{"id":"logo","url":"https://cdn.example/logo.png"}],
         "components":[{"type":"image","id":"logo","size":{"width":40,"height":20}},
                       {"type":"image","url":"/img/badge.png","size":{"width":40,"height":40}}]}
        """##

    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], "image/png"),
        ([0xFF, 0xD8, 0xFF, 0xE0], "image/jpeg"),
        (Array("GIF89a..".utf8), "image/gif"),
        (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "image/webp"),
        (Array("  <svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "image/svg+xml"),
        (Array("<?xml version=\"1.0\"?><svg/>".utf8), "image/svg+xml"),
        (Array("<html><script>".utf8), "application/octet-stream"),
        ([], "application/octet-stream"),
    ] as [([UInt8], String)])
    func contentTypeComesFromTheBytes(_ bytes: [UInt8], _ type: String) {
        #expect(ImageContentType.of(Data(bytes)) == type)
    }

    @Test func theRendererPointsImagesAtTheTabsRoute() async throws {
        let state = try await renderedState(screen: screen)
        let html = ScreenRenderer(basePath: "/sim", tab: "t-1").render(state)
        #expect(html.contains("<img src=\"/sim/tab/t-1/image?id=logo\""))
        #expect(html.contains("<img src=\"/sim/tab/t-1/image?url=%2Fimg%2Fbadge.png\""))
        #expect(!html.contains("cdn.example"))
    }

    @Test func anImageRelativeToTheEndpointIsResolvedAndServedOfflineFromTheCache() async throws {
        let loader = CountingImageLoader(files: ["https://cdn.example/logo.png": pngHeader,
                                                 "https://my.app/img/badge.png": pngHeader])
        let folder = try TemporaryDirectory("images")
        let directory = folder.url
        let configuration = SimulatorConfiguration(
            makeTransport: { [screen] in InProcessTransport { _ in Data(screen.utf8) } },
            endpointURL: "https://my.app/xpedite", dataDirectory: directory, imageLoader: loader)
        let session = try PhoneSession(configuration: configuration, tab: "t1", bounds: Bounds(width: 393, height: 852))
        await session.start()
        #expect(await session.imageData(id: nil, url: "/img/badge.png") == pngHeader)
        #expect(await session.imageData(id: "logo", url: nil) == pngHeader)
        // The engine's own background loads may have raced ours; each URL was asked for, absolute.
        let online = loader.loads.withLock { $0 }
        #expect(Set(online) == ["https://my.app/img/badge.png", "https://cdn.example/logo.png"])
        await session.handle(BrowserMessage(action: "offline", offline: true))
        #expect(await session.imageData(id: nil, url: "/img/badge.png") == pngHeader)
        #expect(await session.imageData(id: "logo", url: nil) == pngHeader)
        #expect(await session.imageData(id: nil, url: "/img/other.png") == nil)
        #expect(loader.loads.withLock { $0 } == online, "offline, images come from the cache and nothing is loaded")
        await session.stop()
    }

    @Test func theRouteAnswersFromTheConnectedTabWithTheTypeOfTheBytes() async throws {
        let simulator = try Simulator(configuration: SimulatorConfiguration(
            makeTransport: { InProcessTransport { _ in Data(#"{"rc":0,"components":[]}"#.utf8) } },
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString)")))
        let router = Router()
        simulator.mount(on: router)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/tab/nobody/image?url=https%3A%2F%2Fx%2Fa.png", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
        let response = Simulator.imageResponse(pngHeader)
        #expect(response.headers[.contentType] == "image/png")
        #expect(response.headers[.contentSecurityPolicy]?.contains("sandbox") == true)
        #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff")
    }
}
