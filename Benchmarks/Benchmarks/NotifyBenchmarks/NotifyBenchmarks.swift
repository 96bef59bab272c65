import AsyncHTTPClient
import Benchmark
import Foundation
import Hummingbird
import NIOCore
import XpediteNotify
import XpediteProtocol
import XpediteNotifySQLite

/// XpediteNotify: a send to 10,000 users with one device each against inserting the same rows
/// (one message, 10,000 recipients, 10,000 deliveries) in one transaction; and the latency from a
/// device's response to a Server-Sent Events subscriber against the response's own round trip.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock],
        warmupIterations: 2,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: 1_000
    )
    let userCount = 10_000
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notify-bench-\(UUID().uuidString)")
    let payload: Payload
    let notifier: Notifier
    do {
        payload = try Payload(validating: [
            "responseTopic": "/a/b/c",
            "fields": [["id": "simpleDropList", "type": "droplist", "label": "Pick your favorite color",
                        "values": ["Red", "Green", "Blue"], "default": "Blue"]],
        ])
        var configuration = NotifyConfiguration(dataDirectory: directory, apiKeys: ["bench-key"])
        configuration.bcryptCost = 4
        configuration.defaultPushProvider = SilentPushProvider()
        notifier = try Notifier(configuration: configuration,
                                store: SQLiteNotifyStore(directory: configuration.dataDirectory))
    } catch {
        print("cannot set up the notifier: \(error)")
        return
    }
    let store = notifier.store
    let state = SetupState()

    /// 10,000 users with one device each, inserted once (the password hash is not used).
    @Sendable func users() async throws -> [NotifyDevice] {
        if let devices = await state.devices { return devices }
        var devices: [NotifyDevice] = []
        for index in 0..<userCount {
            let name = "user\(index)"
            _ = try await store.putUser(username: name, passwordHash: "-", displayName: nil, groups: nil)
            devices.append(try await store.registerDevice(username: name, deviceId: "d\(index)", deviceName: "Phone",
                                                          platform: "ios", pushToken: nil, tokenDigest: "digest-\(index)"))
        }
        await state.set(devices)
        return devices
    }

    Benchmark("Notify send: baseline, the same rows in one transaction (10,000 users)",
              configuration: .init(maxIterations: 30, setup: { _ = try await users() })) { benchmark in
        let devices = try await users()
        let providers = Array(repeating: "silent", count: devices.count)
        for _ in benchmark.scaledIterations {
            let message = NotifyMessage(messageId: UUID().uuidString.lowercased(), title: "T", body: "B", payload: payload,
                                        direct: false, sentAt: Date(),
                                        recipients: devices.map { NotifyMessage.Recipient(username: $0.username) })
            benchmark.startMeasurement()
            blackHole(try await store.insertMessage(message, devices: devices, providers: providers, documents: []))
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Notify send: sendPayload to 10,000 users (one device each)",
              configuration: .init(maxIterations: 30, setup: { _ = try await users() })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await notifier.sendPayload(payload, title: "T", body: "B", to: .all))
        }
    }

    // A live server on loopback, one device, two start requests: one whose topic has a Server-Sent
    // Events subscriber, one without (the baseline: the response's own round trip).
    let live = LiveServer(notifier: notifier)

    Benchmark("Notify response: baseline, POST /device/responses round trip",
              configuration: .init(setup: { try await live.start() })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await live.respond(request: "quiet"))
        }
    }

    Benchmark("Notify response → SSE subscriber latency",
              configuration: .init(setup: { try await live.start() })) { benchmark in
        for _ in benchmark.scaledIterations {
            try await live.respondAndAwaitEvent()
        }
    }
}

/// A push provider that does nothing: the benchmark measures the server, not a provider.
struct SilentPushProvider: PushProvider {
    let name = "silent"
    func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome { .delivered }
}

/// The devices made once for every benchmark.
actor SetupState {
    var devices: [NotifyDevice]?
    func set(_ devices: [NotifyDevice]) { self.devices = devices }
}

/// A Hummingbird application serving the notifier on a loopback port, a device token and an open
/// Server-Sent Events stream on `/bench`.
actor LiveServer {
    let notifier: Notifier
    var base = ""
    var token = ""
    var events: AsyncStream<Void>.AsyncIterator?
    var started = false

    init(notifier: Notifier) {
        self.notifier = notifier
    }

    func start() async throws {
        guard !started else { return }
        started = true
        let router = Router()
        try notifier.mount(on: router)
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              services: notifier.services,
                              onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) })
        Task { try await app.runService(gracefulShutdownSignals: []) }
        var portIterator = ports.makeAsyncIterator()
        base = "http://127.0.0.1:\(await portIterator.next() ?? 0)/notify/v1"
        try await notifier.putUser("bench", password: "pw")
        guard let login = try await notifier.login(username: "bench", password: "pw", deviceId: "bench", deviceName: "Bench",
                                                   platform: "web") else { throw BenchError("login failed") }
        token = login.token
        for (name, topic) in [("quiet", "/quiet"), ("loud", "/bench")] {
            try await notifier.saveRequest(StartRequest(name: name, title: "T", body: "B",
                                                        payload: Payload(responseTopic: topic, fields: [
                                                            .checkbox(Field.Checkbox(id: "ok")),
                                                        ])))
        }
        var request = HTTPClientRequest(url: base + "/events?topic=/bench")
        request.headers.add(name: "Authorization", value: "Bearer bench-key")
        let response = try await HTTPClient.shared.execute(request, timeout: .hours(1))
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        Task {
            var pending = ""
            for try await chunk in response.body {
                pending += String(buffer: chunk)
                while let range = pending.range(of: "\n\n") {
                    if pending[..<range.lowerBound].contains("event: response") { continuation.yield() }
                    pending = String(pending[range.upperBound...])
                }
            }
        }
        events = stream.makeAsyncIterator()
    }

    /// Posts one response to a start request; returns the status.
    func respond(request name: String) async throws -> UInt {
        var request = HTTPClientRequest(url: base + "/device/responses")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        let body: JSONValue = ["responseId": .string(UUID().uuidString), "request": .string(name), "submitValue": 0,
                               "values": ["ok": true]]
        request.body = .bytes(ByteBuffer(bytes: CanonicalJSON.data(body)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        _ = try await response.body.collect(upTo: 1 << 20)
        return response.status.code
    }

    /// Posts a response on `/bench` and waits for its event on the stream.
    func respondAndAwaitEvent() async throws {
        let post = Task { try await self.respond(request: "loud") }
        var iterator = events    // the iterator shares its stream's storage: a copy advances it too
        _ = await iterator?.next(isolation: self)
        events = iterator
        guard try await post.value == 201 else { throw BenchError("the response was refused") }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
