import Foundation
import Synchronization
import Testing
import XpediteClient
import XpediteProtocol
@testable import XpediteSimulator
import XpediteTestFixtures

/// A scripted server that remembers every request body.
final class RecordingServer: Sendable {
    let requests = Mutex<[String]>([])
    let answer: String

    init(answer: String) {
        self.answer = answer
    }

    var transport: InProcessTransport {
        InProcessTransport { body in
            self.requests.withLock { $0.append(String(decoding: body, as: UTF8.self)) }
            return Data(self.answer.utf8)
        }
    }

    var methods: [String] {
        requests.withLock { $0 }.compactMap { try? JSONValue(parsing: $0).objectValue?["method"]?.stringValue }
    }
}

/// Reads the session's messages until one satisfies `condition`.
func message(from iterator: inout AsyncStream<String>.Iterator, where condition: ([String: Any]) -> Bool) async -> [String: Any]? {
    while let text = await iterator.next() {
        if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], condition(object) {
            return object
        }
    }
    return nil
}

@Suite("Phone session")
final class PhoneSessionTests {
    let home = #"{"rc":0,"id":"home","disposition":"permanent","title":"Home","components":[{"type":"label","text":"Hi"}]}"#
    /// The phones' data of one test (each test has its own instance), removed after it.
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("phone")
    }

    func makeSession(_ server: RecordingServer) throws -> PhoneSession {
        try PhoneSession(configuration: SimulatorConfiguration(makeTransport: { server.transport },
                                                               dataDirectory: directory.appendingPathComponent(UUID().uuidString)),
                         tab: "t1", bounds: Bounds(width: 393, height: 852))
    }

    @Test func connectsAndSendsTheRenderedScreenAndThePackets() async throws {
        let server = RecordingServer(answer: home)
        let session = try makeSession(server)
        var messages = session.outgoing.makeAsyncIterator()
        await session.start()
        // The packet log and the screen arrive in either order.
        var screen: [String: Any]?
        var packets: [String: Any]?
        while screen == nil || packets == nil {
            guard let next = await message(from: &messages, where: { _ in true }) else { break }
            if next["kind"] as? String == "screen", next["loading"] as? Bool == false { screen = next }
            if next["kind"] as? String == "packets" { packets = next }
        }
        #expect((screen?["html"] as? String)?.contains(">Hi</div>") == true)
        #expect(screen?["title"] as? String == "Home")
        #expect((packets?["html"] as? String)?.contains(">setConnection</span>") == true)
        #expect(server.methods == ["setConnection"])
        await session.stop()
    }

    @Test func aDeviceChangeSendsAFreshSetConnectionWithTheNewBounds() async throws {
        let server = RecordingServer(answer: home)
        let session = try makeSession(server)
        await session.start()
        await session.handle(BrowserMessage(action: "device", width: 375, height: 667))
        let requests = server.requests.withLock { $0 }
        #expect(server.methods == ["setConnection", "setConnection"])
        let bounds = try JSONValue(parsing: requests[1]).objectValue?["bounds"]?.stringValue
        #expect(bounds.flatMap(Bounds.init(parsing:)) == Bounds(width: 375, height: 667))
        await session.stop()
    }

    @Test func offlineServesTheCachedPageWithoutReachingTheServer() async throws {
        let server = RecordingServer(answer: home)
        let session = try makeSession(server)
        var messages = session.outgoing.makeAsyncIterator()
        await session.start()
        await session.handle(BrowserMessage(action: "offline", offline: true))
        await session.handle(BrowserMessage(action: "reconnect"))
        let offline = await message(from: &messages) { $0["kind"] as? String == "screen" && $0["offline"] as? Bool == true }
        #expect((offline?["html"] as? String)?.contains("x-offline-badge") == true)
        #expect(server.methods == ["setConnection"])
        await session.handle(BrowserMessage(action: "offline", offline: false))
        await session.handle(BrowserMessage(action: "resend", number: 1))
        #expect(server.methods == ["setConnection", "setConnection"])
        await session.stop()
    }

    @Test func clearingTheCachesLeavesNothingToServeOffline() async throws {
        let server = RecordingServer(answer: home)
        let session = try makeSession(server)
        var messages = session.outgoing.makeAsyncIterator()
        await session.start()
        await session.handle(BrowserMessage(action: "offline", offline: true))
        await session.handle(BrowserMessage(action: "clearCaches"))
        let alert = await message(from: &messages) {
            ($0["html"] as? String)?.contains("data-kind=\"connection\"") == true
        }
        #expect(alert?["offline"] as? Bool == false)
        await session.stop()
    }
}

extension BrowserMessage {
    init(action: String, number: Int? = nil, width: Double? = nil, height: Double? = nil, offline: Bool? = nil) {
        self.init(action: action, path: nil, row: nil, entry: nil, number: number, kind: nil, text: nil, checked: nil,
                  options: nil, width: width, height: height, offline: offline)
    }
}
