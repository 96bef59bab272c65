import Foundation
import NIOHTTP1
import Testing
import XpediteProtocol

/// `xpedite device` against `xpedite notify serve`, both child processes: the phone of the
/// notification half in a terminal.
@Suite(.serialized) struct DeviceCommandTests {
    typealias Server = NotifyServerReliabilityTests.ServerProcess
    static let key = NotifyServerReliabilityTests.apiKey

    /// A served notifier with user `joe` (password `pw`), and a device data directory.
    static func withServer(_ body: (Server, URL) async throws -> Void) async throws {
        try await withFirstServer { server, folder, _ in try await body(server, folder) }
    }

    /// A fresh folder and a served notifier on its `data` directory with user `joe`, for the tests
    /// that stop this server and start another on the same data (in `body`). The folder is removed
    /// afterwards.
    static func withFirstServer(_ body: (Server, URL, URL) async throws -> Void) async throws {
        let directory = try TemporaryDirectory("device-cli")
        let folder = directory.url
        let data = folder.appendingPathComponent("data")
        try await Server.with(dataDirectory: data) { server in
            #expect(try await call(.PUT, server, "/users/joe", ["password": "pw"]).status == 200)
            try await body(server, folder, data)
        }
    }

    /// Starts a server again on `data`, flushes the device's outbox into it (one response sent),
    /// checks the outbox is then empty, and returns the responses stored on `topic`.
    static func flushIntoRestartedServer(data: URL, folder: URL, topic: String) async throws -> [JSONValue] {
        try await Server.with(dataDirectory: data) { second in
            let flushed = try await device(second, folder, ["flush"])
            #expect(flushed.status == 0, "\(flushed.stderr)")
            #expect(flushed.stdout.contains("sent 1, refused 0, still queued 0"), "\(flushed.stdout)")
            let stored = try await call(.GET, second, "/responses?topic=\(topic)").json["responses"]?.arrayValue ?? []
            #expect(try await device(second, folder, ["outbox"]).stdout.contains("the outbox is empty"))
            return stored
        }
    }

    static func call(_ method: HTTPMethod, _ server: Server, _ path: String, _ body: JSONValue? = nil) async throws
        -> (status: UInt, json: JSONValue) {
        try await NotifyServerReliabilityTests.request(method, server.base + path, key, body)
    }

    static func send(_ server: Server, _ payload: JSONValue = NotifyServerCommandTests.colour) async throws -> String {
        let sent = try await call(.POST, server, "/send", ["title": "Colour", "body": "Pick one", "payload": payload,
                                                           "to": ["users": ["joe"]]])
        return try #require(sent.json["messageId"]?.stringValue)
    }

    /// Runs `xpedite device --server … --user joe --password pw --data-dir … ARGS`.
    static func device(_ server: Server, _ folder: URL, _ arguments: [String]) async throws -> CommandResult {
        try await XpediteBinary.run(["device", "--server", "http://127.0.0.1:\(server.port)", "--user", "joe", "--password", "pw",
                                     "--data-dir", folder.appendingPathComponent("phone").path] + arguments)
    }

    @Test func inboxShowAndAnswerTheColourPayload() async throws {
        try await Self.withServer { server, folder in
            let messageId = try await Self.send(server)
            let inbox = try await Self.device(server, folder, ["inbox"])
            #expect(inbox.status == 0, "\(inbox.stderr)")
            #expect(inbox.stdout.contains(messageId) && inbox.stdout.contains("Colour: Pick one"))

            let show = try await Self.device(server, folder, ["show", messageId])
            #expect(show.status == 0, "\(show.stderr)")
            #expect(show.stdout.contains(#"1.  simpleDropList  droplist  "Pick your favorite color"  default "Blue"  choices: Red, Green, Blue"#),
                    "\(show.stdout)")
            #expect(show.stdout.contains("submit: the automatic Submit"))
            let shown = try JSONValue(parsing: try await Self.device(server, folder, ["--json", "show", messageId]).stdout)
            #expect(shown["payload"] == NotifyServerCommandTests.colour)

            let wrong = try await Self.device(server, folder, ["answer", messageId, "--value", "simpleDropList=Purple"])
            #expect(wrong.status == 1)
            #expect(wrong.stderr.contains(#"$.values.simpleDropList: expected one of "Red", "Green", "Blue", got "Purple""#), "\(wrong.stderr)")
            let unknown = try await Self.device(server, folder, ["answer", messageId, "--value", "colour=Red"])
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains(#"$.values.colour: no input field has the id "colour""#), "\(unknown.stderr)")
            let button = try await Self.device(server, folder, ["answer", messageId, "--submit", "3"])
            #expect(button.status == 1)
            #expect(button.stderr.contains("$.submitValue"), "\(button.stderr)")

            let answer = try await Self.device(server, folder, ["--json", "answer", messageId, "--value", "simpleDropList=Green"])
            #expect(answer.status == 0, "\(answer.stderr)")
            let published = try JSONValue(parsing: answer.stdout)
            #expect(published["values"] == ["simpleDropList": "Green"])
            #expect(published["username"] == "joe" && published["deviceName"] == "xpedite device")
            let stored = try await Self.call(.GET, server, "/responses?topic=/a/b/c").json["responses"]?.arrayValue
            #expect(stored == [published])

            let again = try await Self.device(server, folder, ["answer", messageId])
            #expect(again.status == 1)
            #expect(again.stderr.contains("409 already_answered"), "\(again.stderr)")
            #expect(try await Self.device(server, folder, ["inbox"]).stdout.contains("no unanswered messages"))
        }
    }

    @Test func anAnswerWhileTheServerIsDownIsQueuedAndFlushedOnce() async throws {
        try await Self.withFirstServer { first, folder, data in
            let messageId = try await Self.send(first)
            #expect(try await Self.device(first, folder, ["inbox"]).status == 0)
            await first.stop()

            let queued = try await Self.device(first, folder, ["answer", messageId, "--value", "simpleDropList=Red"])
            #expect(queued.status == 0, "\(queued.stderr)")
            #expect(queued.stdout.contains("queued; sent with `xpedite device flush`"), "\(queued.stdout)")
            let outbox = try await Self.device(first, folder, ["--json", "outbox"])
            let entries = try #require(try JSONValue(parsing: outbox.stdout)["outbox"]?.arrayValue)
            #expect(entries.count == 1)
            let responseId = try #require(entries.first?["responseId"]?.stringValue)
            #expect(entries.first?["lastError"]?["code"] == "unreachable")
            let listed = try await Self.device(first, folder, ["outbox"]).stdout
            #expect(listed.hasPrefix("\(responseId)  message \(messageId)  queued 20"), "\(listed)")
            #expect(listed.contains("  1 attempt  unreachable: "), "\(listed)")
            let unreachable = try await Self.device(first, folder, ["flush"])
            #expect(unreachable.status == 2)

            let stored = try await Self.flushIntoRestartedServer(data: data, folder: folder, topic: "/a/b/c")
            #expect(stored.map { $0["responseId"] } == [.string(responseId)])
            #expect(stored.first?["values"] == ["simpleDropList": "Red"])
        }
    }

    @Test func photosAnsweredWhileTheServerIsDownAreQueuedWithTheirResponsesAndOneIsDiscarded() async throws {
        try await Self.withFirstServer { first, folder, data in
            let payload: JSONValue = ["responseTopic": "/photos", "fields": [["id": "site", "type": "camera"]]]
            let sentOn = try await Self.send(first, payload)
            let discardedOn = try await Self.send(first, payload)
            #expect(try await Self.device(first, folder, ["inbox"]).status == 0)
            await first.stop()

            let photo = folder.appendingPathComponent("site.jpg")
            try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 60)).write(to: photo)
            let queued = try await Self.device(first, folder, ["answer", sentOn, "--photo", photo.path])
            #expect(queued.status == 0, "\(queued.stderr)")
            #expect(queued.stdout.contains("with 1 photo to upload (64 bytes) queued; sent with `xpedite device flush`"), "\(queued.stdout)")
            let other = try await Self.device(first, folder, ["--json", "answer", discardedOn, "--photo", photo.path])
            #expect(other.status == 0, "\(other.stderr)")
            let otherEntry = try JSONValue(parsing: other.stdout)
            let discardedId = try #require(otherEntry["responseId"]?.stringValue)
            #expect(otherEntry["media"]?.arrayValue?.map { $0["size"] } == [64])
            #expect(otherEntry["values"]?["site"]?.stringValue?.hasPrefix("pending:image/") == true)
            let listed = try await Self.device(first, folder, ["outbox"]).stdout
            #expect(listed.components(separatedBy: "  1 photo to upload (64 bytes)  unreachable: ").count == 3, "\(listed)")

            let discarded = try await Self.device(first, folder, ["discard", discardedId])
            #expect(discarded.status == 0, "\(discarded.stderr)")
            #expect(discarded.stdout.contains("discarded response \(discardedId) with 1 photo to upload (64 bytes)"), "\(discarded.stdout)")
            let again = try await Self.device(first, folder, ["discard", discardedId])
            #expect(again.status == 1)
            #expect(again.stderr.contains("no queued response has the id \"\(discardedId)\""), "\(again.stderr)")
            let left = try #require(try JSONValue(parsing: try await Self.device(first, folder, ["--json", "outbox"]).stdout)["outbox"]?.arrayValue)
            #expect(left.map { $0["messageId"] } == [.string(sentOn)])

            let stored = try await Self.flushIntoRestartedServer(data: data, folder: folder, topic: "/photos")
            #expect(stored.map { $0["messageId"] } == [.string(sentOn)])
            #expect(stored.first?["values"]?["site"]?.stringValue?.hasPrefix("rcs/image/") == true)
        }
    }

    @Test func aPhotoGoesToTheCameraFieldAndAStartRequestIsAnswered() async throws {
        try await Self.withServer { server, folder in
            let messageId = try await Self.send(server, ["responseTopic": "/photos", "fields": [
                ["id": "note", "type": "inputString", "optional": true], ["id": "site", "type": "camera"],
            ]])
            let photo = folder.appendingPathComponent("site.jpg")
            try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 60)).write(to: photo)
            let answer = try await Self.device(server, folder, ["--json", "answer", messageId, "--photo", photo.path])
            #expect(answer.status == 0, "\(answer.stderr)")
            let published = try JSONValue(parsing: answer.stdout)
            #expect(published["values"]?["site"]?.stringValue?.hasPrefix("rcs/image/") == true)
            #expect(published["values"]?["note"] == .null)

            #expect(try await Self.call(.PUT, server, "/requests/report", [
                "title": "Report", "body": "Damage", "responseTopic": "/reports",
                "fields": [["id": "severity", "type": "inputInteger", "minValue": 1, "maxValue": 5],
                           ["type": "footerButton", "buttonLabel": "Send", "value": 7]],
            ]).status == 200)
            let requests = try await Self.device(server, folder, ["requests"])
            #expect(requests.stdout.contains("report  Report: Damage  (/reports)"), "\(requests.stdout)")
            let outOfRange = try await Self.device(server, folder, ["start", "report", "--value", "severity=9", "--submit", "7"])
            #expect(outOfRange.status == 1)
            #expect(outOfRange.stderr.contains("$.values.severity: expected a number from 1 to 5, got 9"), "\(outOfRange.stderr)")
            let started = try await Self.device(server, folder, ["--json", "start", "report", "--value", "severity=3", "--submit", "7"])
            #expect(started.status == 0, "\(started.stderr)")
            #expect(try JSONValue(parsing: started.stdout)["submitValue"] == 7)
        }
    }

    @Test(arguments: [
        (["device", "--server", "ftp://x", "inbox"], Int32(64)),
        (["device", "--server", "http://127.0.0.1:1", "answer", "m", "--value", "novalue"], Int32(64)),
        (["device", "--server", "http://127.0.0.1:1", "--user", "joe", "--password", "pw", "inbox"], Int32(2)),
    ])
    func badInvocationsExitNonZero(arguments: [String], status: Int32) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("device-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }    // nothing may have been created
        let result = try await XpediteBinary.run(Array(arguments.prefix(1)) + ["--data-dir", folder.path] + arguments.dropFirst())
        #expect(result.status == status, "\(result.stderr)")
    }
}
