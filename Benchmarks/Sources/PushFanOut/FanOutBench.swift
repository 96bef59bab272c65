import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import XpediteNotify
import XpeditePush
import XpeditePushStandIns
import XpediteNotifySQLite

/// `PushFanOut bench`: the notifier served over HTTP on 127.0.0.1 with an APNs provider pointed at
/// the stand-in process, its users inserted through the store, then the measurements in rounds.
enum FanOutBench {
    static let apiKey = "bench-api-key"

    static func run(_ options: Options) async throws {
        let apnsPort = try options.int("apns-port")
        let controlPort = try options.int("control-port")
        let keyFile = try options.string("key-file")
        let dataDirectory = URL(fileURLWithPath: try options.string("data-directory"), isDirectory: true)
        let users = try options.int("users", default: 10_000)
        let rounds = try options.int("rounds", default: 3)
        let drainSends = try options.int("drain-sends", default: 10)
        let width = try options.int("ceiling-concurrency", default: 500)
        let deadline = try options.int("deadline", default: 600)
        let senderName = try options.string("apns-sender", default: APNsSenderKind.http2.rawValue)
        let started = Monotonic.nanoseconds()
        // Bounded in time whatever happens.
        Task.detached {
            try? await Task.sleep(for: .seconds(deadline))
            Output.error("PushFanOut: still running after \(deadline) s; stopping")
            exit(3)
        }

        var logger = Logger(label: "push-fan-out")
        logger.logLevel = .error
        // What a deployment sets, with the stand-in's address, key and test CA.
        let settings = try PushSettings(environment: [
            PushSettings.Variable.apnsKeyFile: keyFile, PushSettings.Variable.apnsKeyId: BenchAPNs.keyId,
            PushSettings.Variable.apnsTeamId: BenchAPNs.teamId, PushSettings.Variable.apnsTopic: BenchAPNs.topic,
            PushSettings.Variable.apnsURL: "https://127.0.0.1:\(apnsPort)", PushSettings.Variable.caFile: StandInTLS.caFile,
            PushSettings.Variable.apnsSender: senderName,
        ])
        let pushClient = try settings.makeHTTPClient()
        let providers = try settings.makeProviders(httpClient: pushClient, logger: logger)
        guard let apns = providers["ios"] as? APNsProvider else { throw BenchFailure("no APNs provider was made") }
        Output.measurement("sender", ["apnsSender": .string(apns.senderKind.rawValue)])

        try? FileManager.default.removeItem(at: dataDirectory)   // a fresh store each run; none is fine
        var configuration = NotifyConfiguration(dataDirectory: dataDirectory, apiKeys: [apiKey])
        configuration.pushProviders = providers
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

        let setupStart = Monotonic.nanoseconds()
        var pushes: [PushDelivery] = []
        pushes.reserveCapacity(users)
        let expires = Date().addingTimeInterval(86_400)
        for index in 0..<users {
            let username = "worker\(index)"
            _ = try await notifier.store.putUser(username: username, passwordHash: "unused", displayName: nil, groups: nil)
            let device = try await notifier.store.registerDevice(username: username, deviceId: "iphone", deviceName: "iPhone",
                                                                 platform: "ios", pushToken: deviceToken(index),
                                                                 tokenDigest: "digest-\(index)")
            let push = Push(messageId: UUID().uuidString.lowercased(), title: "Inspection", body: "Unit 7 needs its monthly inspection")
            pushes.append(PushDelivery(deliveryId: UUID().uuidString.lowercased(), push: push, device: device, attempts: 0,
                                       expiresAt: expires))
        }
        Output.measurement("setup", ["users": .int(users), "seconds": .seconds(Monotonic.seconds(from: setupStart, to: Monotonic.nanoseconds())),
                                     "rssKiB": .int(ProcessMemory.residentKiB())])

        let control = StandInControl(base: "http://127.0.0.1:\(controlPort)", client: .shared)
        let phases = Phases(api: NotifyAPI(base: "http://127.0.0.1:\(port)/notify/v1", apiKey: apiKey, client: .shared),
                            control: control, store: notifier.store, provider: apns, pushes: pushes, users: users)
        // Round 0 warms up (connections, caches); the anchor's is short.
        try await phases.ceiling(round: 0, count: users, width: width)
        try await phases.fanOut(round: 0)
        try await phases.anchor(round: 0, count: min(users, 1_000))
        // The three alternate, so load from other processes falls on each alike.
        for round in 1...rounds {
            try await phases.ceiling(round: round, count: users, width: width)
            try await phases.fanOut(round: round)
            try await phases.anchor(round: round, count: users)
        }
        if drainSends > 0 { try await phases.drain(sends: drainSends) }

        let status = try await control.status()
        Output.measurement("stand-in", ["accepted": .int(status.accepted), "requests": .int(status.requests)])
        try await control.stop()
        await group.triggerGracefulShutdown()
        try await running.value
        try await pushClient.shutdown()
        Output.measurement("done", ["seconds": .seconds(Monotonic.seconds(from: started, to: Monotonic.nanoseconds()))])
    }

    /// A hex device token like Apple's (64 hex digits), different for each `index`.
    static func deviceToken(_ index: Int) -> String {
        String(format: "%08x", index) + String(repeating: "ab", count: 28)
    }
}
