import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteNotify
import XpediteProtocol
import XpediteNotifyTestSupport

/// The rules of payload fields on the server (docs/notify.md#rules, docs/notify-api.md): a payload
/// whose expressions cannot work is refused at send time and on `PUT /payloads` and
/// `PUT /requests`, at the attribute; an answer that breaks a rule is refused at its value, so a
/// backend may rely on an accepted response having passed every rule.
@Suite struct NotifyRulesTests {
    /// The inspection form of docs/notify.md#rules: a photo shown unless the state is OK and
    /// required when Broken, a computed total with a check, a date checked against another.
    static let inspection: JSONValue = ["responseTopic": "/inspections", "fields": [
        ["type": "droplist", "id": "state", "label": "State", "values": ["OK", "Needs service", "Broken"]],
        ["type": "camera", "id": "photo", "optional": true, "showIf": "$state != 'OK'", "requiredIf": "$state == 'Broken'"],
        ["type": "inputInteger", "id": "adults", "minValue": 0, "maxValue": 50],
        ["type": "inputInteger", "id": "children", "minValue": 0, "maxValue": 50, "default": 0],
        ["type": "computed", "id": "total", "expression": "$adults + $children",
         "check": "$total <= 60", "checkMessage": "At most 60 people in all."],
        ["type": "date", "id": "opened", "optional": true],
        ["type": "date", "id": "closed", "optional": true,
         "check": "$closed >= $opened", "checkMessage": "The closing date cannot come before the opening date."],
        ["type": "computed", "id": "perAdult", "expression": "$children / $adults"],
    ]]

    /// The issues of a 422 answer: path and message.
    static func issues(_ json: JSONValue) -> [(path: String, message: String)] {
        (json["error"]?["issues"]?.arrayValue ?? []).map { ($0["path"]?.stringValue ?? "", $0["message"]?.stringValue ?? "") }
    }

    /// The `column` member of each issue of a 422 answer (`nil` where there is none).
    static func columns(_ json: JSONValue) -> [Int?] {
        (json["error"]?["issues"]?.arrayValue ?? []).map { $0["column"]?.intValue }
    }

    /// The column an expression error's message starts with (`column 8: …`).
    static func column(in message: String) -> Int? {
        guard message.hasPrefix("column ") else { return nil }
        return Int(message.dropFirst("column ".count).prefix { $0.isNumber })
    }

    @Test(arguments: [
        // A value for a field whose showIf is false.
        (["state": "OK", "adults": 2, "photo": "rcs/image/fault.jpg"] as JSONValue, "$.values.photo",
         "the field is hidden (its showIf is not true): send no value, got \"rcs/image/fault.jpg\""),
        // A field whose requiredIf is true, left out, and sent as null.
        (["state": "Broken", "adults": 2] as JSONValue, "$.values.photo", "a value is required: the field's requiredIf is true"),
        (["state": "Broken", "adults": 2, "photo": nil] as JSONValue, "$.values.photo", "a value is required: the field's requiredIf is true"),
        // A failed check: the issue's message is the checkMessage, on a computed field and a typed one.
        (["state": "OK", "adults": 50, "children": 20] as JSONValue, "$.values.total", "At most 60 people in all."),
        (["state": "OK", "adults": 2, "opened": "2026-11-02", "closed": "2026-11-01"] as JSONValue, "$.values.closed",
         "The closing date cannot come before the opening date."),
        // A computed value other than the server's.
        (["state": "OK", "adults": 2, "children": 1, "total": 4] as JSONValue, "$.values.total", "expected the computed value 3, got 4"),
        (["state": "OK", "adults": 2, "children": 1, "total": "3"] as JSONValue, "$.values.total", "expected the computed value 3, got \"3\""),
    ])
    func aForgedAnswerIsRefusedAtItsValue(values: JSONValue, path: String, message: String) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let joe = try await api.login("joe")
            let id = try await api.send(Self.inspection, to: ["joe"])
            let answer = try await api.answer(id, token: joe, values: values)
            #expect(answer.status == .unprocessableContent)
            #expect(answer.json["error"]?["code"] == "invalid")
            let issues = Self.issues(answer.json)
            #expect(issues.map(\.path) == [path])
            #expect(issues.first?.message == message)
            // Nothing was stored: the message is still unanswered.
            let inbox = try await api.call(.get, "/device/inbox", token: joe)
            #expect(inbox.json["messages"]?.arrayValue?.count == 1)
        }
    }

    @Test(arguments: StoreKind.tested)
    func anAnswerThatPassesEveryRuleIsStoredWithTheServersValues(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let id = try await api.send(Self.inspection, to: ["joe"])
                // The computed values sent match; the hidden photo is not sent; a division by zero is null.
                let answer = try await api.answer(id, token: joe, values: ["state": "OK", "adults": 0, "children": 3, "total": 3, "perAdult": nil])
                #expect(answer.status == .created)
                #expect(answer.json["values"] == ["state": "OK", "adults": 0, "children": 3, "total": 3, "opened": nil, "closed": nil, "perAdult": nil])
                // Computed values left out are the server's; the photo of a Broken state is required and given.
                let upload = try await api.call(.post, "/device/documents?kind=image", token: joe, raw: ByteBuffer(bytes: SampleDocuments.jpeg))
                let photo = try #require(upload.json["name"])
                let second = try await api.send(Self.inspection, to: ["joe"])
                let broken = try await api.answer(second, token: joe, values: ["state": "Broken", "photo": photo, "adults": 4, "children": 2])
                #expect(broken.status == .created)
                #expect(broken.json["values"]?["total"] == 6)
                #expect(broken.json["values"]?["perAdult"] == 0.5)
                #expect(broken.json["values"]?["photo"] == photo)
            }
        }
    }

    /// A payload whose field 1 carries `attribute`: `expression`, after a droplist, a photo and a number.
    static func payload(_ attribute: String, _ expression: String, type: String = "inputInteger") -> JSONValue {
        var field: [String: JSONValue] = ["type": .string(type), "id": "n", attribute: .string(expression)]
        if type == "computed", attribute != "expression" { field["expression"] = "1" }
        return ["responseTopic": "/rules", "fields": [
            ["type": "camera", "id": "photo", "optional": true],
            .object(JSONObject(field)),
            ["type": "inputInteger", "id": "m", "optional": true, "showIf": "$n > 1"],
        ]]
    }

    @Test(arguments: [
        ("check", "$n > ", "inputInteger", "column 6: expected a value, got the end of the expression"),
        ("showIf", "$cuont > 2", "inputInteger", "column 1: unknown field $cuont"),
        ("requiredIf", "$photo > 3", "inputInteger", "column 8: > cannot take a document and a number"),
        ("check", "$n + 1", "inputInteger", "column 1: expected true or false, got a number"),
        ("showIf", "$n > 0", "inputInteger", "column 1: $n closes a circle"),   // a field shown by its own value
        ("expression", "$n + 1", "computed", "column 1: $n closes a circle"),    // a computed field reading itself
        ("check", String(repeating: "1+", count: 4_999) + "1", "inputInteger", "column 1001: the expression is longer than 1000 characters"),
        ("showIf", String(repeating: "(", count: 1_000) + "true" + String(repeating: ")", count: 1_000), "inputInteger",
         "column 1001: the expression is longer than 1000 characters"),
        ("showIf", String(repeating: "(", count: 100) + "true" + String(repeating: ")", count: 100), "inputInteger",
         "column 33: the expression is nested more than 32 deep"),
    ])
    func aRuleThatCannotWorkIsRefusedAtSendTimeAtItsAttribute(attribute: String, expression: String, type: String, message: String) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let payload = Self.payload(attribute, expression, type: type)
            let sent = try await api.call(.post, "/send", body: ["title": "t", "body": "b", "to": ["users": ["joe"]], "payload": payload])
            #expect(sent.status == .unprocessableContent)
            let issues = Self.issues(sent.json)
            #expect(issues.map(\.path) == ["$.payload.fields[1].\(attribute)"])
            #expect(issues.first?.message.hasPrefix(message) == true, "\(issues.first?.message ?? "no issue")")
            // The column the message says is also the issue's own member (decision 0606).
            let column = try #require(Self.column(in: message))
            #expect(Self.columns(sent.json) == [column])
            // The same on PUT /payloads and PUT /requests, at the attribute under their bodies.
            let stored = try await api.call(.put, "/payloads/rules", body: ["payload": payload])
            #expect(stored.status == .unprocessableContent)
            #expect(Self.issues(stored.json).map(\.path) == ["$.payload.fields[1].\(attribute)"])
            #expect(Self.columns(stored.json) == [column])
            let request = try await api.call(.put, "/requests/rules", body: [
                "title": "Rules", "body": "b", "responseTopic": "/rules", "fields": payload["fields"] ?? [],
            ])
            #expect(request.status == .unprocessableContent)
            #expect(Self.issues(request.json).map(\.path) == ["$.fields[1].\(attribute)"])
            #expect(Self.columns(request.json) == [column])
        }
    }

    @Test func aStartRequestsAnswerPassesTheSameRules() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let joe = try await api.login("joe")
            let put = try await api.call(.put, "/requests/inspect", body: [
                "title": "Inspect", "body": "b", "responseTopic": "/inspections", "fields": Self.inspection["fields"] ?? [],
            ])
            #expect(put.status == .ok)
            let forged = try await api.call(.post, "/device/responses", token: joe, body: [
                "responseId": "r-1", "request": "inspect", "submitValue": 0,
                "values": ["state": "OK", "adults": 2, "total": 5, "photo": "rcs/image/x.jpg"],
            ])
            #expect(forged.status == .unprocessableContent)
            #expect(Self.issues(forged.json).map(\.path) == ["$.values.photo", "$.values.total"])
            // Only an expression's issue has a column: an answer's issues have none.
            #expect(Self.columns(forged.json) == [nil, nil])
            let good = try await api.call(.post, "/device/responses", token: joe, body: [
                "responseId": "r-2", "request": "inspect", "submitValue": 0, "values": ["state": "OK", "adults": 2],
            ])
            #expect(good.status == .created)
            #expect(good.json["values"]?["total"] == 2)
        }
    }
}
