import Foundation
import Testing
import XpediteClient
import XpediteLayout
import XpediteProtocol
import XpediteTestFixtures

/// Images (docs/protocol/packets.md#images, docs/protocol/components/display.md#image,
/// docs/protocol/caching.md#images): critical ones before delivery within a time bound, background
/// ones after, cached by URL.
@Suite("Images")
struct ImageTests {
    static func screen(_ images: String, _ components: String) -> ScriptedTransport {
        ScriptedTransport { _ in json(#"{"rc":0,"version":1,"token":"T","images":\#(images),"components":\#(components)}"#) }
    }

    @Test func criticalImagesAreWaitedForUntilTheTimeBound() async throws {
        let loader = TestImageLoader(sizes: ["https://img/a.png": (100, 50)], hanging: ["https://img/slow.png"])
        let transport = Self.screen(
            #"[{"id":"a","url":"https://img/a.png","load":"critical"},{"id":"slow","url":"https://img/slow.png","load":"critical"}]"#,
            #"[{"type":"image","id":"a","size":{"width":200}},{"type":"image","id":"slow","size":{"width":200}}]"#)
        // The bound is generous: the image that loads at once must still make it on a busy machine.
        let client = try XpediteClient(transport: transport,
                                       configuration: testConfiguration(images: loader, criticalImageTimeout: .seconds(5)))
        var delivered = client.states.makeAsyncIterator()
        await client.connect()
        let state = await client.state
        #expect(state.imageSizes["a"] == ImageSize(width: 100, height: 50))
        #expect(state.imageSizes["slow"] == nil)
        #expect(state.frames?.node(at: [0])?.frame.height == 100)
        #expect(state.frames?.node(at: [1])?.frame.height == 0)
        #expect(state.diagnostics.contains { $0.contains("https://img/slow.png") })
        #expect(await delivered.next()?.packet != nil)
    }

    @Test func backgroundImagesArriveAfterDeliveryAndRelayout() async throws {
        let loader = TestImageLoader(sizes: ["https://img/b.png": (300, 300), "https://img/c.png": (10, 20)])
        let transport = Self.screen(#"[{"id":"b","url":"https://img/b.png"}]"#,
                                    #"[{"type":"image","id":"b","size":{"width":100}},{"type":"image","url":"https://img/c.png","size":{"width":100}}]"#)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration(images: loader))
        await client.connect()
        await client.settle()
        let state = await client.state
        #expect(state.frames?.node(at: [0])?.frame.height == 100)
        #expect(state.frames?.node(at: [1])?.frame.height == 200)
        #expect(Set(loader.loaded) == ["https://img/b.png", "https://img/c.png"])
    }

    @Test func imagesAreCachedOnDiskByURL() async throws {
        let folder = try TemporaryDirectory("xpedite-client-tests")
        let directory = folder.url
        let transport = Self.screen(#"[{"id":"a","url":"https://img/a.png","load":"critical"}]"#,
                                    #"[{"type":"image","id":"a","size":{"width":200}}]"#)
        let first = TestImageLoader(sizes: ["https://img/a.png": (100, 50)])
        let client = try XpediteClient(transport: transport, configuration: testConfiguration(cache: directory, images: first))
        await client.connect()
        await client.connect()
        #expect(first.loaded == ["https://img/a.png"])
        let second = TestImageLoader()
        let restarted = try XpediteClient(transport: transport, configuration: testConfiguration(cache: directory, images: second))
        await restarted.connect()
        #expect(second.loaded.isEmpty)
        #expect(await restarted.state.frames?.node(at: [0])?.frame.height == 100)
    }
}

extension ImageTests {
    @Test func oldImageNamesResolveAgainstAFolderSentEarlier() async throws {
        let loader = TestImageLoader(sizes: ["https://my.app/images/logo.png": (200, 100)])
        let transport = ScriptedTransport { request in
            request["method"] == "setConnection"
                ? json(#"{"rc":"0","version":1,"token":"T","images":{"url":"https://my.app/images","type":"image"},"components":[{"type":"button","text":"Next","method":"next"}]}"#)
                : json(#"{"rc":"0","components":[{"type":"image","name":"logo.png","size":{"width":100}}]}"#)
        }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration(images: loader))
        await client.connect()
        await client.perform(.press(button: [0]))
        await client.settle()
        #expect(loader.loaded == ["https://my.app/images/logo.png"])
        #expect(await client.state.frames?.node(at: [0])?.frame.height == 50)
    }
}
