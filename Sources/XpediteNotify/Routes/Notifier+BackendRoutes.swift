import Foundation
import Hummingbird
import XpediteProtocol

extension Notifier {
    /// The routes of docs/notify-api.md, behind an API key.
    func mountBackendRoutes<Routes: RouterMethods>(on api: Routes) {
        let limit = configuration.maximumBodySize

        api.put("users/:username") { request, context in
            await self.answer(request) {
                let username = try Self.parameter("username", context)
                var body = try await BodyReader.read(request, limit: limit)
                let password = body.string("password")
                let displayName = body.string("displayName", required: false, allowEmpty: true)
                let groups = body.strings("groups", required: false)
                if let issue = Self.usernameIssue(username, at: JSONPath.root.appending("username")) { body.add(issue) }
                try body.finish("the user is not valid")
                let user = try await self.putUser(username, password: password ?? "", displayName: displayName, groups: groups)
                return JSONResponse.make(Self.json(user, devices: false))
            }
        }
        api.delete("users/:username") { request, context in
            await self.answer(request) {
                let username = try Self.parameter("username", context)
                guard try await self.deleteUser(username) else { throw NotifyError.notFound("no user \"\(username)\"") }
                return JSONResponse.empty()
            }
        }
        api.getAndHead("users") { request, _ in
            await self.answer(request) {
                let users = try await self.users()
                return JSONResponse.make(.object(["users": .array(users.map { Self.json($0, devices: true) })]))
            }
        }
        api.getAndHead("users/:username/devices") { request, context in
            await self.answer(request) {
                let devices = try await self.devices(of: try Self.parameter("username", context))
                return JSONResponse.make(.object(["devices": .array(devices.map(self.json))]))
            }
        }
        api.put("groups/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                var body = try await BodyReader.read(request, limit: limit)
                let members = body.strings("members")
                try body.finish("the group is not valid")
                let stored = try await self.setGroup(name, members: members ?? [])
                return JSONResponse.make(.object(["name": .string(name), "members": .array(stored.map(JSONValue.string))]))
            }
        }
        api.post("send") { request, _ in
            await self.answer(request) {
                var body = try await BodyReader.read(request, limit: limit)
                let title = body.string("title", allowEmpty: true)
                let text = body.string("body", allowEmpty: true)
                let payload = body.value("payload")
                let direct = body.bool("direct") ?? false
                let recipients = Self.recipients(&body)
                try body.finish("the send request is not valid")
                guard let payload, let recipients else { throw NotifyError.malformed("incomplete send request") }
                let sent = try await self.send(payload: payload, at: JSONPath.root.appending("payload"), title: title ?? "",
                                               body: text ?? "", to: recipients, recipientsPath: JSONPath.root.appending("to"),
                                               direct: direct)
                return JSONResponse.make(.object([
                    "messageId": .string(sent.messageId), "recipients": .array(sent.recipients.map(JSONValue.string)),
                    "deliveries": .number(Double(sent.deliveries)),
                ]), status: .created)
            }
        }
        api.getAndHead("messages/:messageId") { request, context in
            await self.answer(request) {
                let id = try Self.parameter("messageId", context)
                guard let message = try await self.message(id) else { throw NotifyError.notFound("no message \"\(id)\"") }
                return JSONResponse.make(self.senderJSON(message))
            }
        }
        api.getAndHead("deliveries") { request, _ in
            await self.answer(request) {
                var limit = 20
                if let text = request.uri.queryParameters.get("limit") {
                    guard let value = Int(text), (1...1000).contains(value) else {
                        throw NotifyError.malformed("limit must be an integer from 1 to 1000")
                    }
                    limit = value
                }
                return JSONResponse.make(try await self.deliveriesJSON(limit: limit))
            }
        }
        api.put("payloads/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                var body = try await BodyReader.read(request, limit: limit)
                let payload = body.value("payload")
                try body.finish("the named payload is not valid")
                try await self.savePayload(json: payload ?? .null, at: JSONPath.root.appending("payload"), named: name)
                guard let stored = try await self.payload(named: name) else { throw NotifyError.notFound("no named payload \"\(name)\"") }
                return JSONResponse.make(.object(["name": .string(name), "payload": stored.json]))
            }
        }
        api.getAndHead("payloads/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                guard let stored = try await self.payload(named: name) else { throw NotifyError.notFound("no named payload \"\(name)\"") }
                return JSONResponse.make(.object(["name": .string(name), "payload": stored.json]))
            }
        }
        api.delete("payloads/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                guard try await self.deletePayload(named: name) else { throw NotifyError.notFound("no named payload \"\(name)\"") }
                return JSONResponse.empty()
            }
        }
        api.put("requests/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                var body = try await BodyReader.read(request, limit: limit)
                let title = body.string("title", allowEmpty: true)
                let text = body.string("body", allowEmpty: true)
                try body.finish("the start request is not valid")
                // The topic, fields and state are validated like a payload, at their own paths.
                var payloadMembers: [String: JSONValue] = [:]
                for key in ["responseTopic", "fields", "state"] { payloadMembers[key] = body.members[key] }
                let payload = try self.validatedPayload(.object(JSONObject(payloadMembers)), at: .root)
                let startRequest = StartRequest(name: name, title: title ?? "", body: text ?? "", payload: payload)
                try await self.saveRequest(startRequest)
                return JSONResponse.make(Self.json(startRequest, fields: true))
            }
        }
        api.getAndHead("requests/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                guard let stored = try await self.request(named: name) else { throw NotifyError.notFound("no start request \"\(name)\"") }
                return JSONResponse.make(Self.json(stored, fields: true))
            }
        }
        api.delete("requests/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                guard try await self.deleteRequest(named: name) else { throw NotifyError.notFound("no start request \"\(name)\"") }
                return JSONResponse.empty()
            }
        }
        api.getAndHead("responses") { request, _ in
            await self.answer(request) {
                let topic = try Self.topicQuery(request)
                let after = try Self.cursor(request.uri.queryParameters.get("after"))
                var limit = 100
                if let text = request.uri.queryParameters.get("limit") {
                    guard let value = Int(text), (1...1000).contains(value) else {
                        throw NotifyError.malformed("limit must be an integer from 1 to 1000")
                    }
                    limit = value
                }
                let responses = try await self.responses(topic: topic, after: after, limit: limit)
                return JSONResponse.make(.object([
                    "responses": .array(try responses.map(Self.json)),
                    "next": .string(String(responses.last?.cursor ?? after)),
                ]))
            }
        }
        api.getAndHead("events") { request, _ in
            await self.answer(request) {
                let topic = try Self.topicQuery(request)
                let lastEventID = try Self.lastEventID(request).map { try Self.cursor($0) }
                return self.eventStream(topic: topic, after: lastEventID)
            }
        }
        api.put("webhooks/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                var body = try await BodyReader.read(request, limit: limit)
                let topic = body.string("topic")
                let url = body.string("url")
                let secret = body.string("secret")
                if let topic, !Topic.isValid(topic) {
                    body.add(ValidationIssue(path: JSONPath.root.appending("topic"), code: .invalidTopic, severity: .error,
                                             message: "expected a topic of the form /a/b/c"))
                }
                if let url, !(url.hasPrefix("http://") || url.hasPrefix("https://")) || URL(string: url)?.host == nil {
                    body.add(ValidationIssue(path: JSONPath.root.appending("url"), code: .invalidValue, severity: .error,
                                             message: "expected an http:// or https:// URL"))
                }
                try body.finish("the webhook is not valid")
                guard let topic, let url, let secret else { throw NotifyError.malformed("incomplete webhook") }
                try await self.putWebhook(Webhook(name: name, topic: topic, url: url, secret: secret))
                return JSONResponse.make(.object(["name": .string(name), "topic": .string(topic), "url": .string(url)]))
            }
        }
        api.delete("webhooks/:name") { request, context in
            await self.answer(request) {
                let name = try Self.parameter("name", context)
                guard try await self.deleteWebhook(named: name) else { throw NotifyError.notFound("no webhook \"\(name)\"") }
                return JSONResponse.empty()
            }
        }
    }

    /// The `to` of a send request: exactly one of `users`, `groups` and `all: true`.
    static func recipients(_ body: inout BodyReader) -> Recipients? {
        let path = JSONPath.root.appending("to")
        guard case .object(let to)? = body.members["to"] else {
            body.add(ValidationIssue(path: path, code: body.members["to"] == nil ? .missingKey : .typeMismatch, severity: .error,
                                     message: "expected {\"users\": […]}, {\"groups\": […]} or {\"all\": true}"))
            return nil
        }
        var inner = BodyReader(members: to)
        let result: Recipients?
        switch (to["users"], to["groups"], to["all"]) {
        case (_?, nil, nil): result = inner.strings("users").map(Recipients.users)
        case (nil, _?, nil): result = inner.strings("groups").map(Recipients.groups)
        case (nil, nil, .bool(true)?): result = .all
        default:
            result = nil
            inner.add(ValidationIssue(path: .root, code: .invalidValue, severity: .error,
                                      message: "expected exactly one of {\"users\": […]}, {\"groups\": […]} or {\"all\": true}"))
        }
        for issue in inner.issues { body.add(issue.nested(under: path)) }
        return result
    }

    /// A cursor (a decimal integer ≥ 0); 0 when absent.
    static func cursor(_ text: String?) throws -> Int64 {
        guard let text else { return 0 }
        guard let value = Int64(text), value >= 0 else { throw NotifyError.malformed("\"\(text)\" is not a cursor") }
        return value
    }

    /// A start request as JSON, with or without its fields.
    static func json(_ request: StartRequest, fields: Bool) -> JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(request.name), "title": .string(request.title), "body": .string(request.body),
            "responseTopic": .string(request.payload.responseTopic),
        ]
        if fields {
            members["fields"] = .array((request.payload.fields ?? []).map(\.json))
            if let state = request.payload.state { members["state"] = state }
        }
        return .object(JSONObject(members))
    }
}
