import Foundation
import Testing
import XpediteClient
import XpediteProtocol
import XpediteTestFixtures

/// The page cache and the offline fallback (docs/protocol/caching.md#the-page-cache,
/// docs/protocol/caching.md#offline-fallback), on disk across clients.
@Suite("Offline fallback and the page cache")
struct OfflineCacheTests {
    static let server = ScriptedTransport { request in
        switch request["method"]?.stringValue {
        case "setConnection":
            return json(#"""
                {"rc":0,"version":1,"token":"T","id":"home","disposition":"permanent","components":[
                  {"type":"label","text":"Home"},
                  {"type":"button","text":"News","method":{"function":"news","parameters":{"page":1}}},
                  {"type":"button","text":"Send","method":{"function":"news","parameters":{"page":1},"formdata":true}},
                  {"type":"button","text":"Broken","method":{"function":"broken"}},
                  {"type":"textbox","name":"q","value":"x"}]}
                """#)
        case "news":
            return json(#"{"rc":0,"id":"news","disposition":{"type":"expiry","seconds":60},"components":[{"type":"label","text":"News"}]}"#)
        case "broken":
            return json(#"{"rc":5,"id":"broken","disposition":"permanent","components":[{"type":"label","text":"Broken"}]}"#)
        default:
            return json(#"{"rc":0,"components":[]}"#)
        }
    }

    @Test func aCachedPageIsServedOfflineUntilItExpires() async throws {
        let clock = TestClock()
        let transport = SwitchTransport(Self.server)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration(clock: clock))
        await client.connect()
        await client.perform(.press(button: [1]))
        await client.connect()
        await client.perform(.press(button: [3]))
        #expect(await client.state.alerts.map(\.message) == ["The request could not be completed (code 5)."])

        transport.setDown(true)
        await client.connect()
        var state = await client.state
        #expect(state.isOffline)
        #expect(state.labelTexts == ["Home"])
        #expect(state.frames != nil)

        clock.advance(by: 59)
        await client.perform(.press(button: [1]))
        state = await client.state
        #expect(state.isOffline)
        #expect(state.labelTexts == ["News"])

        await client.connect()
        clock.advance(by: 2)   // 61 s after it was received: expired
        await client.perform(.press(button: [1]))
        state = await client.state
        #expect(state.labelTexts == ["Home"])   // the screen stays
        #expect(state.alerts.map(\.kind) == [.connection])
        #expect(state.alerts.first?.message.contains("HTTP 503") == true)
    }

    @Test func requestsThatSubmitDataAndErrorAnswersAreNeverServedFromTheCache() async throws {
        let transport = SwitchTransport(Self.server)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.perform(.press(button: [1]))   // caches news page 1
        await client.connect()
        await client.perform(.press(button: [3]))   // rc 5: not cached
        await client.connect()
        transport.setDown(true)
        await client.perform(.press(button: [2]))   // same method and parameters, but with formdata
        #expect(await client.state.alerts.map(\.kind) == [.connection])
        #expect(await client.state.labelTexts == ["Home"])
        await client.perform(.press(button: [3]))
        #expect(await client.state.alerts.map(\.kind) == [.connection])
        await client.perform(.press(button: [1]))
        #expect(await client.state.labelTexts == ["News"])
    }

    @Test func theCacheSurvivesANewClientOnTheSameDirectory() async throws {
        let folder = try TemporaryDirectory("xpedite-client-tests")
        let directory = folder.url
        do {
            let client = try XpediteClient(transport: Self.server, configuration: testConfiguration(cache: directory))
            await client.connect()
            await client.perform(.press(button: [1]))
        }
        let offline = try XpediteClient(transport: DownTransport(), configuration: testConfiguration(cache: directory))
        await offline.connect()
        #expect(await offline.state.isOffline)
        #expect(await offline.state.labelTexts == ["Home"])
        await offline.perform(.press(button: [1]))
        #expect(await offline.state.labelTexts == ["News"])
        #expect(await offline.token == nil)   // a cached page never supplies a token
    }

    @Test func withoutACachedPageTheScreenStaysAndAnAlertShows() async throws {
        let client = try XpediteClient(transport: DownTransport(error: .timedOut), configuration: testConfiguration())
        await client.connect()
        let state = await client.state
        #expect(state.packet == nil)
        #expect(state.alerts.map(\.message) == ["The server cannot be reached (the server did not answer in time)."])
    }
}

extension OfflineCacheTests {
    @Test func aNewPageWithTheSameIDReplacesEveryEntryWithThatID() async throws {
        let transport = SwitchTransport(ScriptedTransport { request in
            let page = request["parameters"]?["page"]?.intValue ?? 0
            return json(#"""
                {"rc":0,"version":1,"token":"T","id":"news","disposition":"permanent","components":[
                  {"type":"label","text":"News \#(page)"},
                  {"type":"button","text":"One","method":{"function":"news","parameters":{"page":1}}},
                  {"type":"button","text":"Two","method":{"function":"news","parameters":{"page":2}}}]}
                """#)
        })
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.perform(.press(button: [1]))
        await client.perform(.press(button: [2]))   // same page id: page 1's entry goes
        await client.perform(.press(button: [1]))   // stored again, unchanged bytes
        transport.setDown(true)
        await client.perform(.press(button: [1]))
        #expect(await client.state.labelTexts == ["News 1"])
        #expect(await client.state.isOffline)
        await client.perform(.press(button: [2]))
        #expect(await client.state.alerts.map(\.kind) == [.connection])
        #expect(await client.state.labelTexts == ["News 1"])
    }
}
