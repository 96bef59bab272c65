import Foundation
import XpediteProtocol

/// The device side of the notification API (docs/notify-api.md#device-routes, docs/notify.md): a
/// phone without a screen. It logs in and registers the device, keeps the device token, lists the
/// inbox and the start requests, fetches payloads, uploads media, and submits responses with a
/// device-made `responseId`, queueing them on disk while the server cannot be reached (with the
/// media attached meanwhile, uploaded first when it is back).
///
/// ```swift
/// let device = try await DeviceClient(transport: URLSessionNotifyTransport(server: url),
///                                     configuration: DeviceConfiguration(dataDirectory: folder))
/// try await device.signIn(username: "joe", password: "secret")
/// for entry in try await device.inbox() {
///     var form = try await device.message(entry.messageId).form()
///     try form.set("simpleDropList", text: "Green")
///     switch try await device.submit(form) {
///     case .published(let response): print(response)
///     case .queued: print("queued")                    // sent later by flushOutbox()
///     }
/// }
/// ```
///
/// The device id, the token and the outbox live in one SQLite file in the configuration's data
/// directory, so a later client (the next run of `xpedite device`) carries on where this one
/// stopped. A queued response is sent by ``flushOutbox()`` and before the next request of any
/// kind, always with its first `responseId`: the server publishes it exactly once, even when an
/// earlier try reached it and only the answer was lost.
public actor DeviceClient {
    /// The configuration given at init.
    public let configuration: DeviceConfiguration
    let transport: any NotifyTransport
    let database: DeviceDatabase
    /// The device id sent at login (configured, or made once and kept).
    public let deviceId: String
    /// The user the stored device token belongs to; `nil` when logged out.
    public private(set) var username: String?
    var token: String?
    private var credentials: (username: String, password: String)?
    var isFlushing = false

    /// Opens the device's data directory (creating it) and restores its session for the same
    /// server, if any.
    public init(transport: any NotifyTransport, configuration: DeviceConfiguration = DeviceConfiguration()) async throws {
        self.configuration = configuration
        self.transport = transport
        database = try DeviceDatabase(directory: configuration.dataDirectory)
        try await database.prepare()
        if let configured = configuration.deviceId {
            deviceId = configured
        } else if let stored = try await database.value("deviceId") {
            deviceId = stored
        } else {
            deviceId = UUID().uuidString.lowercased()
        }
        try await database.store(["deviceId": deviceId])
        if try await database.value("server") == configuration.server, let token = try await database.value("token") {
            self.token = token
            username = try await database.value("username")
        }
    }

    /// Whether the device holds a device token.
    public var isLoggedIn: Bool { token != nil }

    // MARK: Session

    /// Logs in (`POST /device/login`), registering or refreshing this device, and keeps the
    /// device token on disk. The credentials are kept in memory, to log in again when the token
    /// stops working.
    ///
    /// - Throws: ``DeviceError`` (401 for a wrong password), ``TransportError`` when unreachable.
    public func login(username: String, password: String) async throws {
        var body: [String: JSONValue] = [
            "username": .string(username), "password": .string(password), "deviceId": .string(deviceId),
            "deviceName": .string(configuration.deviceName), "platform": .string(configuration.platform),
        ]
        if let pushToken = configuration.pushToken { body["pushToken"] = .string(pushToken) }
        let answer = try Self.json(of: try await transport.send(Self.post("device/login", body: .object(JSONObject(body)))))
        guard let token = answer["deviceToken"]?.stringValue else {
            throw DeviceError(status: 200, code: "bad_answer", message: "the login answer has no deviceToken")
        }
        let name = answer["username"]?.stringValue ?? username
        try await database.store(["server": configuration.server, "username": name, "token": token])
        self.token = token
        self.username = name
        credentials = (username, password)
    }

    /// Uses the stored device token when it belongs to `username` (no request), and logs in
    /// otherwise. Either way a token that stops working is renewed with these credentials.
    public func signIn(username: String, password: String) async throws {
        credentials = (username, password)
        if token != nil, self.username == username { return }
        try await login(username: username, password: password)
    }

    /// Logs out (`POST /device/logout`): the token stops working and the device gets no more
    /// pushes. The stored token is forgotten even when the server no longer knew it (401).
    public func logout() async throws {
        if token != nil {
            let response = try await call(NotifyHTTPRequest(method: "POST", path: "device/logout"), flushing: false)
            if !response.isSuccess, response.status != 401 { throw DeviceError(status: response.status, body: response.body) }
        }
        try await database.store(["token": nil, "username": nil])
        token = nil
        username = nil
        credentials = nil
    }

    /// Sets the push token of this device (`PUT /device/push-token`).
    public func setPushToken(_ pushToken: String) async throws {
        _ = try Self.json(of: try await call(Self.put("device/push-token", body: ["pushToken": .string(pushToken)])))
    }

    // MARK: Inbox and start requests

    /// The user's unanswered messages, newest first (`GET /device/inbox`).
    public func inbox() async throws -> [InboxEntry] {
        let answer = try Self.json(of: try await call(NotifyHTTPRequest(method: "GET", path: "device/inbox")))
        return (answer["messages"]?.arrayValue ?? []).compactMap(InboxEntry.init(json:))
    }

    /// The start requests the user may open (`GET /device/requests`).
    public func startRequests() async throws -> [StartRequestEntry] {
        let answer = try Self.json(of: try await call(NotifyHTTPRequest(method: "GET", path: "device/requests")))
        return (answer["requests"]?.arrayValue ?? []).compactMap(StartRequestEntry.init(json:))
    }

    /// A message with its payload (`GET /device/messages/{messageId}`); 404 unless the user is a
    /// recipient. While the server cannot be reached, the copy kept when it was last fetched.
    public func message(_ messageId: String) async throws -> DeviceMessage {
        try await fetching(.message(messageId)) {
            let answer = try Self.json(of: try await self.call(NotifyHTTPRequest(method: "GET",
                                                                                 path: "device/messages/" + Self.segment(messageId))))
            return DeviceMessage(source: .message(messageId), title: answer["title"]?.stringValue ?? "",
                                 body: answer["body"]?.stringValue ?? "", sentAt: answer["sentAt"]?.stringValue,
                                 payload: try Self.payload(answer["payload"] ?? .null))
        }
    }

    /// A start request with its fields (`GET /device/requests/{name}`); while the server cannot be
    /// reached, the copy kept when it was last fetched.
    public func startRequest(_ name: String) async throws -> DeviceMessage {
        try await fetching(.request(name)) {
            let answer = try Self.json(of: try await self.call(NotifyHTTPRequest(method: "GET", path: "device/requests/" + Self.segment(name))))
            var members: JSONObject = ["responseTopic": answer["responseTopic"] ?? .null, "fields": answer["fields"] ?? .array([])]
            if let state = answer["state"] { members["state"] = state }
            return DeviceMessage(source: .request(name), title: answer["title"]?.stringValue ?? "",
                                 body: answer["body"]?.stringValue ?? "", payload: try Self.payload(.object(members)))
        }
    }

    /// Fetches a message and keeps it on disk; serves the kept copy when the server is unreachable.
    private func fetching(_ source: DeviceMessage.Source, _ fetch: () async throws -> DeviceMessage) async throws -> DeviceMessage {
        do {
            let message = try await fetch()
            try await database.storeMessage(CanonicalJSON.data(message.json), key: source.storageKey)
            return message
        } catch let error as TransportError where error.isUnreachable {
            guard let data = try await database.message(key: source.storageKey),
                  let kept = DeviceMessage(json: try JSONValue(parsing: data), source: source) else { throw error }
            return kept
        }
    }

    // MARK: Documents

    /// Uploads a captured photo, recording or video (`POST /device/documents?kind=…`) and returns
    /// its document name (`rcs/image/<uuid>.jpg`), the value of the media field.
    ///
    /// - Throws: ``DeviceError`` 413 over the size limit, 422 when the bytes are not of `kind`.
    public func upload(_ bytes: Data, kind: MediaKind) async throws -> String {
        let request = NotifyHTTPRequest(method: "POST", path: "device/documents", query: [URLQueryItem(name: "kind", value: kind.rawValue)],
                                        contentType: kind.contentType, body: bytes)
        let answer = try Self.json(of: try await call(request))
        guard let name = answer["name"]?.stringValue else {
            throw DeviceError(status: 201, code: "bad_answer", message: "the upload answer has no name")
        }
        return name
    }

    /// Uploads captured media for a field of `form` (its kind from the field's type: camera and
    /// markupImage take an image, audio a recording, video a video) and sets the document name as
    /// the field's value; returns the name.
    ///
    /// While the server cannot be reached, the bytes are kept on the device instead (in its
    /// database) and the field holds a local reference, `pending:image/<uuid>` (``PendingMedia``),
    /// which is returned. The form passes the device's checks with it; ``submit(_:submitValue:)``
    /// uploads the media first, or queues the response with them, so an answer with a photo made
    /// offline is delivered like any other.
    ///
    /// - Throws: ``DeviceError`` at `$.values.<id>` when the field takes no media, and as
    ///   ``upload(_:kind:)`` when the server answers (413, 422).
    @discardableResult
    public func attach(_ bytes: Data, to id: String, in form: inout PayloadForm) async throws -> String {
        guard let field = form.field(id), let kind = MediaKind(field: field) else {
            let path = JSONPath.root.appending("values").appending(id)
            throw DeviceError.invalid([ValidationIssue(path: path, code: .invalidValue, severity: .error,
                                                       message: "no camera, markupImage, audio or video field has the id \"\(id)\"")])
        }
        let value: String
        do {
            value = try await upload(bytes, kind: kind)
        } catch let error as TransportError where error.isUnreachable {
            value = try await database.keepMedia(bytes, kind: kind, source: form.source.storageKey, at: configuration.clock()).reference
        }
        try form.set(id, .string(value))
        return value
    }

    /// A document's bytes (`GET /device/documents/{name}`): one this user uploaded, or one a
    /// payload they received names.
    public func document(_ name: String) async throws -> Data {
        let path = "device/documents/" + name.split(separator: "/", omittingEmptySubsequences: false).map { Self.segment(String($0)) }
            .joined(separator: "/")
        let response = try await call(NotifyHTTPRequest(method: "GET", path: path))
        guard response.isSuccess else { throw DeviceError(status: response.status, body: response.body) }
        return response.body
    }

    // MARK: Requests

    /// Sends a request with the device token. Queued responses go first (unless this is the
    /// outbox being sent); when they find the server unreachable, so is this request (no second
    /// wait). A 401 while credentials are known logs in again and retries once.
    func call(_ request: NotifyHTTPRequest, flushing: Bool = true) async throws -> NotifyHTTPResponse {
        if flushing, !isFlushing, token != nil, try await database.queuedCount() > 0,
           let unreachable = try await flush().unreachable {
            throw unreachable
        }
        guard let token else {
            throw DeviceError.notLoggedIn
        }
        var request = request
        request.token = token
        let response = try await transport.send(request)
        guard response.status == 401, let credentials else { return response }
        try await login(username: credentials.username, password: credentials.password)
        request.token = self.token
        return try await transport.send(request)
    }

    /// The JSON of a successful answer; a refusal as its ``DeviceError``.
    static func json(of response: NotifyHTTPResponse) throws -> JSONValue {
        guard response.isSuccess else { throw DeviceError(status: response.status, body: response.body) }
        if response.body.isEmpty { return .null }
        do {
            return try JSONValue(parsing: response.body)
        } catch {
            throw DeviceError(status: response.status, code: "bad_answer", message: "the answer is not JSON: \(error)")
        }
    }

    /// A JSON `POST`.
    static func post(_ path: String, body: JSONValue) -> NotifyHTTPRequest {
        NotifyHTTPRequest(method: "POST", path: path, contentType: "application/json", body: CanonicalJSON.data(body))
    }

    /// A JSON `PUT`.
    static func put(_ path: String, body: JSONValue) -> NotifyHTTPRequest {
        NotifyHTTPRequest(method: "PUT", path: path, contentType: "application/json", body: CanonicalJSON.data(body))
    }

    /// A payload the server sent, read and checked (docs/notify.md#the-payload-model).
    static func payload(_ value: JSONValue) throws -> Payload {
        do {
            return try Payload(validating: value)
        } catch {
            throw DeviceError(status: 200, code: "bad_payload", message: "the server sent a payload that is not valid: \(error)")
        }
    }

    /// One percent-encoded path segment.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
