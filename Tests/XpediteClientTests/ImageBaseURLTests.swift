import Foundation
import Testing
import XpediteClient
import XpediteLayout
import XpediteProtocol
import XpediteTestFixtures

/// Relative image URLs resolve against ``ClientConfiguration/imageBaseURL`` (the endpoint's URL,
/// docs/protocol/packets.md#images), are cached by the absolute URL
/// (docs/protocol/caching.md#images), and a renderer can read them back through
/// ``XpediteClient/imageData(id:url:)``.
@Suite("Image base URL")
struct ImageBaseURLTests {
    @Test func relativeURLsResolveAgainstTheBaseAndAreCachedByTheAbsoluteURL() async throws {
        let loader = TestImageLoader(sizes: ["https://my.app/img/a.png": (30, 10), "https://my.app/x/b.png": (5, 5)])
        let transport = ImageTests.screen("[]", #"""
            [{"type":"image","url":"/img/a.png","size":{"width":90}},{"type":"image","url":"b.png","size":{"width":10}}]
            """#)
        let folder = try TemporaryDirectory("xpedite-client-tests")
        var configuration = testConfiguration(cache: folder.url, images: loader)
        configuration.imageBaseURL = URL(string: "https://my.app/x/endpoint")
        let client = try XpediteClient(transport: transport, configuration: configuration)
        await client.connect()
        await client.settle()
        #expect(Set(loader.loaded) == ["https://my.app/img/a.png", "https://my.app/x/b.png"])
        #expect(await client.state.frames?.node(at: [0])?.frame.height == 30)
        #expect(await client.imageData(id: nil, url: "/img/a.png") == TestImageLoader.png(width: 30, height: 10))
        #expect(loader.loaded.count == 2, "read back from the cache, not loaded again")
        #expect(await client.imageData(id: nil, url: nil) == nil)
    }

    @Test func withoutABaseARelativeURLIsNotLoaded() async throws {
        let loader = TestImageLoader(sizes: ["https://my.app/img/a.png": (30, 10)])
        let transport = ImageTests.screen("[]", #"[{"type":"image","url":"/img/a.png","size":{"width":90}}]"#)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration(images: loader))
        await client.connect()
        await client.settle()
        #expect(!loader.loaded.contains("https://my.app/img/a.png"))
        #expect(await client.imageData(id: nil, url: "/img/a.png") == nil)
    }

    @Test func aManifestIdIsReadThroughItsURL() async throws {
        let loader = TestImageLoader(sizes: ["https://cdn/logo.png": (8, 8)])
        let transport = ImageTests.screen(#"[{"id":"logo","url":"https://cdn/logo.png"}]"#,
                                          #"[{"type":"image","id":"logo","size":{"width":8}}]"#)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration(images: loader))
        await client.connect()
        #expect(await client.imageData(id: "logo", url: nil) == TestImageLoader.png(width: 8, height: 8))
    }
}
