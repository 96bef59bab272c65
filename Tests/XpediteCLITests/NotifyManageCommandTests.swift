import Foundation
import NIOHTTP1
import Testing
import XpediteProtocol

/// `xpedite notify payloads|requests|groups|users` and `xpedite notify responses` against
/// `xpedite notify serve`, both child processes.
@Suite(.serialized) struct NotifyManageCommandTests {
    typealias Server = NotifyServerReliabilityTests.ServerProcess
    static let key = NotifyServerReliabilityTests.apiKey

    /// `xpedite notify <arguments> --server … --api-key …`.
    static func run(_ server: Server, _ arguments: [String]) async throws -> CommandResult {
        try await XpediteBinary.run(["notify"] + arguments + ["--server", "http://127.0.0.1:\(server.port)", "--api-key", key])
    }

    @Test func payloadsGroupsAndUsersAreListedShownPutAndDeleted() async throws {
        try await NotifyServerCommandTests.withServer { server, folder in
            let user = folder.appendingPathComponent("joe.json")
            try Data(#"{"password": "pw", "groups": ["field"]}"#.utf8).write(to: user)
            let put = try await Self.run(server, ["users", "put", "joe@example.com", user.path])
            #expect(put.status == 0, "\(put.stderr)")
            #expect(try JSONValue(parsing: put.stdout)["groups"] == ["field"])

            let groups = try await Self.run(server, ["groups", "list"])
            #expect(groups.status == 0, "\(groups.stderr)")
            #expect(try JSONValue(parsing: groups.stdout) == ["groups": [["name": "field", "members": ["joe@example.com"]]]])
            let group = try await Self.run(server, ["groups", "show", "field"])
            #expect(try JSONValue(parsing: group.stdout) == ["name": "field", "members": ["joe@example.com"]])
            let deleted = try await Self.run(server, ["groups", "delete", "field"])
            #expect(deleted.status == 0, "\(deleted.stderr)")
            #expect(deleted.stdout.isEmpty)
            let gone = try await Self.run(server, ["groups", "show", "field"])
            #expect(gone.status == 1)
            #expect(gone.stderr.contains("404") && gone.stderr.contains("not_found"))
            let users = try await Self.run(server, ["users", "list"])
            #expect(try JSONValue(parsing: users.stdout)["users"]?.arrayValue?.count == 1)
            let devices = try await Self.run(server, ["users", "show", "joe@example.com"])
            #expect(try JSONValue(parsing: devices.stdout) == ["devices": []])

            let payload = folder.appendingPathComponent("colour.json")
            try CanonicalJSON.data(NotifyServerCommandTests.colour).write(to: payload)
            #expect(try await Self.run(server, ["payloads", "put", "colour", payload.path]).status == 0)
            #expect(try JSONValue(parsing: try await Self.run(server, ["payloads", "list"]).stdout) == ["payloads": [["name": "colour"]]])
            let shown = try await Self.run(server, ["payloads", "show", "colour"])
            #expect(try JSONValue(parsing: shown.stdout)["payload"]?["responseTopic"] == "/a/b/c")
            let bad = folder.appendingPathComponent("bad.json")
            try Data(#"{"responseTopic": "nope", "fields": []}"#.utf8).write(to: bad)
            let refused = try await Self.run(server, ["payloads", "put", "bad", bad.path])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("422") && refused.stderr.contains("$.payload.responseTopic"))
            #expect(try await Self.run(server, ["payloads", "delete", "colour"]).status == 0)
            #expect(try await Self.run(server, ["payloads", "delete", "colour"]).status == 1)

            let request = folder.appendingPathComponent("survey.json")
            try Data(#"{"title": "S", "body": "B", "responseTopic": "/s", "fields": [{"id": "n", "type": "inputString"}]}"#.utf8)
                .write(to: request)
            #expect(try await Self.run(server, ["requests", "put", "survey", request.path]).status == 0)
            let requests = try JSONValue(parsing: try await Self.run(server, ["requests", "list"]).stdout)
            #expect(requests["requests"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["survey"])

            let wrongKey = try await XpediteBinary.run(["notify", "groups", "list", "--server", "http://127.0.0.1:\(server.port)",
                                                        "--api-key", "wrong"])
            #expect(wrongKey.status == 1)
            #expect(wrongKey.stderr.contains("401"))
        }
    }

    @Test func responsesAreExportedAsCSVNDJSONAndJSON() async throws {
        try await NotifyServerCommandTests.withServer { server, _ in
            let call = { @Sendable (method: HTTPMethod, url: String, token: String, body: JSONValue?) in
                try await NotifyServerReliabilityTests.request(method, url, token, body)
            }
            #expect(try await call(.PUT, server.base + "/users/joe", Self.key, ["password": "pw"]).status == 200)
            #expect(try await call(.PUT, server.base + "/requests/survey", Self.key, [
                "title": "S", "body": "B", "responseTopic": "/s", "fields": [["id": "n", "type": "inputString"]],
            ]).status == 200)
            let login = try await call(.POST, server.base + "/device/login", "", [
                "username": "joe", "password": "pw", "deviceId": "d", "deviceName": "Phone", "platform": "web",
            ])
            let token = try #require(login.json["deviceToken"]?.stringValue)
            for index in 0..<3 {
                let answer = try await call(.POST, server.base + "/device/responses", token, [
                    "responseId": .string("r\(index)"), "request": "survey", "submitValue": 0, "values": ["n": .string("=\(index)")],
                ])
                #expect(answer.status == 201)
            }
            let csv = try await Self.run(server, ["responses", "--topic", "/s", "--format", "csv", "--progress"])
            #expect(csv.status == 0, "\(csv.stderr)")
            let lines = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.first == "responseId,messageId,request,username,deviceId,submitValue,receivedAt,n")
            #expect(lines.count == 4)
            #expect(lines.last?.hasPrefix("r2,,survey,joe,d,0,") == true)
            #expect(lines.last?.hasSuffix(",'=2") == true)
            #expect(csv.stderr.hasSuffix("3 rows\n"))

            let ndjson = try await Self.run(server, ["responses", "--topic", "/s", "--format", "ndjson", "--user", "joe"])
            let objects = try ndjson.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
            #expect(objects.compactMap { $0["responseId"]?.stringValue } == ["r0", "r1", "r2"])
            #expect(ndjson.stderr.isEmpty)

            let json = try await Self.run(server, ["responses", "--topic", "/s", "--format", "json", "--user", "nobody"])
            #expect(json.status == 0, "\(json.stderr)")
            #expect(try JSONValue(parsing: json.stdout) == [])

            let bad = try await Self.run(server, ["responses", "--topic", "/s", "--since", "yesterday"])
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("422") && bad.stderr.contains("$.since"))
        }
    }
}
