import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteTestFixtures

/// `GET /responses` as CSV and NDJSON (docs/notify-api.md#exporting-responses): columns, cells,
/// escaping, filters and a streamed body.
@Suite struct NotifyResponseExportTests {
    /// A payload with a note before the colour, so that the union of columns has an order to keep.
    static let notePayload: JSONValue = [
        "responseTopic": "/a/b/c",
        "fields": [["id": "note", "type": "inputString"],
                   ["id": "simpleDropList", "type": "droplist", "values": ["Red", "Green", "Blue"]]],
    ]

    /// joe and ann answer message A (the named payload `colour`) and message B (``notePayload``),
    /// a minute apart from 2025-04-13T08:01:00Z; returns the two message ids.
    static func answered(_ api: APIClient, clock: TestClock) async throws -> (a: String, b: String) {
        try await api.user("joe")
        try await api.user("ann")
        let joe = try await api.login("joe")
        let ann = try await api.login("ann")
        #expect(try await api.call(.put, "/payloads/colour", body: ["payload": SamplePayloads.colour]).status == .ok)
        let a = try await api.send(["responseTopic": "/a/b/c", "payloadName": "colour"], to: ["joe", "ann"])
        let b = try await api.send(notePayload, to: ["joe", "ann"])
        let answers: [(String, String, String, JSONValue)] = [
            (a, joe, "r1", ["simpleDropList": "Green"]),
            (a, ann, "r2", ["simpleDropList": "Red"]),
            (b, joe, "r3", ["note": "=SUM(A1)", "simpleDropList": "Blue"]),
            (b, ann, "@r4", ["note": "He said \"hi\", then\nleft", "simpleDropList": "Green"]),
        ]
        for (message, token, responseId, values) in answers {
            clock.advance(by: 60)
            let answer = try await api.answer(message, token: token, responseId: responseId, values: values)
            guard answer.status == .created else { throw TestFailure("answer \(responseId): \(answer.status) \(answer.json)") }
        }
        return (a, b)
    }

    /// A GET with an `Accept` header: status, headers and the body as text.
    static func export(_ client: some TestClientProtocol, _ query: String, accept: String = "text/csv",
                       token: String? = NotifyHarness.apiKey) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, text: String) {
        var fields: HTTPFields = [.accept: accept]
        if let token { fields[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: "/notify/v1/responses?" + query, method: .get, headers: fields, body: nil) { response in
            (response.status, response.headers, String(decoding: response.body.readableBytesView, as: UTF8.self))
        }
    }

    static let header = "responseId,messageId,request,username,deviceId,submitValue,receivedAt"

    @Test(arguments: StoreKind.tested)
    func csvHasOneColumnPerFieldOfEveryPayloadAndEscapesCells(_ store: StoreKind) async throws {
        let clock = TestClock()
        try await store.withHarness(configure: { $0.now = clock.function }) { harness in
            try await harness.application().test(.router) { client in
                let (a, b) = try await Self.answered(APIClient(client: client), clock: clock)
                let answer = try await Self.export(client, "topic=/a/b/c")
                #expect(answer.status == .ok)
                #expect(answer.headers[.contentType] == "text/csv; charset=utf-8")
                #expect(answer.text == [
                    Self.header + ",simpleDropList,note",
                    "r1,\(a),,joe,device-of-joe,0,2025-04-13T08:01:00Z,Green,",
                    "r2,\(a),,ann,device-of-ann,0,2025-04-13T08:02:00Z,Red,",
                    "r3,\(b),,joe,device-of-joe,0,2025-04-13T08:03:00Z,Blue,'=SUM(A1)",
                    "'@r4,\(b),,ann,device-of-ann,0,2025-04-13T08:04:00Z,Green,\"He said \"\"hi\"\", then\nleft\"",
                ].map { $0 + "\r\n" }.joined())
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func filtersChooseTheRowsAndTheColumns(_ store: StoreKind) async throws {
        let clock = TestClock()
        try await store.withHarness(configure: { $0.now = clock.function }) { harness in
            try await harness.application().test(.router) { client in
                let (a, _) = try await Self.answered(APIClient(client: client), clock: clock)
                func rows(_ query: String) async throws -> [String] {
                    let answer = try await Self.export(client, "topic=/a/b/c&" + query)
                    #expect(answer.status == .ok, "\(query): \(answer.text)")
                    // The first cell of each line after the header (no cell in these rows holds a line break but r4's note).
                    return answer.text.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
                        .map { String($0.prefix { $0 != "," }) }
                }
                #expect(try await rows("username=ann") == ["r2", "'@r4"])
                #expect(try await rows("messageId=\(a)") == ["r1", "r2"])
                #expect(try await rows("payloadName=colour") == ["r1", "r2"])
                #expect(try await rows("since=2025-04-13T08:02:00Z&until=2025-04-13T08:04:00Z") == ["r2", "r3"])
                #expect(try await rows("since=2025-04-13T10:02:00%2B02:00&until=2025-04-13T08:03:30.5Z") == ["r2", "r3"])
                #expect(try await rows("since=2025-04-14T00:00:00Z").isEmpty)
                #expect(try await rows("username=nobody").isEmpty)
                // A message's export has only that payload's columns.
                let one = try await Self.export(client, "topic=/a/b/c&messageId=\(a)")
                #expect(one.text.hasPrefix(Self.header + ",simpleDropList\r\n"))
                // The JSON page takes the same filters.
                let page = try await APIClient(client: client).call(.get, "/responses?topic=/a/b/c&username=ann")
                #expect(page.json["responses"]?.arrayValue?.compactMap { $0["responseId"]?.stringValue } == ["r2", "@r4"])
            }
        }
    }

    @Test func badFiltersAreRefusedWithTheirPath() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let bad = try await Self.export(client, "topic=/a/b/c&since=yesterday&until=2025-13-01")
            #expect(bad.status == .unprocessableContent)
            let json = try JSONValue(parsing: bad.text)
            #expect(json["error"]?["issues"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["$.since", "$.until"])
            // An unknown payload name is no error: no message was sent by it (decision 0510).
            #expect(try await Self.export(client, "topic=/a/b/c&payloadName=nope").status == .ok)
            #expect(try await Self.export(client, "topic=nope").status == .badRequest)
            #expect(try await Self.export(client, "").status == .badRequest)
        }
    }

    @Test func exportsTakeOnlyTheAPIKey() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let device = try await api.login("joe")
            for accept in ["text/csv", "application/x-ndjson"] {
                #expect(try await Self.export(client, "topic=/a/b/c", accept: accept, token: nil).status == .unauthorized)
                #expect(try await Self.export(client, "topic=/a/b/c", accept: accept, token: device).status == .unauthorized)
                #expect(try await Self.export(client, "topic=/a/b/c", accept: accept).status == .ok)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func ndjsonIsOneResponseObjectPerLine(_ store: StoreKind) async throws {
        let clock = TestClock()
        try await store.withHarness(configure: { $0.now = clock.function }) { harness in
            try await harness.application().test(.router) { client in
                _ = try await Self.answered(APIClient(client: client), clock: clock)
                let answer = try await Self.export(client, "topic=/a/b/c", accept: "application/x-ndjson")
                #expect(answer.status == .ok)
                #expect(answer.headers[.contentType] == "application/x-ndjson")
                #expect(answer.text.hasSuffix("\n"))
                let lines = answer.text.split(separator: "\n")
                let objects = try lines.map { try JSONValue(parsing: String($0)) }
                #expect(objects.compactMap { $0["responseId"]?.stringValue } == ["r1", "r2", "r3", "@r4"])
                #expect(objects.last?["values"]?["note"] == "He said \"hi\", then\nleft")
                #expect(objects.allSatisfy { $0["responseTopic"] == "/a/b/c" && $0["receivedAt"]?.stringValue != nil })
            }
        }
    }

    @Test func aLargeExportIsStreamedInSeveralChunks() async throws {
        let harness = try NotifyHarness()
        let store = harness.notifier.store
        let now = Date(timeIntervalSince1970: 1_744_531_200)
        for index in 0..<2000 {
            let json = #"{"receivedAt":"2025-04-13T08:00:00Z","request":"survey","responseId":"s\#(index)","responseTopic":"/big","submitValue":0,"username":"joe","values":{}}"#
            let response = StoredResponse(cursor: 0, responseId: "s\(index)", username: "joe", messageId: nil, request: "survey",
                                          topic: "/big", json: Data(json.utf8))
            _ = try await store.recordResponse(response, answeredAt: now, now: now)
        }
        try await harness.application().test(.live) { client in
            let port = try #require(client.port)
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/notify/v1/responses?topic=/big")
            request.headers.add(name: "Authorization", value: "Bearer \(NotifyHarness.apiKey)")
            request.headers.add(name: "Accept", value: "text/csv")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            #expect(response.status == .ok)
            #expect(response.headers["Content-Length"].isEmpty)
            var chunks = 0
            var text = ""
            for try await chunk in response.body {
                chunks += 1
                text += String(decoding: chunk.readableBytesView, as: UTF8.self)
            }
            #expect(chunks > 1)
            let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.count == 2001)
            #expect(lines.first == Self.header)
            #expect(lines.last?.hasPrefix("s1999,,survey,joe,,0,2025-04-13T08:00:00Z") == true)
        }
    }

    @Test(arguments: [
        ("=1+2", "'=1+2"), ("+33 6 12", "'+33 6 12"), ("-5", "'-5"), ("@SUM", "'@SUM"), ("a,b", "\"a,b\""),
        ("say \"x\"", "\"say \"\"x\"\"\""), ("two\nlines", "\"two\nlines\""), ("cr\rhere", "\"cr\rhere\""),
        ("=a,b", "\"'=a,b\""), ("plain", "plain"), ("", ""),
    ])
    func cellsAreSafeFromFormulasAndQuoted(cell: String, escaped: String) {
        #expect(ResponseCSV.escape(cell) == escaped)
    }

    @Test(arguments: [
        (JSONValue.string("x"), "x"), (.number(3), "3"), (.number(2.5), "2.5"), (.bool(true), "true"), (.null, ""),
        (JSONValue.array(["Red", "Blue"]), "Red; Blue"), (JSONValue.object(["latitude": 48.85, "longitude": 2.35]), "48.85,2.35"),
        (JSONValue.object(["type": "Point", "coordinates": [2.35, 48.85]]), "48.85,2.35"),
        (JSONValue.string("rcs/image/a.jpg"), "rcs/image/a.jpg"), (JSONValue.object(["a": 1]), #"{"a":1}"#),
    ])
    func valuesBecomeCells(value: JSONValue, cell: String) {
        #expect(ResponseCSV.cell(value) == cell)
    }
}
