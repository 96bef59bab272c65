import Foundation
import Hummingbird
import Logging

/// The Xpedite endpoint: turns a request body into the answer's JSON, always.
///
/// Made by ``XpediteApp/mount(on:)`` (which also routes `POST /xpedite` to it) or
/// ``XpediteApp/makeEndpoint()``. Every protocol outcome — screens, table pages, `rc` messages
/// for bad bodies, unknown methods and failed handlers — is HTTP 200 with a JSON packet
/// (docs/protocol/packets.md#transport).
///
/// One request, in order: check the content type and size, decode the envelope strictly
/// (docs/protocol/packets.md#the-request-envelope; a `setConnection` forgivingly, so a phone is
/// never turned away), resolve the session from `token` before anything else
/// (docs/protocol/packets.md#tokens-and-sessions; unknown or expired → a new session and the entry
/// screen, docs/protocol/packets.md#tokens-and-sessions), find the handler
/// (docs/protocol/packets.md#method-dicts), run its guards and then it, finish what it answered — a
/// screen (token, version, entries, images, navigation stubs,
/// docs/protocol/menus.md#a-menu-cached-by-id) or rows (token), on one path — validate it
/// (docs/protocol/validation.md), save the session's changes, encode canonical JSON.
public struct XpediteEndpoint: Sendable {
    let configuration: XpediteConfiguration
    let handlers: [String: Handler]
    let connectHandler: Handler?
    let navigation: [String: Component.Navigation]
    let metrics: XpediteMetrics
    /// The canonical text of ``XpediteConfiguration/version``.
    let versionText: String

    init(app: XpediteApp) {
        configuration = app.configuration
        handlers = app.handlers
        connectHandler = app.connectHandler
        navigation = app.navigation
        metrics = XpediteMetrics(factory: app.configuration.metricsFactory)
        versionText = app.configuration.version.canonical
    }

    /// What one request produced: the bytes, and how it counts in the metrics.
    struct Outgoing: Sendable {
        /// The answer's canonical JSON, in the buffer the HTTP response sends.
        var data: ByteBuffer
        var method: String
        var outcome: XpediteMetrics.Outcome
    }

    /// A decoded request, with what a forgiving `setConnection` read repaired.
    struct Incoming: Sendable {
        var packet: RequestPacket
        var repairs: [ValidationIssue] = []
    }

    // MARK: - Entry points

    /// Answers a Hummingbird request: always HTTP 200 with a JSON packet. Handlers see the
    /// request's head, the client's address (when the context records it) and the context's logger.
    public func respond(to request: Request, context: some RequestContext) async -> Response {
        let requestID = RequestIdentifier.make(from: context.logger)
        let body = await readBody(of: request)
        let data = await process(body, requestID: requestID, transport: Transport(request: request, context: context))
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: data))
    }

    /// Answers a request body directly, without HTTP: the full round trip of a request through
    /// decoding, sessions, the handler, validation and encoding (benchmarks, other transports).
    ///
    /// - Parameters:
    ///   - body: the request body.
    ///   - contentType: the `Content-Type` it came with, if any.
    ///   - requestID: the id to log with; a random one by default.
    /// - Returns: the answer's canonical JSON.
    public func respond(to body: Data, contentType: String? = "application/json", requestID: String? = nil) async -> Data {
        let checked: Result<Data, BadRequest>
        if let contentType, !BadRequest.isJSON(contentType: contentType) {
            checked = .failure(.contentType(contentType))
        } else if body.count > configuration.maximumBodySize {
            checked = .failure(.tooLarge(limit: configuration.maximumBodySize))
        } else {
            checked = .success(body)
        }
        let answer = await process(checked, requestID: requestID ?? RequestIdentifier.make(from: nil), transport: .none)
        return Data(answer.readableBytesView)
    }

    // MARK: - Body

    private func readBody(of request: Request) async -> Result<Data, BadRequest> {
        if let type = request.headers[.contentType], !BadRequest.isJSON(contentType: type) {
            return .failure(.contentType(type))
        }
        let limit = configuration.maximumBodySize
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return .failure(.tooLarge(limit: limit))
        }
        var buffer = ByteBuffer()
        do {
            for try await chunk in request.body {
                guard buffer.readableBytes + chunk.readableBytes <= limit else { return .failure(.tooLarge(limit: limit)) }
                if buffer.readableBytes == 0 {
                    // The first chunk (usually the whole body) is kept as it is, not copied.
                    buffer = chunk
                } else {
                    var chunk = chunk
                    buffer.writeBuffer(&chunk)
                }
            }
        } catch {
            return .failure(.unreadable)
        }
        return .success(Data(buffer.readableBytesView))
    }

    /// Decodes a body: strictly, except a `setConnection`, which is read forgivingly
    /// (``RequestPacket/connection(from:)``): the server never refuses a phone's first packet.
    private func decode(_ body: Data) -> Result<Incoming, BadRequest> {
        guard !body.isEmpty, body.contains(where: { !Self.whitespace.contains($0) }) else { return .failure(.empty) }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body)
        } catch {
            return .failure(.notJSON)
        }
        guard case .object(let members) = value else { return .failure(.notObject(typeName: value.typeName)) }
        if members["method"] == .string(RequestPacket.setConnection) {
            let decoded = RequestPacket.connection(from: members)
            return .success(Incoming(packet: decoded.packet, repairs: decoded.issues))
        }
        do {
            return .success(Incoming(packet: try PacketDecoder(mode: .strict).decodeRequest(value).packet))
        } catch {
            switch error {
            case .invalid(let issues):
                return .failure(.invalid(issues.errors.first?.description ?? "the request is not valid"))
            case .notJSON:
                return .failure(.notJSON)
            }
        }
    }

    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    // MARK: - Processing

    func process(_ body: Result<Data, BadRequest>, requestID: String, transport: Transport) async -> ByteBuffer {
        let started = ContinuousClock.now
        // The request's id and method go into the lines logged, not into a logger's metadata.
        var logger = RequestLogger(base: configuration.logger, requestID: requestID)
        let outgoing: Outgoing
        switch body.flatMap(decode) {
        case .failure(let problem):
            logger.debug("Bad request", metadata: ["xpedite.problem": .string(problem.message)])
            outgoing = Outgoing(data: screenAnswer(rc: .message(problem.message), token: nil), method: "_invalid",
                                outcome: .invalid)
        case .success(let incoming):
            if !incoming.repairs.isEmpty {
                logger.warning("setConnection read forgivingly", metadata: [
                    "xpedite.repairs": .array(incoming.repairs.map { .string($0.description) }),
                ])
            }
            logger.method = label(of: incoming.packet.method)
            outgoing = await dispatch(incoming.packet, requestID: requestID, logger: logger, transport: transport)
        }
        let elapsed = ContinuousClock.now - started
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        metrics.record(method: outgoing.method, outcome: outgoing.outcome, nanoseconds: nanoseconds)
        logger.debug("Answered", metadata: [
            "xpedite.method": .string(outgoing.method), "xpedite.outcome": .string(outgoing.outcome.rawValue),
            "xpedite.microseconds": .stringConvertible(nanoseconds / 1000),
        ])
        return outgoing.data
    }

    /// The metrics label of a method: registered names and `setConnection` as they are.
    private func label(of method: String) -> String {
        method == RequestPacket.setConnection || handlers[method] != nil ? method : "_unregistered"
    }

    private func isDataRequest(_ request: RequestPacket) -> Bool {
        if handlers[request.method]?.kind == .data { return true }
        return request.offset != nil || request.limit != nil
    }

    private func dispatch(_ request: RequestPacket, requestID: String, logger: RequestLogger,
                          transport: Transport) async -> Outgoing {
        let method = label(of: request.method)
        let now = configuration.clock()
        if request.isSetConnection {
            return await connect(request, reason: .setConnection, device: Device(connecting: request), now: now,
                                 requestID: requestID, logger: logger, transport: transport)
        }
        let isData = isDataRequest(request)
        guard let token = request.token else {
            // The strict decoder refuses such requests; kept for safety.
            return Outgoing(data: screenAnswer(rc: .message(BadRequest.invalid("\"token\" is required").message), token: nil),
                            method: "_invalid", outcome: .invalid)
        }
        let record: SessionRecord?
        do {
            record = try await configuration.sessionStore.record(
                for: token, activeSince: now.addingTimeInterval(-configuration.sessionIdleTimeout.timeInterval))
        } catch {
            logger.error("Session lookup failed", metadata: ["error": .string(String(reflecting: error))])
            return Outgoing(data: answer(rc: genericReturnCode(requestID), token: nil, isData: isData), method: method,
                            outcome: .failed)
        }
        guard let record else {
            if isData {
                // A data response cannot show the entry screen
                // (docs/protocol/tables.md#the-data-answer); the phone keeps its token, and its
                // next screen request renews the session
                // (docs/protocol/packets.md#tokens-and-sessions).
                logger.debug("Data request with an unknown or expired token")
                return Outgoing(data: answer(rc: .message(configuration.sessionExpiredMessage), token: nil, isData: true),
                                method: method, outcome: .renewed)
            }
            logger.debug("Unknown or expired token: new session and entry screen")
            return await connect(request, reason: .sessionExpired, device: Device(), now: now, requestID: requestID,
                                 logger: logger, transport: transport)
        }
        let session = Session(record: record, isNew: false)
        let touch = now.timeIntervalSince(record.lastSeen) >= configuration.sessionTouchInterval.timeInterval ? now : nil
        guard let handler = handlers[request.method] else {
            let shown = request.method.count > 60 ? String(request.method.prefix(57)) + "..." : request.method
            logger.debug("Unregistered method")
            await save(session, touch: touch, logger: logger)
            return Outgoing(data: answer(rc: .message("The server has no method \"\(shown)\"."), token: token, isData: isData),
                            method: method, outcome: .unregistered)
        }
        let call = makeCall(request, session: session, connectReason: nil, requestID: requestID, logger: logger,
                            transport: transport)
        var (data, outcome) = await run(handler, call: call, isConnect: false, now: now, logger: logger)
        // Changes are saved also when the handler threw (a failed-login counter survives its message).
        if await !save(session, touch: touch, logger: logger), outcome == .ok {
            data = answer(rc: genericReturnCode(requestID), token: token, isData: handler.kind == .data)
            outcome = .failed
        }
        return Outgoing(data: data, method: method, outcome: outcome)
    }

    /// A new session and the entry screen: `setConnection`
    /// (docs/protocol/packets.md#2-the-answer-to-setconnection) or renewal
    /// (docs/protocol/packets.md#tokens-and-sessions).
    private func connect(_ request: RequestPacket, reason: ConnectReason, device: Device, now: Date, requestID: String,
                         logger: RequestLogger, transport: Transport) async -> Outgoing {
        let session = Session(record: SessionRecord(token: Session.makeToken(), device: device, createdAt: now), isNew: true)
        let method = label(of: request.method)
        var outcome: XpediteMetrics.Outcome
        let data: ByteBuffer
        if let connectHandler {
            let call = makeCall(request, session: session, connectReason: reason, requestID: requestID, logger: logger,
                                transport: transport)
            (data, outcome) = await run(connectHandler, call: call, isConnect: true, now: now, logger: logger)
            if outcome == .ok, reason == .sessionExpired { outcome = .renewed }
        } else {
            logger.error("The app has no connect handler (XpediteApp.onConnect)")
            outcome = .failed
            data = answer(rc: genericReturnCode(requestID), token: session.token, isData: false)
        }
        do {
            try await configuration.sessionStore.insert(session.record(lastSeen: now))
        } catch {
            logger.error("Session insert failed", metadata: ["error": .string(String(reflecting: error))])
            return Outgoing(data: answer(rc: genericReturnCode(requestID), token: nil, isData: false), method: method,
                            outcome: .failed)
        }
        metrics.sessionCreated(reason: reason)
        return Outgoing(data: data, method: method, outcome: outcome)
    }

    private func makeCall(_ request: RequestPacket, session: Session, connectReason: ConnectReason?, requestID: String,
                          logger: RequestLogger, transport: Transport) -> XpediteCall {
        // The call's logger gets the request's keys only when a handler asks for it.
        let callLogger = transport.logger ?? logger.base
        return XpediteCall(method: request.method, request: request, session: session, connectReason: connectReason,
                           page: page(of: request), requestID: requestID, logger: callLogger, methodLabel: logger.method,
                           transport: transport)
    }

    private func page(of request: RequestPacket) -> PageRequest {
        PageRequest(request: request, defaultLimit: configuration.defaultPageLimit,
                    maximumLimit: configuration.maximumPageLimit)
    }

    // MARK: - Running a handler

    /// What the guards and the handler produced.
    private enum Produced {
        /// The handler ran.
        case handler(XpediteResponse)
        /// A guard answered instead.
        case refusal(XpediteResponse)
    }

    /// The one path of every handler — screens, table pages and the entry screen: the guards, the
    /// handler, then ``finish(_:session:entries:isConnect:now:logger:)`` and encoding. A thrown
    /// error answers in the handler's kind.
    private func run(_ handler: Handler, call: XpediteCall, isConnect: Bool, now: Date,
                     logger: RequestLogger) async -> (ByteBuffer, XpediteMetrics.Outcome) {
        let token = call.session.token
        let isData = handler.kind == .data
        let response: XpediteResponse
        do {
            switch try await produce(handler, call: call) {
            case .handler(let produced):
                response = produced
            case .refusal(.screen) where isData:
                logger.debug("A guard answered a data request with a screen")
                return (answer(rc: .message(configuration.refusedDataMessage), token: token, isData: true), .rejected)
            case .refusal(let refusal):
                logger.debug("A guard answered instead of the handler")
                response = refusal
            }
        } catch {
            let (rc, outcome) = returnCode(for: error, requestID: call.requestID, logger: logger)
            return (answer(rc: rc, token: token, isData: isData), outcome)
        }
        guard let finished = finish(response, session: call.session, entries: handler.entries, isConnect: isConnect,
                                    now: now, logger: logger) else {
            return (answer(rc: genericReturnCode(call.requestID), token: token, isData: isData), .failed)
        }
        // Written once, straight into the buffer the response sends.
        switch finished {
        case .screen(let json):
            return (CanonicalJSON.withBytes(of: json) { ByteBuffer(bytes: $0) }, .ok)
        case .data(let data):
            return (CanonicalJSON.withBytes(of: data) { ByteBuffer(bytes: $0) }, .ok)
        }
    }

    /// Runs the guards in order, then the handler.
    private func produce(_ handler: Handler, call: XpediteCall) async throws -> Produced {
        for check in handler.guards {
            if let refusal = try await check.check(call) { return .refusal(refusal) }
        }
        return .handler(try await handler.run(call))
    }

    // MARK: - Answers

    /// Saves what the request changed in the session; `false` (logged) when the store failed.
    @discardableResult
    private func save(_ session: Session, touch: Date?, logger: RequestLogger) async -> Bool {
        let changes = session.pendingChanges(touchingAt: touch)
        guard !changes.isEmpty else { return true }
        do {
            try await configuration.sessionStore.update(session.token, applying: changes)
            return true
        } catch {
            logger.error("Session update failed", metadata: ["error": .string(String(reflecting: error))])
            return false
        }
    }

    /// The `rc` for an error a handler threw: its own message for ``XpediteError`` and
    /// ``FormError``, the generic message (and a log line) for anything else.
    private func returnCode(for error: any Error, requestID: String,
                            logger: RequestLogger) -> (ReturnCode, XpediteMetrics.Outcome) {
        switch error {
        case let error as XpediteError:
            logger.debug("Handler rejected the request", metadata: ["xpedite.rc": .string(error.description)])
            return (error.returnCode, .rejected)
        case let error as FormError:
            logger.debug("Form data rejected", metadata: ["xpedite.rc": .string(error.message)])
            return (.message(error.message), .rejected)
        default:
            logger.error("Handler failed", metadata: ["error": .string(String(reflecting: error))])
            return (genericReturnCode(requestID), .failed)
        }
    }

    private func genericReturnCode(_ requestID: String) -> ReturnCode {
        .message("\(configuration.genericErrorMessage) (reference \(requestID))")
    }

    /// An answer that leaves the phone's screen alone: `rc`, `token` and an empty `components`
    /// (or, for a data request, empty `data`).
    private func answer(rc: ReturnCode, token: String?, isData: Bool) -> ByteBuffer {
        if isData {
            return ByteBuffer(bytes: DataResponse(rc: rc, data: .rows([]), token: token).canonicalData())
        }
        return screenAnswer(rc: rc, token: token)
    }

    private func screenAnswer(rc: ReturnCode, token: String?) -> ByteBuffer {
        ByteBuffer(bytes: ResponsePacket(rc: rc, token: token, version: configuration.version, components: []).canonicalData())
    }
}
