import AsyncHTTPClient
import Crypto
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import XpediteNotify
import XpeditePush
import XpeditePushStandIns
import XpediteNotifySQLite

/// `PushFanOut webpush`: Web Push sends per second against plain HTTP POSTs of the same size, in one
/// run, all to the Web Push stand-in (HTTP/2 over TLS on 127.0.0.1, in this process).
///
/// Three measurements alternate in rounds, so load from other processes falls on each alike:
/// - `webpush-fan-out`: `POST /notify/v1/send` to `--users` users, each with one browser
///   subscription, through the outbox and the `WebPushProvider` (aes128gcm, VAPID), until the
///   stand-in has decrypted, verified and accepted the last push;
/// - `webpush-direct`: the same pushes straight from the provider, `--width` at a time, no database;
/// - `plain-post`: the baseline, as many AsyncHTTPClient POSTs of a body of the same size (what the
///   stand-in received in round 0) through the same client to the stand-in's sink, which reads the
///   body and answers 201: no encryption, no VAPID, no outbox.
enum WebPushBench {
    static let apiKey = "bench-api-key"

    static func run(_ options: Options) async throws {
        let dataDirectory = URL(fileURLWithPath: try options.string("data-directory"), isDirectory: true)
        let users = try options.int("users", default: 2_000)
        let rounds = try options.int("rounds", default: 3)
        let width = try options.int("width", default: 200)
        let deadline = try options.int("deadline", default: 600)
        let started = Monotonic.nanoseconds()
        Task.detached {
            try? await Task.sleep(for: .seconds(deadline))
            Output.error("PushFanOut webpush: still running after \(deadline) s; stopping")
            exit(3)
        }

        var logger = Logger(label: "push-fan-out.webpush")
        logger.logLevel = .error
        let standIn = WebPushStandIn()
        try await standIn.start()
        let settings = try PushSettings(environment: [PushSettings.Variable.caFile: StandInTLS.caFile])
        let client = try settings.makeHTTPClient()

        try? FileManager.default.removeItem(at: dataDirectory)   // a fresh store each run; none is fine
        var configuration = NotifyConfiguration(dataDirectory: dataDirectory, apiKeys: [apiKey])
        var webPush = WebPushConfiguration(httpClient: client)
        webPush.allowlist = WebPushAllowlist(commaSeparated: "127.0.0.1")
        webPush.concurrency = width
        configuration.webPush = webPush
        let provider = WebPushProvider(key: VAPIDKey(privateKey: P256.Signing.PrivateKey()), subject: "mailto:bench@example.com",
                                       allowlist: webPush.allowlist, httpClient: client, logger: logger, concurrency: width)
        configuration.pushProviders["web"] = provider
        configuration.logger = logger
        configuration.bcryptCost = 4
        let notifier = try Notifier(configuration: configuration,
                                    store: SQLiteNotifyStore(directory: configuration.dataDirectory))
        let router = Router()
        try notifier.mount(on: router)
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                              services: notifier.services,
                              onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
                              logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let running = Task { try await group.run() }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next(), port != 0 else { throw BenchFailure("the notifier did not start") }

        // Every user with one browser subscription of the stand-in's.
        var pushes: [PushDelivery] = []
        pushes.reserveCapacity(users)
        let expires = Date().addingTimeInterval(86_400)
        for index in 0..<users {
            let username = "browser\(index)"
            _ = try await notifier.store.putUser(username: username, passwordHash: "unused", displayName: nil, groups: nil)
            let device = try await notifier.store.registerDevice(username: username, deviceId: "firefox", deviceName: "Firefox",
                                                                 platform: "web", pushToken: nil, tokenDigest: "digest-\(index)")
            let subscription = standIn.subscribe()
            try await notifier.store.setWebPush(subscription, deviceKey: device.key)
            var subscribed = device
            subscribed.webPush = subscription
            // A hint, as the send's pushes are (the send is not `direct`).
            let push = Push(messageId: UUID().uuidString.lowercased(), title: "Inspection", body: "Unit 7 needs its monthly inspection")
            pushes.append(PushDelivery(deliveryId: UUID().uuidString.lowercased(), push: push, device: subscribed, attempts: 0,
                                       expiresAt: expires))
        }

        let bench = WebPushPhases(api: NotifyAPI(base: "http://127.0.0.1:\(port)/notify/v1", apiKey: apiKey, client: .shared),
                                  standIn: standIn, provider: provider, client: client, pushes: pushes, users: users, width: width)
        // Round 0 warms up (connections, the VAPID token, caches) and gives the size of a push.
        try await bench.fanOut(round: 0)
        guard let size = standIn.accepted.last?.bodySize else { throw BenchFailure("the stand-in accepted no push") }
        try await bench.direct(round: 0)
        try await bench.plain(round: 0, size: size)
        for round in 1...rounds {
            try await bench.fanOut(round: round)
            try await bench.direct(round: round)
            try await bench.plain(round: round, size: size)
        }
        Output.measurement("webpush-stand-in", ["accepted": .int(standIn.accepted.count), "requests": .int(standIn.requestCount),
                                                "refused": .int(standIn.refusals.count), "bodyBytes": .int(size)])
        guard standIn.refusals.isEmpty else { throw BenchFailure("the stand-in refused pushes: \(standIn.refusals.prefix(3))") }
        await group.triggerGracefulShutdown()
        try await running.value
        try await standIn.stop()
        try await client.shutdown()
        Output.measurement("done", ["seconds": .seconds(Monotonic.seconds(from: started, to: Monotonic.nanoseconds()))])
    }
}

/// The three measurements of ``WebPushBench``, each timed on this process's clock.
struct WebPushPhases: Sendable {
    let api: NotifyAPI
    let standIn: WebPushStandIn
    let provider: WebPushProvider
    let client: HTTPClient
    let pushes: [PushDelivery]
    let users: Int
    let width: Int

    /// `POST /send` to every user, until the stand-in accepted the last of its pushes.
    func fanOut(round: Int) async throws {
        let before = standIn.accepted.count
        let start = Monotonic.nanoseconds()
        let sent = try await api.sendToAll()
        guard sent.deliveries == users else { throw BenchFailure("the send made \(sent.deliveries) deliveries, not \(users)") }
        let limit = ContinuousClock.now.advanced(by: .seconds(120))
        while standIn.accepted.count < before + users {
            guard ContinuousClock.now < limit else {
                throw BenchFailure("the stand-in accepted \(standIn.accepted.count - before) of \(users) pushes within 120 s")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        report("webpush-fan-out", round: round, count: users, start: start)
    }

    /// The same pushes straight from the provider, `width` at a time.
    func direct(round: Int) async throws {
        let start = Monotonic.nanoseconds()
        let delivered = await Self.run(pushes.count, width: width) { index in
            await provider.deliver(pushes[index]) == .delivered
        }
        guard delivered == pushes.count else { throw BenchFailure("the provider delivered \(delivered) of \(pushes.count)") }
        report("webpush-direct", round: round, count: pushes.count, start: start)
    }

    /// The baseline: plain POSTs of `size` bytes to the stand-in's sink, `width` at a time.
    func plain(round: Int, size: Int) async throws {
        let url = standIn.baseURL + "/sink"
        let body = ByteBuffer(repeating: 0x2a, count: size)
        let start = Monotonic.nanoseconds()
        let created = await Self.run(pushes.count, width: width) { _ in
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/octet-stream")
            request.body = .bytes(body)
            do {
                let response = try await client.execute(request, timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 1 << 16)
                return response.status == .created
            } catch {
                return false
            }
        }
        guard created == pushes.count else { throw BenchFailure("the sink answered 201 to \(created) of \(pushes.count) POSTs") }
        report("plain-post", round: round, count: pushes.count, start: start, bytes: size)
    }

    private func report(_ name: String, round: Int, count: Int, start: UInt64, bytes: Int? = nil) {
        let seconds = Monotonic.seconds(from: start, to: Monotonic.nanoseconds())
        let fields: KeyValuePairs<String, ReportValue> = ["round": .int(round), "sends": .int(count), "width": .int(width),
                                                           "bodyBytes": .int(bytes ?? 0)]
        Output.measurement(name, fields, ["seconds": .seconds(seconds), "perSecond": .rate(Double(count) / seconds)])
    }

    /// Runs `body` for 0..<count, `width` at a time; returns how many returned true.
    private static func run(_ count: Int, width: Int, _ body: @escaping @Sendable (Int) async -> Bool) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            var next = 0
            var succeeded = 0
            while next < min(width, count) {
                let index = next
                group.addTask { await body(index) }
                next += 1
            }
            while let ok = await group.next() {
                if ok { succeeded += 1 }
                if next < count {
                    let index = next
                    group.addTask { await body(index) }
                    next += 1
                }
            }
            return succeeded
        }
    }
}
