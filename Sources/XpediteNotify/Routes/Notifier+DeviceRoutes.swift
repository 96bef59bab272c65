import Foundation
import Hummingbird
import NIOCore
import XpediteProtocol

extension Notifier {
    /// The platforms a device may declare.
    static let platforms: Set<String> = ["ios", "android", "web"]

    /// `POST /device/login` (docs/notify-api.md#device-routes): the one device route without a
    /// token.
    func mountLoginRoute<Routes: RouterMethods>(on api: Routes) {
        let limit = configuration.maximumBodySize
        api.post("device/login") { request, _ in
            await self.answer(request) {
                var body = try await BodyReader.read(request, limit: limit)
                let username = body.string("username")
                let password = body.string("password")
                let deviceId = body.string("deviceId")
                let deviceName = body.string("deviceName", allowEmpty: true)
                let platform = body.string("platform")
                let pushToken = body.string("pushToken", required: false)
                if let platform, !Self.platforms.contains(platform) {
                    body.add(ValidationIssue(path: JSONPath.root.appending("platform"), code: .unknownOption, severity: .error,
                                             message: "expected \"ios\", \"android\" or \"web\""))
                }
                try body.finish("the login is not valid")
                guard let username, let password, let deviceId, let deviceName, let platform else {
                    throw NotifyError.malformed("incomplete login")
                }
                let webPush = try self.webPushSubscription(body.members["webPush"])
                guard let (device, token) = try await self.login(username: username, password: password, deviceId: deviceId,
                                                                 deviceName: deviceName, platform: platform, pushToken: pushToken,
                                                                 webPush: webPush) else {
                    throw NotifyError.unauthorized("wrong username or password")
                }
                return JSONResponse.make(.object(["deviceToken": .string(token), "username": .string(device.username)]))
            }
        }
        api.getAndHead("device/webpush-key") { request, _ in
            await self.answer(request) {
                guard let key = self.webPushKey else { throw NotifyError.notFound("Web Push is not configured on this server") }
                return JSONResponse.make(.object(["publicKey": .string(key.publicKeyBase64URL)]))
            }
        }
    }

    /// A `webPush` member read and checked (422 at `$.webPush…`); `nil` when absent.
    func webPushSubscription(_ value: JSONValue?) throws -> WebPushSubscription? {
        guard let value, !value.isNull else { return nil }
        return try WebPushSubscription(json: value, at: JSONPath.root.appending("webPush"), allowlist: webPushAllowlist)
    }

    /// The routes of docs/notify-api.md#device-routes behind a device token
    /// (``DeviceAuthentication``).
    func mountDeviceRoutes<Parent: RequestContext>(on api: RouterGroup<DeviceRequestContext<Parent>>) {
        let limit = configuration.maximumBodySize

        api.post("device/logout") { request, context in
            await self.answer(request) {
                let device = try context.requireDevice()
                try await self.logout(device)
                return JSONResponse.empty()
            }
        }
        api.put("device/push-token") { request, context in
            await self.answer(request) {
                let device = try context.requireDevice()
                var body = try await BodyReader.read(request, limit: limit)
                let hasToken = body.members["pushToken"].map { !$0.isNull } ?? false
                let hasSubscription = body.members["webPush"].map { !$0.isNull } ?? false
                guard hasToken != hasSubscription else {
                    throw NotifyError.invalid(at: .root, .invalidValue, "expected {\"pushToken\": …} or {\"webPush\": {…}}")
                }
                if hasToken {
                    let pushToken = body.string("pushToken")
                    try body.finish()
                    try await self.store.setPushToken(pushToken ?? "", deviceKey: device.key)
                } else if let subscription = try self.webPushSubscription(body.members["webPush"]) {
                    try await self.store.setWebPush(subscription, deviceKey: device.key)
                }
                return JSONResponse.empty()
            }
        }
        api.getAndHead("device/events") { request, context in
            await self.answer(request) {
                self.deviceEventStream(username: try context.requireDevice().username)
            }
        }
        api.getAndHead("device/inbox") { request, context in
            await self.answer(request) {
                let device = try context.requireDevice()
                let messages = try await self.inbox(of: device)
                return JSONResponse.make(.object(["messages": .array(messages.map { message in
                    .object([
                        "messageId": .string(message.messageId), "title": .string(message.title), "body": .string(message.body),
                        "sentAt": .string(self.timestamp(message.sentAt)),
                        "responseTopic": .string(message.payload.responseTopic),
                    ])
                })]))
            }
        }
        api.getAndHead("device/messages/:messageId") { request, context in
            await self.answer(request) {
                let device = try context.requireDevice()
                let message = try await self.message(try Self.parameter("messageId", context), for: device)
                return JSONResponse.make(.object([
                    "messageId": .string(message.messageId), "title": .string(message.title), "body": .string(message.body),
                    "sentAt": .string(self.timestamp(message.sentAt)), "payload": message.payload.json,
                ]))
            }
        }
        api.getAndHead("device/requests") { request, context in
            await self.answer(request) {
                                let requests = try await self.requests()
                return JSONResponse.make(.object(["requests": .array(requests.map { Self.json($0, fields: false) })]))
            }
        }
        api.getAndHead("device/requests/:name") { request, context in
            await self.answer(request) {
                                let name = try Self.parameter("name", context)
                guard let stored = try await self.request(named: name) else { throw NotifyError.notFound("no start request \"\(name)\"") }
                return JSONResponse.make(Self.json(stored, fields: true))
            }
        }
        api.post("device/documents") { request, context in
            await self.answer(request) {
                let device = try context.requireDevice()
                guard let kind = request.uri.queryParameters.get("kind").flatMap({ DocumentKind(rawValue: String($0)) }) else {
                    throw NotifyError.malformed("kind must be image, audio or video")
                }
                let bytes = try await BodyReader.collect(request, limit: self.configuration.maximumDocumentSize)
                let record = try await self.upload(bytes, kind: kind, from: device)
                return JSONResponse.make(.object(["name": .string(record.name)]), status: .created)
            }
        }
        api.post("device/barcode") { request, context in
            await self.answer(request) {
                _ = try context.requireDevice()
                let bytes = try await BodyReader.collect(request, limit: self.configuration.maximumDocumentSize)
                // An undeclared type (none, or application/octet-stream) is read by its magic bytes.
                if let declared = request.headers[.contentType], !declared.lowercased().hasPrefix("application/octet-stream") {
                    guard let type = BarcodeImageType(contentType: declared) else {
                        throw NotifyError.invalid(at: .root, .invalidValue, "Content-Type must be image/jpeg or image/png, not \(declared)")
                    }
                    guard BarcodeImageType(sniffing: bytes) == type else {
                        throw NotifyError.invalid(at: .root, .invalidValue, "the bytes are not \(type == .jpeg ? "a JPEG" : "a PNG") image (magic bytes)")
                    }
                }
                let codes = try await self.barcodeReader.read(bytes)
                return JSONResponse.make(.object(["codes": .array(codes.map { code in
                    .object(["format": .string(code.format), "text": .string(code.text)])
                })]))
            }
        }
        api.getAndHead("device/documents/**") { request, context in
            await self.answer(request) {
                let device = try context.requireDevice()
                let raw = context.parameters.getCatchAll().joined(separator: "/")
                let name = raw.removingPercentEncoding ?? raw
                let (record, bytes) = try await self.document(name, for: device)
                return Response(status: .ok, headers: [.contentType: record.kind.contentType(ofDocumentNamed: record.name)],
                                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
        api.post("device/responses") { request, context in
            await self.answer(request) {
                let device = try context.requireDevice()
                let body = try await BodyReader.read(request, limit: limit)
                let (stored, isNew) = try await self.submitResponse(body.members, from: device)
                return JSONResponse.make(data: stored.json, status: isNew ? .created : .ok)
            }
        }
    }
}
