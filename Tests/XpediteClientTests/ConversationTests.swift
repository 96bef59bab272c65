import Foundation
import Synchronization
import Testing
import XpediteClient
import XpediteProtocol
import XpediteTestFixtures

/// Token, version, `rc` and superseded answers (docs/protocol/packets.md#transport,
/// docs/protocol/packets.md#tokens-and-sessions, docs/protocol/packets.md#rc-the-return-code,
/// docs/protocol/versions.md#the-servers-version,
/// docs/protocol/caching.md#version-change-one-purge).
@Suite("Conversation rules")
struct ConversationTests {
    @Test func tokenIsAdoptedFromAnyAnswerAndKeptWhenAbsent() async throws {
        let transport = ScriptedTransport { request in
            switch request["method"]?.stringValue {
            case "setConnection":
                return json(#"{"rc":0,"version":1,"token":"A","components":[{"type":"button","text":"Next","method":{"function":"next"}},{"type":"table","data":{"dynamic":"rows"}}]}"#)
            case "rows": return json(#"{"rc":0,"data":[{"n":1}],"token":"B"}"#)
            case "next": return json(#"{"rc":0,"components":[{"type":"button","text":"Again","method":{"function":"again"}}]}"#)
            case "again": return json(#"{"rc":"Not now","token":"C","components":[]}"#)
            default: return json(#"{"rc":0,"components":[{"type":"label","text":"end"}]}"#)
            }
        }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.settle()
        #expect(await client.token == "B")   // the table's data answer rotated it
        await client.perform(.press(button: [0]))
        #expect(transport.parsedRequests.last?["token"] == "B")
        #expect(await client.token == "B")   // the answer had no token: kept
        await client.perform(.press(button: [0]))
        #expect(transport.parsedRequests.last?["token"] == "B")
        #expect(await client.token == "C")   // adopted from an error answer too
        await client.perform(.press(button: [0]))
        #expect(transport.parsedRequests.last?["token"] == "C")
        #expect(transport.parsedRequests.first?["token"] == nil)   // setConnection never carries one
    }

    @Test(arguments: [
        (#"{"rc":"Failed to update customer entry","components":[]}"#, "Failed to update customer entry", true),
        (#"{"rc":7,"components":[]}"#, "The request could not be completed (code 7).", true),
        (#"{"rc":7,"components":[{"type":"label","text":"Fix the form"}]}"#, "The request could not be completed (code 7).", false),
    ])
    func returnCodeBecomesAnAlert(answer: String, message: String, keepsScreen: Bool) async throws {
        let transport = ScriptedTransport { request in
            request["method"] == "setConnection"
                ? json(#"{"rc":0,"version":1,"token":"T","components":[{"type":"button","text":"Update","method":{"function":"update"}}]}"#)
                : json(answer)
        }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.perform(.press(button: [0]))
        let state = await client.state
        #expect(state.alerts.map(\.message) == [message])
        #expect(state.isLoading == false)
        #expect(state.labelTexts == (keepsScreen ? [] : ["Fix the form"]))
        #expect((state.component(at: [0])?.type == "button") == keepsScreen)
    }

    @Test func anAnswerWithoutRcIsAProtocolErrorWithItsPath() async throws {
        let transport = ScriptedTransport { _ in json(#"{"components":[{"type":"label","text":"hi"}]}"#) }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        let alert = try #require(await client.state.alerts.first)
        #expect(alert.kind == .protocolError)
        #expect(alert.message.contains(#"$: response requires "rc""#), "\(alert.message)")
        #expect(await client.state.packet == nil)
    }

    @Test func aNewVersionPurgesEveryCacheBeforeTheAnswerIsUsed() async throws {
        let folder = try TemporaryDirectory("xpedite-client-tests")
        let directory = folder.url
        let version = Mutex(1)
        let images = TestImageLoader(sizes: ["https://img/logo.png": (400, 100)])
        let server = ScriptedTransport { request in
            let current = version.withLock { $0 }
            switch request["method"]?.stringValue {
            case "setConnection":
                return json(#"""
                    {"rc":0,"version":\#(current),"token":"T","id":"home","disposition":"permanent",
                     "images":[{"id":"logo","url":"https://img/logo.png","load":"critical"}],
                     "components":[{"type":"navigation","id":"main","implementation":{"style":"slidefrom","position":"left"},
                                    "components":[{"type":"menuEntry","text":"Home","method":{"function":"home"}}]},
                                   {"type":"image","id":"logo","size":{"width":200}},
                                   {"type":"button","text":"Other","method":{"function":"other"}}]}
                    """#)
            default:
                return json(#"{"rc":0,"version":\#(current),"components":[{"type":"navigation","id":"main"},{"type":"label","text":"other"},{"type":"button","text":"Other","method":{"function":"other"}}]}"#)
            }
        }
        let transport = SwitchTransport(server)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration(cache: directory, images: images))
        await client.connect()
        #expect(images.loaded == ["https://img/logo.png"])
        // The critical image was in before delivery: height from the aspect ratio.
        #expect(await client.state.frames?.node(at: [1])?.frame.height == 50)
        await client.perform(.press(button: [2]))
        #expect(await client.state.component(at: [0])?.type == "navigation")   // the stub, expanded from the cache

        version.withLock { $0 = 2 }
        await client.perform(.press(button: [2]))   // version 2 arrives with a navigation stub
        let purged = await client.state
        #expect(purged.labelTexts == ["other"])
        #expect(purged.component(at: [0])?.type == "label")   // the navigation cache was purged first
        #expect(purged.diagnostics.contains { $0.contains("navigation 'main'") })

        transport.setDown(true)
        await client.connect()   // the permanent page of version 1 is gone
        #expect(await client.state.alerts.map(\.kind) == [.connection])
        #expect(await client.state.isOffline == false)

        transport.setDown(false)
        await client.connect()
        #expect(images.loaded == ["https://img/logo.png", "https://img/logo.png"])   // the image cache was purged
    }

    @Test func anAnswerToASupersededTapIsDiscarded() async throws {
        let gate = Gate()
        let transport = ScriptedTransport { request in
            switch request["method"]?.stringValue {
            case "setConnection":
                return json(#"{"rc":0,"version":1,"token":"T","components":[{"type":"button","text":"Slow","method":{"function":"slow"}},{"type":"button","text":"Fast","method":{"function":"fast"}}]}"#)
            case "slow":
                await gate.wait()
                return json(#"{"rc":0,"components":[{"type":"label","text":"slow"}]}"#)
            default:
                return json(#"{"rc":0,"components":[{"type":"label","text":"fast"}]}"#)
            }
        }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        let slow = Task { await client.perform(.press(button: [0])) }
        while transport.requests.count < 2 { await Task.yield() }
        await client.perform(.press(button: [1]))
        await gate.open()
        await slow.value
        #expect(await client.state.labelTexts == ["fast"])
    }

    @Test func aBrokenComponentIsDroppedAndReportedAndTheRestShows() async throws {
        let transport = ScriptedTransport { _ in
            json(##"{"rc":0,"version":1,"token":"T","components":[{"type":"label","text":"before"},{"type":"label","colour":"#FF0000"},{"type":"label","text":"after","color":"not a colour"}]}"##)
        }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        let state = await client.state
        #expect(state.labelTexts == ["before", "after"])
        #expect(state.droppedComponents.map(\.description) == ["$.components[1]"])
        #expect(state.issues.contains { $0.path.description == "$.components[1]" && $0.severity == .error }, "\(state.issues)")
        #expect(state.frames?.components.count == 2)
    }
}

/// Holds callers until opened.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

extension ConversationTests {
    @Test func newBoundsLayTheScreenOutAgainWithoutTellingTheServer() async throws {
        let transport = ScriptedTransport { _ in
            json(#"{"rc":"Heads up","version":1,"token":"T","components":[{"type":"label","text":"Hi","size":{"width%":50}}]}"#)
        }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        #expect(await client.state.frames?.node(at: [0])?.frame.width == 196.5)
        #expect(await client.state.alerts.map(\.message) == ["Heads up"])
        await client.setBounds(Bounds(width: 852, height: 393))
        #expect(await client.state.frames?.node(at: [0])?.frame.width == 426)
        await client.perform(.dismissAlerts)
        #expect(await client.state.alerts.isEmpty)
        #expect(transport.requests.count == 1)
    }
}
